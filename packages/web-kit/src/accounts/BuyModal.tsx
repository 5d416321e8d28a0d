import { Alert, Loader, Modal, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { buyAssets, supportsBuy, type BuyProvider, type ChainSymbol } from '@secux-companion/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { verifyAddressOnDevice, type VerifyResult } from '../device/actions';
import { selectedCurrency } from '../lib/currency';
import {
  createWidget2MessageHandler,
  createWidgetMessageHandler,
  WIDGET_SANDBOX,
  widgetOrigin,
  type ConfirmOutcome,
} from './buyWidget';
import { errorText } from '../lib/format';

/** The address the bought coins go to, and its derivation path (shown on the device). */
export interface BuyTarget {
  address: string;
  path: string;
}

const PROVIDERS: readonly BuyProvider[] = ['primary', 'secondary'];

/**
 * EVM addresses are hex, so any letter case is the same address (the device may checksum it);
 * every other address is compared exactly.
 */
const sameAddress = (a: string, b: string) =>
  a === b || (/^0x[0-9a-f]{40}$/i.test(a) && a.toLowerCase() === b.toLowerCase());

/**
 * Buy-crypto chooser (spec 01 §4 "Buy widgets", §7): the providers that support the coin, each embedding
 * its widget in a sandboxed iframe. When a widget asks, the receive address is shown on the device and
 * the outcome is posted back to that widget's origin only. Works for every family: the caller gives the
 * receive address (bitcoin family: the next receive address; EVM: the account's address) and, when the
 * device must show more than the path (the EVM chain id), how to verify it.
 */
export function BuyModal({
  coin,
  loadTarget,
  verify = verifyAddressOnDevice,
  deviceForm = (address) => address,
  onClose,
}: {
  coin: ChainSymbol;
  /** Resolves the receive address. (Method syntax: an arrow type returning a generic reads as JSX text to i18n.test.ts.) */
  loadTarget(): Promise<BuyTarget>;
  /** Reads the address of the path from the device and has the user confirm it there. */
  verify?(path: string): Promise<VerifyResult>;
  /**
   * The receive address as the device encodes it, to compare with what the device read (the local
   * Litecoin regtest's addresses come back from the device in mainnet form). Default: unchanged.
   */
  deviceForm?(address: string): string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const providers = PROVIDERS.filter((p) => supportsBuy(coin, p));
  const [provider, setProvider] = useState<string | null>(providers[0] ?? null);
  const [target, setTarget] = useState<BuyTarget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const supported = providers.length > 0;

  useEffect(() => {
    if (!supported) return;
    let cancelled = false;
    loadTarget().then(
      (found) => !cancelled && setTarget(found),
      (e: unknown) => !cancelled && setError(errorText(t, e)),
    );
    return () => {
      cancelled = true;
    };
    // The receive address is looked up once per opening of the modal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supported]);

  return (
    <Modal opened onClose={onClose} size={size} title={t('accounts.buyTitle')}>
      <Stack>
        {!supported && <Text data-testid="buy-unsupported">{t('accounts.buyUnsupported', { coin })}</Text>}
        {supported && !target && !error && <Loader aria-label={t('accounts.loading')} />}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {target && (
          <Tabs value={provider} onChange={setProvider} keepMounted={false}>
            <Tabs.List>
              {providers.map((p) => (
                <Tabs.Tab key={p} value={p} data-testid={`buy-provider-${p}`}>
                  {p === 'primary' ? t('accounts.buyProviderPrimary') : t('accounts.buyProviderSecondary')}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {providers.map((p) => (
              <Tabs.Panel key={p} value={p} pt="md">
                <ProviderWidget
                  provider={p}
                  coin={coin}
                  target={target}
                  verify={verify}
                  deviceForm={deviceForm}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Modal>
  );
}

type Widget = { url: string; origin: string };

/** One provider's widget: its URL from our server, the iframe, and its message protocol. */
function ProviderWidget({
  provider,
  coin,
  target,
  verify,
  deviceForm,
}: {
  provider: BuyProvider;
  coin: ChainSymbol;
  target: BuyTarget;
  verify(path: string): Promise<VerifyResult>;
  deviceForm(address: string): string;
}) {
  const { t, i18n } = useTranslation();
  const [widget, setWidget] = useState<Widget | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // What this widget buys for the account (the second provider offers ETH's tokens too — core's buyAssets).
  const assets = buyAssets(coin, provider);
  const [asset, setAsset] = useState<string>(assets[0] ?? coin);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const initRef = useRef<(() => void) | null>(null);
  // The latest verify without re-creating the handlers (which would drop the one-at-a-time guard).
  const verifyRef = useRef({ verify, deviceForm });
  verifyRef.current = { verify, deviceForm };

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const q = new URLSearchParams({ provider, coin, currency: selectedCurrency().code });
        // Only the first provider's URL carries (signed) the address; the second gets it by message.
        if (provider === 'primary') q.set('address', target.address);
        const res = await fetch(`/api/buy/widget-url?${q.toString()}`);
        const body = (await res.json().catch(() => ({}))) as { url?: unknown; code?: unknown };
        const url = typeof body.url === 'string' ? body.url : '';
        const origin = widgetOrigin(url);
        // The server's status and code name the (translated) message: its English text is not shown.
        if (!res.ok || !origin)
          throw Object.assign(new Error(`HTTP ${res.status}`), {
            status: res.ok ? 200 : res.status,
            ...(typeof body.code === 'string' ? { code: body.code } : {}),
          });
        if (!cancelled) setWidget({ url, origin });
      } catch (e) {
        if (!cancelled) setError(errorText(t, e));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [provider, coin, target, t]);

  useEffect(() => {
    if (!widget) return;
    const confirm = async (): Promise<ConfirmOutcome> => {
      setConfirming(true);
      setError(null);
      try {
        const { verify: verifyOnDevice, deviceForm: asOnDevice } = verifyRef.current;
        const result = await verifyOnDevice(target.path);
        if (result.kind === 'verified') {
          const matches = sameAddress(result.address, asOnDevice(target.address));
          if (!matches) setError(t('accounts.buyAddressMismatch'));
          return { address: target.address, accepted: matches };
        }
        if (result.kind === 'failed') setError(errorText(t, result.error));
        return { address: target.address, accepted: false };
      } finally {
        setConfirming(false);
      }
    };
    const frame = () => frameRef.current?.contentWindow;
    let handle: ReturnType<typeof createWidgetMessageHandler>;
    if (provider === 'primary') {
      handle = createWidgetMessageHandler({ origin: widget.origin, target: frame, confirm });
      initRef.current = null;
    } else {
      const w2 = createWidget2MessageHandler({
        origin: widget.origin,
        target: frame,
        init: { currency: asset, address: target.address, locale: i18n.language },
        confirm,
      });
      handle = (ev) => w2.handle(ev);
      initRef.current = () => w2.init();
    }
    const listener = (ev: MessageEvent) => {
      handle(ev).catch((e: unknown) => setError(errorText(t, e)));
    };
    window.addEventListener('message', listener);
    return () => {
      window.removeEventListener('message', listener);
      initRef.current = null;
    };
  }, [widget, provider, coin, asset, target, t, i18n.language]);

  return (
    <Stack>
      {!widget && !error && <Loader aria-label={t('accounts.loading')} />}
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
      {assets.length > 1 && (
        <NativeSelect
          label={t('accounts.buyAsset')}
          data={[...assets]}
          value={asset}
          onChange={(e) => setAsset(e.currentTarget.value)}
          data-testid={`buy-asset-${provider}`}
        />
      )}
      {widget && (
        <iframe
          // A new asset reloads the widget, whose load sends the init message with it.
          key={asset}
          ref={frameRef}
          src={widget.url}
          title={t('accounts.buyWidgetTitle')}
          sandbox={WIDGET_SANDBOX}
          referrerPolicy="no-referrer"
          // The second provider's widget is initialised by message once it has loaded (a reload re-inits).
          onLoad={() => initRef.current?.()}
          style={{ width: '100%', height: 620, border: 0 }}
          data-testid={`buy-widget-${provider}`}
        />
      )}
    </Stack>
  );
}
