import { Alert, Button, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { mapSigningError } from '@secux-companion/core';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { currentDevice } from '../device/runtime';
import type { EvmChain } from '../chains/evm';
import type { EvmAccount } from './store';

/** Receive: the account's address (xdc form on XDC) confirmed on the device before Copy and the QR code. */
export function EvmReceiveModal({ chain, account, onClose }: { chain: EvmChain; account: EvmAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [status, setStatus] = useState<'idle' | 'waiting' | 'verified' | 'error'>('idle');
  const target = useMemo(
    () => chain.adapter.receiveAddress({ chain: chain.spec.symbol, index: account.index, bip: 44, path: account.path, address: account.address }),
    [chain, account],
  );
  const verify = async () => {
    setStatus('waiting');
    try {
      await currentDevice().showAddress(target.path, { chainId: chain.spec.chainId });
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
        <Text size="sm" c="dimmed">
          {t('receive.path', { path: target.path })}
        </Text>
        <Text ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="receive-address">
          {target.address}
        </Text>
        {status !== 'verified' && (
          <>
            <Alert color="yellow" data-testid="receive-warning">
              {t(target.instructionKey, { coin: chain.spec.coin, chain: chain.spec.name })}
            </Alert>
            <Button onClick={() => void verify()} loading={status === 'waiting'} data-testid="receive-verify">
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
        {status === 'verified' && (
          <Stack align="center" data-testid="receive-verified">
            <QRCodeSVG value={target.address} size={180} title={t('receive.qrTitle')} />
            <Group gap="xs" wrap="nowrap">
              <CopyButton value={target.address}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} data-testid="receive-copy">
                    {copied ? t('common.copied') : t('common.copy')}
                  </Button>
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
