import { createStore } from '@secux-companion/web-kit/state/store';

/** How the landing page connects the emulator: like a USB device, or like Bluetooth with an OTP. */
export const emulatorChoice = createStore<{ via: 'usb' | 'ble' }>({ via: 'usb' });
