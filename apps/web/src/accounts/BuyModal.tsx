import { Alert, Loader, Modal, Stack, Text } from '@mantine/core';
import { supportsBuy } from '@secux-companion/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { verifyAddressOnDevice } from '../device/actions';
import type { BitcoinChain } from '../chains/bitcoin';
import { selectedCurrency } from './api';
import { createWidgetMessageHandler, WIDGET_SANDBOX, widgetOrigin, type ConfirmOutcome } from './buyWidget';
import { errorText } from './format';
import { nextReceiveAddress } from './receive/ReceiveModal';
import type { AppAccount } from './types';

type Widget = { url: string; origin: string; address: string; path: string };

/**
 * Buy (coins the first provider supports, spec 01 §4 "Buy widgets", §7): the first provider's widget
 * (URL signed by our server) is embedded; when it reports a receive-address change, the address is
 * shown on the device and the outcome is posted back to the widget's origin only.
 */
export function BuyModal({ account, chain, onClose }: { account: AppAccount; chain: BitcoinChain; onClose: () => void }) {
  const { t } = useTranslation();
  const size = useModalSize();
  const supported = supportsBuy(account.chain, 'primary');
  const [widget, setWidget] = useState<Widget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    void (async () => {
      try {
        const target = await nextReceiveAddress(chain, account);
        const q = new URLSearchParams({ address: target.address, coin: account.chain, currency: selectedCurrency().code });
        const res = await fetch(`/api/buy/widget-url?${q.toString()}`);
        const body = (await res.json().catch(() => ({}))) as { url?: unknown; error?: unknown };
        const url = typeof body.url === 'string' ? body.url : '';
        const origin = widgetOrigin(url);
        if (!res.ok || !origin) throw new Error(typeof body.error === 'string' ? body.error : `HTTP ${res.status}`);
        if (!cancelled) setWidget({ url, origin, address: target.address, path: target.path });
      } catch (e) {
        if (!cancelled) setError(errorText(t, e));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [supported, chain, account, t]);

  useEffect(() => {
    if (!widget) return;
    const confirm = async (): Promise<ConfirmOutcome> => {
      setConfirming(true);
      setError(null);
      try {
        const result = await verifyAddressOnDevice(widget.path);
        if (result.kind === 'verified') {
          const matches = result.address === widget.address;
          if (!matches) setError(t('accounts.buyAddressMismatch'));
          return { address: widget.address, accepted: matches };
        }
        if (result.kind === 'failed') setError(errorText(t, result.error));
        return { address: widget.address, accepted: false };
      } finally {
        setConfirming(false);
      }
    };
    const handle = createWidgetMessageHandler({
      origin: widget.origin,
      target: () => frameRef.current?.contentWindow,
      confirm,
    });
    const listener = (ev: MessageEvent) => {
      handle(ev).catch((e: unknown) => setError(errorText(t, e)));
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [widget, t]);

  return (
    <Modal opened onClose={onClose} size={size} title={t('accounts.buyTitle')}>
      <Stack>
        {!supported && <Text data-testid="buy-unsupported">{t('accounts.buyUnsupported', { coin: account.chain })}</Text>}
        {supported && !widget && !error && <Loader aria-label={t('accounts.loading')} />}
        {confirming && (
          <Alert color="blue" role="status" data-testid="buy-confirming">
            {t('accounts.buyConfirmOnDevice')}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {widget && (
          <iframe
            ref={frameRef}
            src={widget.url}
            title={t('accounts.buyWidgetTitle')}
            sandbox={WIDGET_SANDBOX}
            referrerPolicy="no-referrer"
            style={{ width: '100%', height: 620, border: 0 }}
            data-testid="buy-widget"
          />
        )}
      </Stack>
    </Modal>
  );
}
