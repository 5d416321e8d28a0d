import { Alert, Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { mapSigningError } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { currentDevice } from '../device/runtime';
import { EXTERNAL_LINK_PROPS } from '../lib/links';
import type { BitcoinChain } from '../chains/bitcoin';
import { selectedCurrency } from './api';
import { nextReceiveAddress } from './receive/ReceiveModal';
import type { AppAccount } from './types';

/**
 * Buy (coins the first provider supports): the receive address is confirmed on the device, then the
 * provider's page (signed by our server) opens in a new window.
 */
export function BuyModal({ account, chain, onClose }: { account: AppAccount; chain: BitcoinChain; onClose: () => void }) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const target = await nextReceiveAddress(chain, account);
      await currentDevice().showAddress(target.path);
      const q = new URLSearchParams({ address: target.address, coin: account.chain, currency: selectedCurrency().code });
      const res = await fetch(`/api/buy/widget-url?${q.toString()}`);
      const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!res.ok || typeof body.url !== 'string' || !/^https:\/\//.test(body.url)) throw new Error(body.error ?? `HTTP ${res.status}`);
      setUrl(body.url);
    } catch (e) {
      if (mapSigningError(e).kind !== 'cancelled') setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size={size} title={t('accounts.buyTitle')}>
      <Stack>
        <Text>{t('accounts.buyExplain')}</Text>
        {!url && (
          <Button onClick={() => void start()} loading={busy}>
            {t('receive.verifyOnDevice')}
          </Button>
        )}
        {url && (
          <Anchor href={url} {...EXTERNAL_LINK_PROPS}>
            {t('accounts.buyOpen')}
          </Anchor>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Modal>
  );
}
