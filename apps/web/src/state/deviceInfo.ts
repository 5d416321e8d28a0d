import { createStore, useStore } from './store';

/** What the app read from the connected device (spec 01 §3 "Device version info" and wallet info). */
export interface DeviceInfoState {
  mcuVersion: string | null;
  seVersion: string | null;
  model: string | null;
  deviceType: string | null;
  walletStatus: number | null;
  /** Every account on the device is a factory test account (MCU 2.13). */
  testAccounts: boolean;
  /** The MCU update flow is open (bootloader or a chosen update). */
  mcuFlowOpen: boolean;
}

export const deviceInfo = createStore<DeviceInfoState>({
  mcuVersion: null,
  seVersion: null,
  model: null,
  deviceType: null,
  walletStatus: null,
  testAccounts: false,
  mcuFlowOpen: false,
});

export function useDeviceInfo<S>(select: (s: DeviceInfoState) => S): S {
  return useStore(deviceInfo, select);
}
