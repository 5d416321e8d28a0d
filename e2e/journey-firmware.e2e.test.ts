/**
 * Spec 01 core journey on the emulator, its device states (issue 6): the firmware updates (bootloader, SE, forced,
 * test accounts on MCU 2.13) and the other device states (a failed SE update, an S97 SE, a C20 over Bluetooth, an
 * unsupported SE, a device without a wallet). Connect, home and settings are journey-core's.
 * Each test picks the emulator's starting state by answering /api/emulator/config itself.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LATEST_FIRMWARE, UPDATED, useJourney } from './journey-helpers';

const { stack, journey, connect, typeOtp, shownOtp, recorded, waitForAlert, withLinks } =
  await useJourney('journey-firmware');
const { baseUrl } = stack;

describe('firmware updates', () => {
  it('a device that starts in bootloader: MCU flow at step 3, progress to 100 %, state-011, reload', async () => {
    const { context, page, alerts } = await journey({ startInBootloader: true, mcuVersion: '2.24.0' });
    await connect(page, 'usb', `${baseUrl}/wallet/setting`);
    const flow = page.getByRole('dialog', { name: 'MCU firmware update' });
    await flow.waitFor();
    await page.getByTestId('mcu-step-update').waitFor();
    // The last step has no close button.
    expect(await flow.locator('.mantine-Modal-close').count()).toBe(0);
    await page.getByTestId('mcu-flow-start').click();
    await waitForAlert(alerts, UPDATED);
    await page.waitForURL(`${baseUrl}/`);
    const progress = (await recorded(page, 'e2e-progress')).map(Number);
    expect(progress[0]).toBeGreaterThanOrEqual(2); // reported + 2
    expect(progress.at(-1)).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);

    // The device rebooted into the new firmware and stays so after the reload.
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    expect(await page.getByTestId('mcu-version').innerText()).toBe('2.30');
    await page.getByTestId('mcu-latest').waitFor();
    await context.close();
  });

  it('an old SE: home offers the update, Setting writes 1.97 with the overlay and progress, state-011, reload', async () => {
    const { context, page, alerts } = await journey({ seVersion: '1.90.0' });
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('se-update-button').click();
    await page.waitForURL(`${baseUrl}/wallet/setting`);
    await page.getByTestId('se-whats-new').getByText('Latest version: 1.97').waitFor();
    await page.getByTestId('se-update-start').click();
    // At 100 % the restart step, then the state-011 alert and the reload, with no other click (spec 01 §4).
    await waitForAlert(alerts, UPDATED, 90_000);
    await page.waitForURL(`${baseUrl}/`);
    const progress = (await recorded(page, 'e2e-progress')).map(Number);
    expect(progress[0]).toBeGreaterThanOrEqual(4); // reported + 4
    expect(progress.at(-1)).toBe(100);

    await connect(page);
    await page.getByTestId('se-latest').waitFor();
    expect(await page.getByTestId('se-version').innerText()).toBe('1.97');
    await page.getByTestId('se-latest').waitFor();
    await context.close();
  });

  it('a forced update: the force modal has no way out; Update Now runs the 3-step MCU flow to the new version', async () => {
    const { context, page, alerts } = await journey({ mcuVersion: '2.24.0' }, { forceUpdate: true });
    const downloads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/firmware/downloadMcu')) downloads.push(r.url());
    });
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    const modal = page.getByRole('dialog', { name: 'Firmware update required' });
    await modal.waitFor();
    expect(await modal.locator('.mantine-Modal-close').count()).toBe(0);
    await page.keyboard.press('Escape');
    await modal.waitFor(); // still open
    expect(await page.getByTestId('mcu-update-button').innerText()).toBe('Update required');
    await page.getByTestId('force-update-now').click();
    await page.waitForURL(`${baseUrl}/wallet/setting`);
    const flow = page.getByRole('dialog', { name: 'MCU firmware update' });
    await page.getByTestId('mcu-step-recovery').waitFor();
    // Forced: no close button, even at the first step; no back button while the update is pending.
    expect(await flow.locator('.mantine-Modal-close').count()).toBe(0);
    await page.getByTestId('mcu-flow-next').click();
    await page.getByTestId('mcu-step-usb').waitFor();
    await page.getByTestId('mcu-flow-continue').click();
    await page.getByTestId('mcu-step-update').waitFor();
    // Entering the bootloader disconnected the device on purpose: no err-06.
    expect(alerts).toEqual([]);
    await page.getByTestId('mcu-flow-start').click();
    await waitForAlert(alerts, UPDATED);
    await page.waitForURL(`${baseUrl}/`);
    expect((await recorded(page, 'e2e-progress')).at(-1)).toBe('100');
    // The MCU download names the device's model.
    expect(downloads).toHaveLength(1);
    expect(new URL(downloads[0]!).searchParams.get('model')).toMatch(/^\w+$/);

    await context.unroute(LATEST_FIRMWARE);
    await connect(page);
    await page.getByTestId('mcu-latest').waitFor();
    expect(await page.getByTestId('mcu-version').innerText()).toBe('2.30');
    expect(await page.getByTestId('force-update-modal').count()).toBe(0);
    await context.close();
  });

  it("test accounts on MCU 2.13: 'Preparing for update' deletes them all, then the MCU flow opens", async () => {
    const { context, page } = await journey({ mcuVersion: '2.13.0' });
    await page.goto(`${baseUrl}/`);
    await seedTestAccounts(page);
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    await page.getByRole('dialog', { name: 'Prepare your device' }).waitFor();
    // On MCU 2.13 with test accounts the force modal is suppressed.
    expect(await page.getByTestId('force-update-modal').count()).toBe(0);
    await page.getByTestId('test-accounts-prepare').click();
    await page.getByTestId('mcu-step-recovery').waitFor();
    expect(new URL(page.url()).pathname).toBe('/wallet/setting');
    expect(await recorded(page, 'e2e-loader')).toContain('Preparing for update');
    const left = await page.evaluate(
      () =>
        (window as unknown as { __secuxEmulator: { state: { accounts: number } } }).__secuxEmulator.state
          .accounts,
    );
    expect(left).toBe(0);
    await context.close();
  });
});

/** The 14 factory test accounts of an MCU 2.13 device, written into the emulator's flash (IndexedDB). */
async function seedTestAccounts(page: Page) {
  await page.evaluate(async () => {
    const H = 0x80000000;
    const ascii = (s: string) => {
      const b = new Uint8Array(32);
      for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
      return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    };
    const set: Array<[string, number, number, number, string]> = [
      ['BTC0', 84, 0, 0, '99999'],
      ['BTC1', 84, 0, 1, '99999.99999'],
      ['BTCt0', 84, 1, 0, '99999'],
      ['BTCt1', 84, 1, 1, '99999'],
      ['LTC0', 84, 2, 0, '99999'],
      ['LTC1', 84, 2, 1, '99999'],
      ['LTCt0', 84, 1, 2, '99999'],
      ['LTCt1', 84, 1, 3, '99999'],
      ['DASH0', 44, 5, 0, '99999'],
      ['DASH1', 44, 5, 1, '99999'],
      ['GRS0', 44, 17, 0, '99999'],
      ['GRS1', 44, 17, 1, '99999'],
      ['DGB0', 44, 20, 0, '99999'],
      ['DGB1', 44, 20, 1, '99999'],
    ];
    const records = set.map(([name, purpose, coin, account, balance]) => ({
      isToken: false,
      chainId: 0,
      path: [purpose + H, coin + H, account + H],
      balance: ascii(balance),
      name,
      contract: '',
      decimal: 0,
    }));
    await new Promise<void>((resolve, reject) => {
      const req = indexedDB.open('secux-emulator', 1);
      req.onupgradeneeded = () => req.result.createObjectStore('tables');
      req.onerror = () => reject(req.error);
      req.onsuccess = () => {
        const tx = req.result.transaction('tables', 'readwrite');
        tx.objectStore('tables').put(records, 'accounts');
        tx.oncomplete = () => {
          req.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  });
}

describe('other device states', () => {
  it('an SE update that fails leaves the SE bootloader: the next connection opens the SE update with the error flag', async () => {
    const { context, page, alerts } = await journey({ seVersion: '1.90.0' });
    await context.route('**/api/firmware/downloadSE', (route) =>
      route.fulfill({ status: 500, json: { error: 'down' } }),
    );
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('se-update-button').click();
    await page.getByTestId('se-update-start').click();
    await waitForAlert(alerts, 'HTTP error! status: 500');
    expect(await page.getByTestId('se-update-error').innerText()).toBe('HTTP error! status: 500');

    // The device stayed in its SE bootloader: wallet info fails, the SE mode says bootloader.
    await page.reload();
    await connect(page, 'usb', `${baseUrl}/wallet/setting`);
    await page.getByTestId('se-update-error-flag').waitFor();
    // The coin menu is hidden while the SE update error exists.
    await page.getByTestId('logo').click();
    await page.waitForURL(`${baseUrl}/wallet`);
    await page.getByTestId('device-status').waitFor();
    expect(await page.getByTestId('coin-menu').count()).toBe(0);

    await context.unroute('**/api/firmware/downloadSE');
    await page.getByTestId('settings-link').click();
    await page.getByTestId('tab-se').click();
    await page.getByTestId('se-update-start').click();
    await waitForAlert(alerts, UPDATED, 90_000);
    await page.waitForURL(`${baseUrl}/`);
    await connect(page);
    await page.getByTestId('se-latest').waitFor();
    expect(await page.getByTestId('se-version').innerText()).toBe('1.97');
    await page.getByTestId('coin-menu').waitFor();
    await context.close();
  });

  it('an old S97 SE variant goes straight to the SE update and hides the coin menu', async () => {
    const { context, page } = await journey({ seVersion: 'S97.1.0' });
    await connect(page, 'usb', `${baseUrl}/wallet/setting`);
    await page.getByTestId('se-update-panel').waitFor();
    expect(
      await page.getByRole('tab', { name: 'SE firmware update (beta)' }).getAttribute('aria-selected'),
    ).toBe('true');
    await page.getByTestId('logo').click();
    await page.getByTestId('device-status').waitFor();
    expect(await page.getByTestId('coin-menu').count()).toBe(0);
    await context.close();
  });

  it('a C20 over Bluetooth: no MCU update prompt, and its update instructions open at the mobile step', async () => {
    const { context, page } = await journey({ deviceType: 'C20', mcuVersion: '2.24.0' });
    await connect(page, 'ble', null);
    const otp = await shownOtp(page);
    await typeOtp(page, otp);
    await page.waitForURL(`${baseUrl}/wallet`, { timeout: 60_000 });
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('mcu-latest').waitFor();
    await page.getByRole('dialog', { name: 'Welcome to SecuX Companion' }).waitFor({ state: 'detached' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.getByRole('dialog').allInnerTexts()).toEqual([]);
    await page.getByTestId('settings-link').click();
    await page.getByTestId('tab-mcu').click();
    await page.getByTestId('mcu-update-open').click();
    await page.getByTestId('ble-step-mobile').waitFor();
    expect(await page.getByTestId('ble-update-back').count()).toBe(0);
    await context.close();
  });

  it('SE below 1.83: the not-supported warning; XLM on it: the unsupported-device modal asking to contact support', async () => {
    const { context, page } = await journey({ seVersion: '1.80.0' });
    await withLinks(context, { supportEmail: 'help@support.example' });
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    const warning = page.getByRole('dialog', { name: 'SE firmware not supported' });
    await warning.waitFor();
    await warning.getByRole('button', { name: 'OK' }).click();
    await warning.waitFor({ state: 'detached' });
    await page.getByTestId('coin-XLM').click();
    const modal = page.getByRole('dialog', { name: 'Device not supported' });
    await modal.waitFor();
    await modal.getByText('SE firmware version: 1.80.0').waitFor();
    await modal
      .getByText('This device is not supported for XLM. Please email support with', { exact: false })
      .waitFor();
    expect(await modal.getByRole('link').getAttribute('href')).toBe('mailto:help@support.example');
    await context.close();
  });

  it('a device without a wallet (walletStatus 0) shows the set-up notice, with only Log out, on the landing page', async () => {
    const { context, page, alerts } = await journey({ walletStatus: 0 });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('connect-emulator').click();
    const notice = page.getByRole('dialog', { name: 'No wallet on this device' });
    await notice.waitFor();
    await notice.getByText('Please initialize the wallet on your device first.').waitFor();
    await notice.getByText('restore the device with its recovery words', { exact: false }).waitFor();
    expect(await notice.getByRole('button').allTextContents()).toEqual(['Log out']);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(alerts).toEqual([]);
    await notice.getByRole('button', { name: 'Log out' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});
