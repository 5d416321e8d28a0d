import { Alert, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { seProgress } from '@secux-companion/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session, useSession } from '../state/session';
import { useDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { SeUpdatingOverlay } from './Modals';
import { finishUpdate, updateFailureText, updateSe } from './updates';

/**
 * SE update (beta, spec 01 §4): a start step, then at 100 % the restart step telling the user to reboot the device,
 * over which the state-011 alert shows and the page reloads; start is disabled over Bluetooth.
 */
/** Time for the restart step to reach the screen before the (blocking) success alert. */
const RESTART_STEP_PAINT_MS = 50;

export function SeUpdatePanel() {
  const { t } = useTranslation();
  const transport = useDeviceInfo((s) => s.transport);
  const seUpdateError = useSession((s) => s.seUpdateError);
  const [step, setStep] = useState<'start' | 'restart'>('start');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bluetooth = transport === 'bluetooth';

  // The restart step is painted before the alert, which blocks the page until the user closes it.
  useEffect(() => {
    if (step !== 'restart') return;
    const timer = window.setTimeout(finishUpdate, RESTART_STEP_PAINT_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  const start = async () => {
    setError(null);
    setProgress(seProgress(0));
    session.set({ updatePending: true });
    try {
      await updateSe(setProgress);
      session.set({ seUpdateError: false });
      // At 100 %: the restart step, then (once it is on screen) the state-011 alert and the reload.
      setStep('restart');
    } catch (e) {
      console.warn('SE update failed', e);
      const text = updateFailureText(e);
      setError(text);
      window.alert(text);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="se-update-title" data-testid="se-update-panel">
      <Stack>
        <Title order={3} size="h5" id="se-update-title">
          {t('settings.seUpdateTitle')}
        </Title>
        {seUpdateError && (
          <Alert color="orange" data-testid="se-update-error-flag">
            {t('settings.seUpdateErrorFlag')}
          </Alert>
        )}
        {step === 'start' ? (
          <Stack data-testid="se-step-start">
            <Text>{t('settings.seStartText')}</Text>
            {bluetooth && (
              <Alert color="blue" data-testid="se-usb-only-note">
                {t('settings.seBluetoothNote')}
              </Alert>
            )}
            <Button
              onClick={() => void start()}
              disabled={bluetooth || progress !== null}
              data-testid="se-update-start"
              w="fit-content"
            >
              {t('firmware.startUpdate')}
            </Button>
          </Stack>
        ) : (
          <Stack data-testid="se-step-restart">
            <Text fw={700}>{t('settings.seRestartTitle')}</Text>
            <List>
              <List.Item>{t('settings.seRestartText')}</List.Item>
            </List>
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert" data-testid="se-update-error">
            {error}
          </Alert>
        )}
      </Stack>
      <SeUpdatingOverlay visible={progress !== null} progress={progress ?? 0} />
    </Card>
  );
}
