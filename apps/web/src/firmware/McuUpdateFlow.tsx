import { Alert, Button, Group, List, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { session } from '../state/session';
import { ProgressBar, SpinnerOverlay, closableModalProps } from './Modals';
import { enterMcuBootloader, finishUpdate, updateFailureText, updateMcu } from './updates';

/** Step index of the last step (the update itself). */
export const MCU_LAST_STEP = 2;

/** The close button is hidden at the last step or when the update is forced (spec 01 §4). */
export function mcuFlowClosable(step: number, forced: boolean): boolean {
  return step < MCU_LAST_STEP && !forced;
}

/**
 * MCU update flow: 1 recovery-words notice, 2 USB connection (Continue enters the bootloader and
 * the device disconnects), 3 the update with a progress bar. A device already in bootloader opens at 3.
 */
export function McuUpdateFlow({
  opened,
  onClose,
  forced,
  inBootloader,
}: {
  opened: boolean;
  onClose: () => void;
  forced: boolean;
  inBootloader: boolean;
}) {
  const { t } = useTranslation();
  const size = useModalSize();
  const [step, setStep] = useState(inBootloader ? MCU_LAST_STEP : 0);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setStep(inBootloader ? MCU_LAST_STEP : 0);
      setProgress(null);
      setError(null);
    }
  }, [opened, inBootloader]);

  const closable = mcuFlowClosable(step, forced) && !busy;

  const toBootloader = async () => {
    setBusy(true);
    setError(null);
    try {
      await enterMcuBootloader();
      session.set({ bootloader: true, updatePending: true });
      setStep(MCU_LAST_STEP);
    } catch (e) {
      console.warn('entering the MCU bootloader failed', e);
      setError(t('errors.bootloaderError'));
    } finally {
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    session.set({ updatePending: true });
    try {
      await updateMcu(setProgress);
      // Let the 100 % bar paint before the alert blocks the page.
      await new Promise((r) => setTimeout(r, 50));
      finishUpdate();
    } catch (e) {
      console.warn('MCU update failed', e);
      const text = updateFailureText(e);
      setError(text);
      setProgress(null);
      window.alert(text);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      {...closableModalProps(closable, onClose)}
      title={t('firmware.mcuFlowTitle')}
      size={size}
      centered
      data-testid="mcu-flow"
    >
      <Stepper active={step} size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label={t('firmware.mcuStepRecovery')}>
          <Stack data-testid="mcu-step-recovery">
            <Text>{t('firmware.mcuRecoveryText')}</Text>
            <Group justify="flex-end">
              <Button onClick={() => setStep(1)} data-testid="mcu-flow-next">
                {t('firmware.next')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('firmware.mcuStepUsb')}>
          <Stack data-testid="mcu-step-usb">
            <List type="ordered">
              <List.Item>{t('firmware.mcuUsbStep1')}</List.Item>
              <List.Item>{t('firmware.mcuUsbStep2')}</List.Item>
            </List>
            <Group justify="flex-end">
              <Button onClick={() => void toBootloader()} loading={busy} data-testid="mcu-flow-continue">
                {t('firmware.continue')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('firmware.mcuStepUpdate')}>
          <Stack data-testid="mcu-step-update">
            <Text>{t('firmware.mcuUpdateText')}</Text>
            {progress !== null && (
              <ProgressBar value={progress} label={t('firmware.mcuProgressLabel')} testId="mcu-progress" />
            )}
            <Group justify="flex-end">
              <Button
                onClick={() => void start()}
                loading={busy}
                disabled={busy}
                data-testid="mcu-flow-start"
              >
                {t('firmware.startUpdate')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
      <SpinnerOverlay visible={busy && step === 1} message={t('firmware.enteringBootloader')} />
      {error && (
        <Alert color="red" mt="md" role="alert" data-testid="mcu-flow-error">
          {error}
        </Alert>
      )}
    </Modal>
  );
}
