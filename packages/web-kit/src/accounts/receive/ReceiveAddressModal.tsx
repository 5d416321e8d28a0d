import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { mapSigningError } from '@secux-companion/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../../components/useModalSize';
import { CopyText } from '../../components/CopyText';

type Status = 'idle' | 'waiting' | 'verified' | 'error';

interface ReceiveAddressProps {
  /** The address to receive on and its derivation path; undefined while it is looked up. */
  target: { address: string; path: string } | undefined;
  /** The address is being looked up (a loader shows). */
  pending?: boolean;
  /** Shown until the address is confirmed on the device. */
  warning: string;
  /**
   * Shows the address of this path on the device; resolves once the user confirms it. (Method syntax:
   * an arrow type returning a generic reads as JSX text to i18n.test.ts.)
   */
  showOnDevice(path: string): Promise<unknown>;
  /** Closes the modal (the OK button after confirmation); a page has none. */
  onClose?: () => void;
}

/**
 * Receive modal of every family: the address must be confirmed on the device first; then the copy control
 * and the QR code show and the warning hides. A user cancel is silent; other failures show err-10.
 */
export function ReceiveAddressModal(props: ReceiveAddressProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const size = useModalSize();
  return (
    <Modal opened onClose={props.onClose} size={size} title={t('receive.title')}>
      <ReceiveAddressPanel {...props} />
    </Modal>
  );
}

/** The receive modal's content, also shown on the Receive page. */
export function ReceiveAddressPanel({
  target,
  pending,
  warning,
  showOnDevice,
  onClose,
}: ReceiveAddressProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status>('idle');

  const verify = async () => {
    if (!target) return;
    setStatus('waiting');
    try {
      await showOnDevice(target.path);
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
    <Stack>
      {pending && <Loader size="sm" aria-label={t('accounts.loading')} />}
      {target && (
        <>
          <Text size="sm" c="dimmed">
            {t('receive.path', { path: target.path })}
          </Text>
          <Text ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="receive-address">
            {target.address}
          </Text>
        </>
      )}
      {status !== 'verified' && (
        <>
          <Alert color="yellow" data-testid="receive-warning">
            {warning}
          </Alert>
          <Button
            onClick={() => void verify()}
            loading={status === 'waiting'}
            disabled={!target}
            data-testid="receive-verify"
          >
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
      {status === 'verified' && target && (
        <Stack align="center" data-testid="receive-verified">
          <QRCodeSVG value={target.address} size={180} title={t('receive.qrTitle')} />
          <Group gap="xs" wrap="nowrap">
            <CopyText value={target.address} testId="receive-copy" />
            {onClose && (
              <Button variant="default" onClick={onClose}>
                {t('common.ok')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
