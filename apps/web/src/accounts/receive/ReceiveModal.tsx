import { ActionIcon, Alert, Button, CopyButton, Group, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { mapSigningError } from '@secux-companion/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../../components/useModalSize';
import { currentDevice } from '../../device/runtime';
import type { BitcoinChain } from '../../chains/bitcoin';
import type { AppAccount } from '../types';
import { descriptorOf } from '../useChain';
import { receiveIndex } from '../rules';

type Status = 'idle' | 'waiting' | 'verified' | 'error';

/** The next receive address of the account (after the last used one; Taproot within its 5). */
export async function nextReceiveAddress(chain: BitcoinChain, account: AppAccount) {
  let used: { change: 0 | 1; index: number; transfers: number }[] = [];
  try {
    used = await chain.backend.getAccountAddresses(account.extendPubKey, account.bip);
  } catch (e) {
    console.warn('used addresses unavailable; offering the first receive address', e);
  }
  const d = chain.adapter.keysOf(descriptorOf(account)).receive(receiveIndex(account.bip, used));
  return { address: d.address, path: d.path };
}

/**
 * Receive modal: the address must be confirmed on the device first; then Copy and the QR code show and
 * the warning hides. A user cancel is silent; other failures show err-10.
 */
export function ReceiveModal({ account, chain, onClose }: { account: AppAccount; chain: BitcoinChain; onClose: () => void }) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [status, setStatus] = useState<Status>('idle');
  const target = useQuery({
    queryKey: ['receive-address', account.id],
    queryFn: () => nextReceiveAddress(chain, account),
    staleTime: 0,
    gcTime: 0,
  });
  const btc = account.chain === 'BTC' || account.chain === 'TBTC';

  const verify = async () => {
    if (!target.data) return;
    setStatus('waiting');
    try {
      await currentDevice().showAddress(target.data.path);
      setStatus('verified');
    } catch (e) {
      if (mapSigningError(e).kind === 'cancelled') setStatus('idle');
      else {
        console.warn('address confirmation failed', e);
        setStatus('error');
      }
    }
  };

  return (
    <Modal opened onClose={onClose} size={size} title={t('receive.title')}>
      <Stack>
        {target.isPending && <Loader size="sm" aria-label={t('accounts.loading')} />}
        {target.data && (
          <>
            <Text size="sm" c="dimmed">
              {t('receive.path', { path: target.data.path })}
            </Text>
            <Text ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="receive-address">
              {target.data.address}
            </Text>
          </>
        )}
        {status !== 'verified' && (
          <>
            <Alert color="yellow" data-testid="receive-warning">
              {btc ? t('receive.brc20Warning') : t('errors.state-004', { coin: account.chain })}
            </Alert>
            <Button onClick={() => void verify()} loading={status === 'waiting'} disabled={!target.data} data-testid="receive-verify">
              {t('receive.verifyOnDevice')}
            </Button>
            <Text role="status" aria-live="polite">
              {status === 'waiting' ? t('receive.checkDevice') : ''}
            </Text>
            {status === 'error' && (
              <Alert color="red" role="alert" data-testid="receive-error">
                {t('errors.err-10')}
              </Alert>
            )}
          </>
        )}
        {status === 'verified' && target.data && (
          <Stack align="center" data-testid="receive-verified">
            <QRCodeSVG value={target.data.address} size={180} title={t('receive.qrTitle')} />
            <Group gap="xs" wrap="nowrap">
              <CopyButton value={target.data.address}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? t('common.copied') : t('common.copy')}>
                    <ActionIcon
                      variant="light"
                      aria-label={t('common.copy')}
                      data-testid="receive-copy"
                      onClick={() => {
                        try {
                          copy();
                          notifications.show({ message: t('common.copied'), autoClose: 1000 });
                        } catch {
                          notifications.show({ message: t('common.copyFailed'), autoClose: 1000, color: 'red' });
                        }
                      }}
                    >
                      <span aria-hidden="true">⧉</span>
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
              <Button variant="default" onClick={onClose}>
                {t('common.ok')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
