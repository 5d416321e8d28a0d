import type { McuState, SeState } from '@secux-companion/core';
import { createStore, useStore } from './store';

/** Firmware release info from GET /api/firmware/latest (spec 01 §7). */
export interface LatestFirmware {
  latestFirmwareVersion: string;
  forceUpdate: boolean;
  features: string[];
  latestSeVersion: string | null;
}

/** What the app read from the connected device (spec 01 §3 "Device version info" and wallet info). */
export interface DeviceInfoState {
  mcuVersion: string | null;
  seVersion: string | null;
  model: string | null;
  deviceType: string | null;
  walletStatus: number | null;
  /** Every account on the device is a factory test account (MCU 2.13). */
  testAccounts: boolean;
  /** At least one factory test account is on the device (suppresses the force modal on MCU 2.13). */
  hasTestAccounts: boolean;
  /** The MCU update flow is open (bootloader or a chosen update). */
  mcuFlowOpen: boolean;
  /** Latest release for this device; null until loaded (or when the server could not answer). */
  latest: LatestFirmware | null;
  mcuState: McuState;
  seState: SeState;
  /** How the device is linked: Bluetooth has its own update paths (and the emulator can be linked either way). */
  transport: 'usb' | 'bluetooth';
  /** A model this wallet does not support (the biometric wallet): the notice with a log-out button shows. */
  unsupportedModel: boolean;
  /** The device holds no wallet (walletStatus NO_SEED): the notice to set it up on the device shows. */
  uninitialized: boolean;
}

export const initialDeviceInfo: DeviceInfoState = {
  mcuVersion: null,
  seVersion: null,
  model: null,
  deviceType: null,
  walletStatus: null,
  testAccounts: false,
  hasTestAccounts: false,
  mcuFlowOpen: false,
  latest: null,
  mcuState: 'noNeed',
  seState: 'latest',
  transport: 'usb',
  unsupportedModel: false,
  uninitialized: false,
};

export const deviceInfo = createStore<DeviceInfoState>(initialDeviceInfo);

export function useDeviceInfo<S>(select: (s: DeviceInfoState) => S): S {
  return useStore(deviceInfo, select);
}
