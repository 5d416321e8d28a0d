/**
 * Firmware operations of spec 01 §4 "MCU update", "SE update" and the test-account preparation.
 * Loaded with the Setting and home screens, after a device is connected.
 */
import { mcuProgress, PROGRESS_MAX, seModeNeedsBootloader, seProgress } from '@secux-companion/core';
import { i18next } from '@secux-companion/web-kit/i18n';
import { errorText } from '@secux-companion/web-kit/lib/format';
import { currentDevice, runtime } from '@secux-companion/web-kit/device/runtime';
import { deviceInfo } from '@secux-companion/web-kit/state/deviceInfo';
import { downloadMcuImage, downloadSeImage, fetchSeFileName, HttpStatusError, seImageFiles } from './api';

const connection = () => import('../device/connection');

/**
 * The text a failed update alerts, in the interface language: 'Please try again.' when no device was chosen, the
 * HTTP status of a failed download, else the catalogue text the error carries (a device error's key, a server
 * code: web-kit's errorText); only an error with neither shows its own message.
 */
export function updateFailureText(error: unknown): string {
  if (error instanceof HttpStatusError) return i18next.t('errors.httpError', { status: error.status });
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotFoundError' || /no device selected|chooser|cancell?ed/i.test(message)) {
    return i18next.t('errors.pleaseTryAgain');
  }
  return errorText(i18next.t, error);
}

/** MCU step 2: the device reboots into its bootloader; its disconnect is expected, not err-06. */
export async function enterMcuBootloader(): Promise<void> {
  const { releaseDevice, waitForDisconnect } = await connection();
  const device = releaseDevice() ?? currentDevice();
  try {
    await device.enterMcuBootloader();
  } catch (error) {
    runtime.set({ device });
    throw error;
  }
  await waitForDisconnect(device);
}

/**
 * MCU step 3: connects the device in bootloader (or keeps the one already connected in bootloader),
 * downloads the release and writes it. Progress shown = reported + 2, capped at 100.
 */
export async function updateMcu(onProgress: (shown: number) => void): Promise<void> {
  const { connectForMcuUpdate, releaseDevice, waitForDisconnect, deviceStateSettled } = await connection();
  const held = releaseDevice();
  const device = held?.connected && (await held.getVersion()).bootloader ? held : await connectForMcuUpdate();
  // The release for this model: the model read at connection (a device in bootloader does not say it).
  const image = await downloadMcuImage(deviceInfo.get().model);
  onProgress(mcuProgress(0));
  await device.updateMcu(image, (p) => onProgress(mcuProgress(p)));
  onProgress(PROGRESS_MAX);
  // The device reboots into the new firmware; wait for it so the state it keeps is the final one.
  await waitForDisconnect(device);
  await deviceStateSettled();
}

/**
 * SE update: modes 2, 3 and 5 first enter the SE bootloader; then the image chosen by the device's SE model
 * and version (the 1.97 image, 1.96 on failure) is downloaded and written. Progress shown = reported + 4, capped at 100.
 */
export async function updateSe(onProgress: (shown: number) => void): Promise<void> {
  const { deviceStateSettled } = await connection();
  const device = currentDevice();
  const mode = await device.getSEMode();
  if (seModeNeedsBootloader(mode.mode)) {
    try {
      await device.enterSeBootloader();
    } catch (error) {
      throw new Error(i18next.t('errors.bootloaderError'), { cause: error });
    }
  }
  const { model, seVersion } = deviceInfo.get();
  const image = await downloadSeImage(
    seImageFiles({ seVersion, hostFileName: await fetchSeFileName(model) }),
  );
  onProgress(seProgress(0));
  await device.updateSe(image, (p) => onProgress(seProgress(p)));
  onProgress(PROGRESS_MAX);
  await deviceStateSettled();
}

/** Test accounts: deletes every account from the device ('Preparing for update'). */
export async function deleteAllAccounts(): Promise<void> {
  const device = currentDevice();
  const accounts = await device.readTable();
  for (const account of accounts) {
    if (account.contract)
      await device.deleteToken(account.path, account.contract, account.chainId || undefined);
    else await device.deleteAccount(account.path, account.chainId || undefined);
  }
  deviceInfo.set({ testAccounts: false, hasTestAccounts: false });
}

/** At 100 percent: the state-011 alert, then the page reloads (spec 01 §4). */
export function finishUpdate(): void {
  window.alert(i18next.t('errors.state-011'));
  window.location.reload();
}
