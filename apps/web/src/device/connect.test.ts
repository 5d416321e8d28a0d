import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@secux-companion/web-kit/i18n';
import { onToast } from '@secux-companion/web-kit/lib/toast';

const show = vi.fn();
const runConnection = vi.fn();
// The app shows web-kit's toasts; this test hears them.
onToast(show);
vi.mock('./shims', () => ({}));
vi.mock('./connection', () => ({ runConnection }));

const { connectDevice } = await import('./connect');
const { session } = await import('../state/session');

describe('connectDevice failure toast', () => {
  beforeAll(() => initI18n(['en']));
  beforeEach(() => {
    show.mockReset();
    runConnection.mockReset();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  it('names the cause the device layer gives (a wrong OTP says so)', async () => {
    const cause = Object.assign(new Error('Bluetooth pairing failed'), {
      name: 'WrongOtpError',
      messageKey: 'wrongOtp',
    });
    runConnection.mockRejectedValue(cause);
    await connectDevice('ble');
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Wrong OTP.' }));
    expect(session.get().connected).toBe(false);
  });

  it('falls back to the generic connection check for an unknown failure', async () => {
    runConnection.mockRejectedValue(new Error('boom'));
    await connectDevice('usb');
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Please verify the status of a device's connection" }),
    );
  });
});
