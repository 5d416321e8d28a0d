import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_TYPE_C20 } from '@secux-companion/core';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';
import { EXTERNAL_LINK_PROPS, useLinks } from '@secux-companion/web-kit/lib/links';

export type BleStep = 'options' | 'usb' | 'mobile' | 'btoff';

/** First step: the options, except on a C20, which goes straight to the mobile app. */
export function bleFirstStep(deviceType: string | null): BleStep {
  return deviceType === DEVICE_TYPE_C20 ? 'mobile' : 'options';
}

/** Back: btoff goes to usb, every other step to the options (spec 01 §4). */
export function bleBackStep(step: BleStep): BleStep {
  return step === 'btoff' ? 'usb' : 'options';
}

/** Bluetooth update instructions: update from a computer over USB (then Bluetooth off), or in the mobile app. */
export function BleUpdateModal({
  opened,
  onClose,
  deviceType,
}: {
  opened: boolean;
  onClose: () => void;
  deviceType: string | null;
}) {
  const { t } = useTranslation();
  const links = useLinks();
  const size = useModalSize();
  const first = bleFirstStep(deviceType);
  const [step, setStep] = useState<BleStep>(first);
  useEffect(() => {
    if (opened) setStep(first);
  }, [opened, first]);

  const back = step !== first && (
    <Button variant="default" onClick={() => setStep(bleBackStep(step))} data-testid="ble-update-back">
      {t('firmware.back')}
    </Button>
  );
  return (
    <Modal opened={opened} onClose={onClose} title={t('firmware.bleTitle')} size={size} centered>
      <Stack data-testid={`ble-step-${step}`}>
        {step === 'options' && (
          <>
            <Text>{t('firmware.bleOptionsText')}</Text>
            <Group grow>
              <Button onClick={() => setStep('usb')} data-testid="ble-update-usb">
                {t('firmware.bleOptionUsb')}
              </Button>
              <Button variant="light" onClick={() => setStep('mobile')} data-testid="ble-update-mobile">
                {t('firmware.bleOptionMobile')}
              </Button>
            </Group>
          </>
        )}
        {step === 'usb' && (
          <>
            <List type="ordered">
              <List.Item>{t('firmware.bleUsbStep1')}</List.Item>
              <List.Item>{t('firmware.bleUsbStep2')}</List.Item>
            </List>
            <Group justify="space-between">
              {back}
              <Button onClick={() => setStep('btoff')} data-testid="ble-update-next">
                {t('firmware.next')}
              </Button>
            </Group>
          </>
        )}
        {step === 'btoff' && (
          <>
            <Text>{t('firmware.bleBtOffText')}</Text>
            <Group justify="space-between">
              {back}
              <Button onClick={onClose}>{t('common.ok')}</Button>
            </Group>
          </>
        )}
        {step === 'mobile' && (
          <>
            <Text>{t('firmware.bleMobileText')}</Text>
            {links.mobileApp && (
              <Anchor href={links.mobileApp} {...EXTERNAL_LINK_PROPS} data-testid="ble-mobile-link">
                {t('firmware.bleMobileLink')}
              </Anchor>
            )}
            <Group justify="space-between">
              {back || <span />}
              <Button onClick={onClose}>{t('common.ok')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
