import { Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { otpRequest } from '@secux-companion/web-kit/device/runtime';
import { useStore } from '@secux-companion/web-kit/state/store';
import { useModalSize } from '@secux-companion/web-kit/components/useModalSize';

export const OTP_LENGTH = 6;

/** Bluetooth pairing: the user types the one-time password the device shows. */
export function OtpModal() {
  const { t } = useTranslation();
  const size = useModalSize();
  const open = useStore(otpRequest, (s) => s.open);
  const [otp, setOtp] = useState('');
  const close = () => {
    otpRequest.set({ open: false, value: null });
    setOtp('');
  };
  const submit = () => {
    otpRequest.set({ open: false, value: otp });
    setOtp('');
  };
  return (
    <Modal opened={open} onClose={close} title={t('otp.title')} size={size} centered>
      <Stack>
        <Text>{t('otp.instructions')}</Text>
        <PinInput
          length={OTP_LENGTH}
          type="number"
          oneTimeCode
          value={otp}
          onChange={setOtp}
          aria-label={t('otp.inputLabel')}
          data-testid="otp-input"
          autoFocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={otp.length !== OTP_LENGTH} data-testid="otp-submit">
            {t('otp.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
