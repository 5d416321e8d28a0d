import type { Device } from '@secux-companion/device';
import type { SecuxEmulator } from '@secux-companion/emulator';
import { createStore, useStore } from '../state/store';

/**
 * The connected device and, when it is the emulator, the emulator itself (for its virtual screen).
 * Type-only imports: the device layer's code loads lazily with the connection.
 */
export interface DeviceRuntime {
  device: Device | null;
  emulator: SecuxEmulator | null;
}

export const runtime = createStore<DeviceRuntime>({ device: null, emulator: null });

export function useRuntime<S>(select: (r: DeviceRuntime) => S): S {
  return useStore(runtime, select);
}

export function currentDevice(): Device {
  const { device } = runtime.get();
  if (!device) throw new Error('no device connected');
  return device;
}

/** Spec 01 §4: while the OTP modal is open the connection polls it every 500 ms. */
export const OTP_POLL_MS = 500;

/** Bluetooth OTP entry: open while the modal shows; `value` set by Confirm, null on Cancel. */
export const otpRequest = createStore<{ open: boolean; value: string | null }>({ open: false, value: null });

export async function askOtp(): Promise<string> {
  otpRequest.set({ open: true, value: null });
  while (otpRequest.get().open) {
    await new Promise((r) => setTimeout(r, OTP_POLL_MS));
  }
  const { value } = otpRequest.get();
  if (value === null) throw new Error('OTP entry cancelled');
  return value;
}
