import { Anchor, Button, Group, List, Loader, Modal, Overlay, Progress, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { percentText } from '@secux-companion/web-kit/lib/format';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';

interface Closable {
  opened: boolean;
  onClose: () => void;
}

/**
 * What makes a modal closable or not: a modal that may not be closed has no close button and ignores
 * Escape and clicks outside it.
 */
export function closableModalProps(closable: boolean, onClose: () => void) {
  return {
    onClose: closable ? onClose : () => undefined,
    withCloseButton: closable,
    closeOnClickOutside: closable,
    closeOnEscape: closable,
  };
}

/** A dialog with a title, a text and a row of buttons (every notice of this area has that shape). */
function Notice({
  opened,
  onClose,
  title,
  text,
  children,
  actions,
  testId,
  closable = true,
}: Closable & {
  title: string;
  /** The notice's text, as one paragraph; `children` follow it. */
  text?: string;
  children?: ReactNode;
  actions: ReactNode;
  testId: string;
  closable?: boolean;
}) {
  const size = useModalSize();
  return (
    <Modal
      opened={opened}
      {...closableModalProps(closable, onClose)}
      title={title}
      size={size}
      centered
      data-testid={testId}
    >
      <Stack>
        {text !== undefined && <Text>{text}</Text>}
        {children}
        <Group justify="flex-end">{actions}</Group>
      </Stack>
    </Modal>
  );
}

/** Force-update modal (forced), or the non-force update notice over Bluetooth (spec 01 §4). */
export function ForceUpdateModal({
  opened,
  onClose,
  forced,
  onUpdate,
}: Closable & { forced: boolean; onUpdate: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      opened={opened}
      onClose={onClose}
      closable={!forced}
      title={forced ? t('firmware.forceTitle') : t('firmware.optionalTitle')}
      text={forced ? t('firmware.forceText') : t('firmware.optionalText')}
      testId={forced ? 'force-update-modal' : 'optional-update-modal'}
      actions={
        <>
          {!forced && (
            <Button variant="default" onClick={onClose}>
              {t('firmware.later')}
            </Button>
          )}
          <Button onClick={onUpdate} data-testid="force-update-now">
            {t('firmware.updateNow')}
          </Button>
        </>
      }
    />
  );
}

export type UnsupportedCoinAction = 'mcu' | 'se' | 'cancel';

/** A coin whose MCU/SE minimum is not met (spec 01 §4 "Selecting a coin", §5). */
export function UnsupportedCoinModal({
  opened,
  onClose,
  message,
  action,
  onAction,
}: Closable & {
  message: string;
  action: UnsupportedCoinAction;
  onAction: (a: UnsupportedCoinAction) => void;
}) {
  const { t } = useTranslation();
  const label =
    action === 'mcu'
      ? t('firmware.updateMcuButton')
      : action === 'se'
        ? t('firmware.updateSeButton')
        : t('common.cancel');
  return (
    <Notice
      opened={opened}
      onClose={onClose}
      title={t('firmware.unsupportedCoinTitle')}
      testId="unsupported-coin-modal"
      actions={
        <Button onClick={() => onAction(action)} data-testid="unsupported-coin-action">
          {label}
        </Button>
      }
    >
      <Text data-testid="unsupported-coin-message">{message}</Text>
    </Notice>
  );
}

/** XLM/TRX on a device that cannot run them: the catalogue's contact-support message (spec 01 §2, §8). */
export function UnsupportedDeviceModal({
  opened,
  onClose,
  coin,
  model,
  seVersion,
}: Closable & { coin: string; model: string; seVersion: string }) {
  const { t } = useTranslation();
  const links = useLinks();
  return (
    <Notice
      opened={opened}
      onClose={onClose}
      title={t('firmware.unsupportedDeviceTitle')}
      text={t('errors.unsupportedDeviceContactSupport', { coin })}
      testId="unsupported-device-modal"
      actions={<Button onClick={onClose}>{t('common.ok')}</Button>}
    >
      {links.supportEmail ? (
        <Anchor href={`mailto:${links.supportEmail}`}>{links.supportEmail}</Anchor>
      ) : (
        links.help && (
          <Anchor href={links.help} {...EXTERNAL_LINK_PROPS}>
            {t('topbar.help')}
          </Anchor>
        )
      )}
      <List>
        <List.Item>{t('firmware.unsupportedDeviceContact')}</List.Item>
        <List.Item>{t('firmware.unsupportedDeviceProof')}</List.Item>
        <List.Item>{t('firmware.unsupportedDeviceModel', { model })}</List.Item>
        <List.Item>{t('firmware.unsupportedDeviceSe', { version: seVersion })}</List.Item>
      </List>
    </Notice>
  );
}

/** SE firmware below 1.83 (spec 01 §5). */
export function SeNotSupportedModal({ opened, onClose, onUpdate }: Closable & { onUpdate?: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      opened={opened}
      onClose={onClose}
      title={t('firmware.seNotSupportedTitle')}
      text={t('errors.seNotSupported')}
      testId="se-not-supported-modal"
      actions={
        <>
          <Button variant="default" onClick={onClose}>
            {t('common.ok')}
          </Button>
          {onUpdate && <Button onClick={onUpdate}>{t('firmware.updateSeButton')}</Button>}
        </>
      }
    />
  );
}

/** An action only possible over USB, attempted over Bluetooth. */
export function UsbOnlyModal({ opened, onClose }: Closable) {
  const { t } = useTranslation();
  return (
    <Notice
      opened={opened}
      onClose={onClose}
      title={t('firmware.usbOnlyTitle')}
      text={t('firmware.usbOnlyText')}
      testId="usb-only-modal"
      actions={<Button onClick={onClose}>{t('common.ok')}</Button>}
    />
  );
}

/** Jump to the Cardano portal (ADA is only reached there). */
export function CardanoModal({ opened, onClose }: Closable) {
  const { t } = useTranslation();
  const links = useLinks();
  return (
    <Notice
      opened={opened}
      onClose={onClose}
      title={t('firmware.cardanoTitle')}
      text={t('firmware.cardanoText')}
      testId="cardano-modal"
      actions={
        <>
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            component="a"
            href={links.cardanoPortal}
            {...EXTERNAL_LINK_PROPS}
            onClick={onClose}
            disabled={!links.cardanoPortal}
            // a link has no disabled state of its own: without the portal's address it is marked inactive for
            // assistive technology too (Mantine only greys it)
            aria-disabled={!links.cardanoPortal || undefined}
          >
            {t('firmware.cardanoGo')}
          </Button>
        </>
      }
    />
  );
}

/** All accounts on the device are factory test accounts: prepare the device for the update. */
export function TestAccountsModal({ opened, onClose, onPrepare }: Closable & { onPrepare: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      opened={opened}
      onClose={onClose}
      title={t('firmware.testAccountsTitle')}
      text={t('firmware.testAccountsText')}
      testId="test-accounts-modal"
      actions={
        <Button onClick={onPrepare} data-testid="test-accounts-prepare">
          {t('firmware.testAccountsPrepare')}
        </Button>
      }
    />
  );
}

/** The biometric wallet model is not supported: the only way on is logging out. */
export function UnsupportedModelModal({ opened, onLogout }: { opened: boolean; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      opened={opened}
      onClose={onLogout}
      closable={false}
      title={t('firmware.biometricTitle')}
      text={t('firmware.biometricText')}
      testId="unsupported-model-modal"
      actions={<Button onClick={onLogout}>{t('firmware.logOut')}</Button>}
    />
  );
}

/**
 * The device holds no wallet yet (walletStatus NO_SEED): it is set up, or restored from its recovery words, on the
 * device itself; the app offers no account action, only logging out (and connecting again afterwards).
 */
export function UninitializedWalletModal({ opened, onLogout }: { opened: boolean; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      opened={opened}
      onClose={onLogout}
      closable={false}
      title={t('firmware.uninitializedTitle')}
      text={t('errors.walletNotInitialized')}
      testId="uninitialized-wallet-modal"
      actions={<Button onClick={onLogout}>{t('firmware.logOut')}</Button>}
    >
      <Text>{t('errors.restoreWithRecoveryWords')}</Text>
      <Text>{t('firmware.uninitializedReconnect')}</Text>
    </Notice>
  );
}

/** Spinner overlay with a message, covering the page while the device works. */
export function SpinnerOverlay({ visible, message }: { visible: boolean; message: string }) {
  if (!visible) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.6} center>
      <Stack align="center" role="status" aria-live="polite" data-testid="spinner-overlay">
        <Loader color="white" />
        <Text c="white">{message}</Text>
      </Stack>
    </Overlay>
  );
}

/** While the SE is written: stay on this page, with the progress bar (spec 01 §2). */
export function SeUpdatingOverlay({ visible, progress }: { visible: boolean; progress: number }) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.7} center>
      <Stack
        align="stretch"
        w={360}
        maw="90vw"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="se-updating-title"
        data-testid="se-updating-overlay"
      >
        <Text c="white" fw={700} id="se-updating-title">
          {t('firmware.seUpdatingTitle')}
        </Text>
        <Text c="white">{t('firmware.seUpdatingText')}</Text>
        <ProgressBar value={progress} label={t('firmware.seProgressLabel')} testId="se-progress" />
      </Stack>
    </Overlay>
  );
}

/** A progress bar with its value for assistive technology (aria-valuenow). */
export function ProgressBar({ value, label, testId }: { value: number; label: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Progress value={value} size="lg" aria-label={label} data-testid={testId} animated={value < 100} />
      <Text size="sm" ta="right" aria-hidden="true" c="dimmed">
        {percentText(value)}
      </Text>
    </Stack>
  );
}
