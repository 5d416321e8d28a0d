import {
  detectTestAccounts,
  isLegacySeVariant,
  isTestAccountMcu,
  isWalletReady,
  isWalletUninitialized,
  mcuState,
  seState,
  trimMcuVersion,
} from '@secux-companion/core';
import {
  connectBle,
  connectEmulator,
  connectUsb,
  type Device,
  type DeviceVersion,
} from '@secux-companion/device';
import type { SecuxEmulator } from '@secux-companion/emulator';
import { fetchLatestFirmware } from '../firmware/api';
import { i18next } from '@secux-companion/web-kit/i18n';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { deviceInfo, initialDeviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { hideLoader, requestRoute, session, showLoader, type ConnectionMethod } from '../state/session';
import { emulatorChoice } from './emulatorChoice';
import { startHomeDiscovery } from '../home/discoveryStart';
import { askOtp, runtime } from '@secux-companion/web-kit/device/runtime';

/** Emulator builds only: lets scripted demos and end-to-end tests reach the software device (e.g. to unplug it). */
function exposeEmulator(emulator: SecuxEmulator) {
  if (__EMULATOR_ENABLED__)
    (window as unknown as { __secuxEmulator?: SecuxEmulator }).__secuxEmulator = emulator;
}

/** Bluetooth OTP entry: the full-screen loader steps aside while the OTP modal is open (it would cover it). */
async function askOtpOverLoader(): Promise<string> {
  const loading = session.get().loading;
  hideLoader();
  try {
    return await askOtp();
  } finally {
    if (loading) showLoader(loading.messageKey);
  }
}

async function open(method: ConnectionMethod): Promise<Device> {
  if (method === 'usb') return connectUsb();
  if (method === 'ble') return connectBle(askOtpOverLoader);
  const { createBrowserEmulator } = await import('./emulator');
  const { emulator, via } = await createBrowserEmulator();
  // Like a real device's flash, the emulator keeps its firmware state (versions, bootloader) across reloads.
  await emulator.restoreFirmware();
  runtime.set({ emulator });
  exposeEmulator(emulator);
  return connectEmulator(emulator, { via, onOtpRequest: askOtpOverLoader });
}

function transportOf(method: ConnectionMethod): 'usb' | 'bluetooth' {
  if (method === 'ble') return 'bluetooth';
  if (method === 'emulator') return emulatorChoice.get().via === 'ble' ? 'bluetooth' : 'usb';
  return 'usb';
}

/** A device that goes away mid-session: err-06, then back to the landing page. */
function watchDisconnect(device: Device) {
  device.on('disconnect', () => {
    if (runtime.get().device !== device) return;
    runtime.set({ device: null });
    window.alert(i18next.t('errors.err-06'));
    window.location.assign(ROUTES.ConnMethod);
  });
}

/**
 * Hands the connected device to an operation that ends with the device going away on purpose
 * (entering the bootloader, rebooting after an update): its disconnect then raises no err-06.
 */
export function releaseDevice(): Device | null {
  const { device } = runtime.get();
  runtime.set({ device: null });
  return device;
}

/** Resolves when the device disconnects, or after `ms` (a device that stays connected is fine too). */
export function waitForDisconnect(device: Device, ms = 3000): Promise<void> {
  if (!device.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const off = device.on('disconnect', done);
    function done() {
      clearTimeout(timer);
      off();
      resolve();
    }
  });
}

/**
 * MCU update step 3: connects the device that rebooted into its bootloader. A real device is
 * chosen again in the browser's USB chooser; the emulator is plugged in again over USB.
 */
export async function connectForMcuUpdate(): Promise<Device> {
  const { method } = session.get();
  if (method === 'emulator') {
    const { emulator } = runtime.get();
    if (!emulator) throw new Error('emulator not available');
    return connectEmulator(emulator, { via: 'usb' });
  }
  return connectUsb();
}

/** Waits for pending writes of the emulator's firmware state (nothing to wait for on hardware). */
export async function deviceStateSettled(): Promise<void> {
  await runtime.get().emulator?.settled();
}

/** "Load device info": the latest release for this device, then the MCU and SE update states (spec 01 §4). */
async function loadDeviceInfo(version: DeviceVersion, deviceType: string): Promise<void> {
  const mcu = trimMcuVersion(version.mcuVersion);
  deviceInfo.set({ seState: seState(version.seVersion) });
  try {
    const latest = await fetchLatestFirmware(mcu, version.model, i18next.language);
    deviceInfo.set({ latest, mcuState: mcuState(mcu, latest, deviceType) });
  } catch (error) {
    // Without release info the wallet stays usable; no update is offered.
    console.warn('firmware info unavailable', error);
    deviceInfo.set({ latest: null, mcuState: 'noNeed' });
  }
}

/** Spec 01 §4 "Connection", steps 1 to 6. */
export async function runConnection(method: ConnectionMethod): Promise<void> {
  let device: Device | null = null;
  try {
    device = await open(method);
    runtime.set({ device });
    session.set({ method, bootloader: false, seUpdateError: false, updatePending: false });
    deviceInfo.set({ ...initialDeviceInfo, transport: transportOf(method) });
    watchDisconnect(device);

    const version = await device.getVersion();
    deviceInfo.set({
      mcuVersion: version.bootloader ? null : trimMcuVersion(version.mcuVersion),
      seVersion: version.bootloader ? null : version.seVersion,
      model: version.model,
    });
    if (version.bootloader) {
      // Step 3: USB in bootloader → MCU update flow on the Setting screen.
      session.set({ bootloader: true, settingsTab: 'mcu', updatePending: true });
      deviceInfo.set({ mcuFlowOpen: true });
      requestRoute(ROUTES.Setting);
      return;
    }
    if (version.model === 'unknown') {
      // A model outside the supported list (the biometric wallet): its notice offers only logging out.
      deviceInfo.set({ unsupportedModel: true });
      return;
    }
    if (isLegacySeVariant(version.seVersion)) {
      // Step 4: an S97/S90 SE goes to Setting for the SE update.
      deviceInfo.set({ seState: 'welcome' });
      session.set({ connected: true, settingsTab: 'se', updatePending: true });
      requestRoute(ROUTES.Setting);
      return;
    }
    const info = await device.getWalletInfo();
    deviceInfo.set({ walletStatus: info.walletStatus, deviceType: info.deviceType });
    if (isWalletUninitialized(info.walletStatus)) {
      // No wallet on the device: the catalogue's "initialize the wallet" / "restore with the recovery words" notice.
      deviceInfo.set({ uninitialized: true });
      return;
    }
    if (!isWalletReady(info.walletStatus)) return; // Other statuses: nothing shown.

    await loadDeviceInfo(version, info.deviceType);
    if (isTestAccountMcu(version.mcuVersion) && info.deviceType !== 'C20') {
      const accounts = await device.readTable();
      const detection = detectTestAccounts(accounts.map((a) => ({ name: a.name, balance: a.balance })));
      deviceInfo.set({ testAccounts: detection.allTestAccounts, hasTestAccounts: detection.hasTestAccounts });
    }
    session.set({ connected: true });
    // Every coin's accounts at once from the device's table, then refreshed in the background (issue 33).
    void startHomeDiscovery();
    requestRoute(ROUTES.wallet, { replace: true });
  } catch (error) {
    // Step 6: in SE bootloader go to the SE update with an error flag; otherwise the caller toasts.
    if (device) {
      const inSeBootloader = await device
        .getSEMode()
        .then((m) => m.bootloader)
        .catch(() => false);
      if (inSeBootloader) {
        deviceInfo.set({ seState: 'welcome' });
        session.set({ connected: true, seUpdateError: true, settingsTab: 'se', updatePending: true });
        requestRoute(ROUTES.Setting);
        return;
      }
      runtime.set({ device: null });
      await device.disconnect().catch(() => undefined);
    }
    throw error;
  }
}
