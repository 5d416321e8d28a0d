import {
  detectTestAccounts,
  isLegacySeVariant,
  isTestAccountMcu,
  isWalletReady,
  trimMcuVersion,
} from '@secux-companion/core';
import { connectBle, connectEmulator, connectUsb, type Device } from '@secux-companion/device';
import { router } from '../App';
import { i18next } from '../i18n';
import { ROUTES } from '../lib/backRule';
import { deviceInfo } from '../state/deviceInfo';
import { session, type ConnectionMethod } from '../state/session';
import { askOtp, runtime } from './runtime';

async function open(method: ConnectionMethod): Promise<Device> {
  if (method === 'usb') return connectUsb();
  if (method === 'ble') return connectBle(askOtp);
  const { createBrowserEmulator } = await import('./emulator');
  const { emulator, via } = await createBrowserEmulator();
  runtime.set({ emulator });
  return connectEmulator(emulator, { via, onOtpRequest: askOtp });
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

/** Spec 01 §4 "Connection", steps 1 to 6. */
export async function runConnection(method: ConnectionMethod): Promise<void> {
  let device: Device | null = null;
  try {
    device = await open(method);
    runtime.set({ device });
    session.set({ method });
    watchDisconnect(device);

    const version = await device.getVersion();
    deviceInfo.set({
      mcuVersion: trimMcuVersion(version.mcuVersion),
      seVersion: version.seVersion,
      model: version.model,
    });
    if (version.bootloader) {
      // Step 3: USB in bootloader → MCU update flow on the Setting screen.
      session.set({ bootloader: true, settingsTab: 'mcu', updatePending: true });
      deviceInfo.set({ mcuFlowOpen: true });
      await router.navigate(ROUTES.Setting);
      return;
    }
    if (isLegacySeVariant(version.seVersion)) {
      // Step 4: an S97/S90 SE goes to Setting for the SE update.
      session.set({ connected: true, settingsTab: 'se', updatePending: true });
      await router.navigate(ROUTES.Setting);
      return;
    }
    const info = await device.getWalletInfo();
    deviceInfo.set({ walletStatus: info.walletStatus, deviceType: info.deviceType });
    if (!isWalletReady(info.walletStatus)) return; // Other statuses: nothing shown.

    if (isTestAccountMcu(version.mcuVersion) && info.deviceType !== 'C20') {
      const accounts = await device.readTable();
      const detection = detectTestAccounts(accounts.map((a) => ({ name: a.name, balance: a.balance })));
      deviceInfo.set({ testAccounts: detection.allTestAccounts });
    }
    session.set({ connected: true });
    await router.navigate(ROUTES.wallet, { replace: true });
  } catch (error) {
    // Step 6: in SE bootloader go to the SE update with an error flag; otherwise the caller toasts.
    if (device) {
      const inSeBootloader = await device
        .getSEMode()
        .then((m) => m.bootloader)
        .catch(() => false);
      if (inSeBootloader) {
        session.set({ connected: true, seUpdateError: true, settingsTab: 'se', updatePending: true });
        await router.navigate(ROUTES.Setting);
        return;
      }
      runtime.set({ device: null });
      await device.disconnect().catch(() => undefined);
    }
    throw error;
  }
}
