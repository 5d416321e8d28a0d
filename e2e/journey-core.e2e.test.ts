/**
 * Spec 01 core journey on the emulator: connect, home, settings and firmware updates (issue 6).
 * Each test picks the emulator's starting state by answering /api/emulator/config itself.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import { newContext, useBrowser } from './browser';

const browser = useBrowser();
const stack = await useStack('journey-core');
const { baseUrl } = stack;
/** localnet's side chain (31338): the chain the local profile offers to add under EVM chains. */
const side = stack.localnet.sideEvm;
const root = resolve(import.meta.dirname, '..');

const LATEST_FIRMWARE = /\/api\/firmware\/latest\?/;

interface EmulatorStart {
  mcuVersion?: string;
  seVersion?: string;
  deviceType?: string;
  walletStatus?: number;
  startInBootloader?: boolean;
}

interface Journey {
  context: BrowserContext;
  page: Page;
  /** Messages of every alert, in order (each is accepted). */
  alerts: string[];
}

/**
 * A fresh browser (empty storage) whose emulator starts as `start` says. Progress-bar values and
 * full-screen loader texts are recorded into sessionStorage, so they survive the reload an update ends with.
 */
async function journey(
  start: EmulatorStart,
  opts: { locale?: string; forceUpdate?: boolean } = {},
): Promise<Journey> {
  const context = await newContext(browser(), { locale: opts.locale });
  await context.route('**/api/emulator/config', (route) =>
    route.fulfill({ json: { enabled: true, config: start }, headers: { 'cache-control': 'no-store' } }),
  );
  if (opts.forceUpdate) {
    await context.route(LATEST_FIRMWARE, async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      await route.fulfill({ response: res, json: { ...body, forceUpdate: true, status: 'force' } });
    });
  }
  await context.addInitScript(() => {
    const record = (key: string, value: string) => {
      const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      if (list[list.length - 1] !== value) {
        list.push(value);
        sessionStorage.setItem(key, JSON.stringify(list));
      }
    };
    setInterval(() => {
      // The firmware updates' bars only (the home page has discovery and share bars of its own).
      const bars = ['mcu-progress', 'se-progress']
        .map((id) => `[data-testid="${id}"][role="progressbar"], [data-testid="${id}"] [role="progressbar"]`)
        .join(', ');
      for (const bar of document.querySelectorAll(bars)) {
        record('e2e-progress', bar.getAttribute('aria-valuenow') ?? '');
      }
      const loader = document.querySelector('[data-testid="full-screen-loader"]');
      if (loader) record('e2e-loader', (loader as HTMLElement).innerText);
    }, 5);
  });
  const page = await context.newPage();
  const alerts: string[] = [];
  page.on('dialog', (dialog: Dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return { context, page, alerts };
}

async function connect(
  page: Page,
  via: 'usb' | 'ble' = 'usb',
  expectUrl: string | null = `${baseUrl}/wallet`,
) {
  if (!page.url().startsWith(baseUrl) || new URL(page.url()).pathname !== '/') await page.goto(`${baseUrl}/`);
  if (via === 'ble') await page.locator('[data-testid="emulator-via"] label').nth(1).click();
  await page.getByTestId('connect-emulator').click();
  if (expectUrl) await page.waitForURL(expectUrl, { timeout: 60_000 });
}

async function typeOtp(page: Page, otp: string) {
  await page.locator('.mantine-PinInput-input').first().click();
  await page.keyboard.type(otp);
  await page.getByTestId('otp-submit').click();
}

async function shownOtp(page: Page): Promise<string> {
  const prompt = page.locator('[data-testid="virtual-screen-prompt"][data-kind="otp"]');
  await prompt.waitFor();
  return (await prompt.getByTestId('virtual-screen-value').innerText()).trim();
}

const recorded = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? '[]') as string[], key);

async function waitForAlert(alerts: string[], text: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!alerts.includes(text)) {
    if (Date.now() > deadline) throw new Error(`no alert '${text}' (got ${JSON.stringify(alerts)})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const UPDATED = 'Firmware updated successfully.';

/** The remote config as the server answers it, with these external links configured (issue 18 item 4). */
async function withLinks(context: BrowserContext, links: Record<string, string>) {
  await context.route('**/api/config*', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as { links?: Record<string, string> };
    await route.fulfill({ response: res, json: { ...body, links: { ...body.links, ...links } } });
  });
}

describe('connect and home', () => {
  it('first connect: welcome modal, then the home page with status, firmware rows, news, FAQ, help and coin menu', async () => {
    const { context, page } = await journey({});
    await connect(page);
    const welcome = page.getByRole('dialog', { name: 'Welcome to SecuX Companion' });
    await welcome.waitFor();
    // Only Continue stores the flag: Escape and a click outside leave the modal open and store nothing.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(await welcome.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('authorized'))).toBeNull();
    await page.getByTestId('welcome-continue').click();
    await welcome.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('authorized'))).toBe('true');

    expect(await page.getByTestId('device-status').textContent()).toBe('Secure connection');
    expect(await page.getByTestId('mcu-version').innerText()).toBe('2.30');
    await page.getByTestId('mcu-latest').waitFor();
    expect(await page.getByTestId('se-version').innerText()).toBe('1.98.0');
    await page.getByTestId('se-latest').waitFor();
    // Announcements: newest first, dates MM/DD/YYYY, 4 shown (remote config shownNewsCount).
    await page.getByTestId('announcement').first().waitFor();
    const rows = await page.getByTestId('announcement').allInnerTexts();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Firmware 2.30 is available');
    expect(rows[0]).toContain('03/10/2025');
    // A row opens the item's content in the app (the sample item has no link out).
    await page.getByTestId('announcement').first().getByRole('button').click();
    const news = page.getByRole('dialog', { name: 'News' });
    await news
      .getByText('Connect your device over USB and open the update tab to install MCU firmware 2.30.')
      .waitFor();
    expect(await news.getByTestId('news-link-out').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/wallet');
    await page.keyboard.press('Escape');
    await news.waitFor({ state: 'hidden' });
    // FAQ accordion opens an answer.
    await page.getByRole('button', { name: 'Does the server see my keys?' }).click();
    await page.getByText('Keys never leave the device', { exact: false }).waitFor();
    // Guides come from the remote config; unconfigured ones open the product's home page (no guessed address).
    await page.getByTestId('help-cards').getByRole('link').nth(2).waitFor();
    expect(await page.getByTestId('help-cards').getByRole('link').count()).toBe(3);
    for (const link of await page.getByTestId('help-cards').getByRole('link').all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toBe('https://secuxtech.com/');
    }
    // Banner: enabled by the sample content; the small image below 576 px.
    await page.getByTestId('banner').waitFor();
    expect(await page.locator('[data-testid="banner"] source').getAttribute('media')).toBe(
      '(max-width: 576px)',
    );
    // Coin menu: the EVM entry right after ETH.
    const coins = await page
      .getByTestId('coin-menu')
      .locator('[data-testid^="coin-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(coins.indexOf('coin-EVM')).toBe(coins.indexOf('coin-ETH') + 1);
    // A device that is up to date gets no update prompt.
    expect(await page.getByTestId('force-update-modal').count()).toBe(0);
    // The developer panel is hidden by default.
    expect(await page.getByTestId('developer-panel').count()).toBe(0);

    // The authorized flag keeps the welcome modal closed on the next visit.
    await page.reload();
    await connect(page);
    await page.getByTestId('device-status').waitFor();
    expect(await page.getByTestId('welcome-continue').count()).toBe(0);
    await context.close();
  });

  it('Bluetooth: a wrong OTP disconnects with the toast, the right one connects; update notice and instructions', async () => {
    const { context, page } = await journey({ mcuVersion: '2.24.0', seVersion: '1.90.0' });
    await connect(page, 'ble', null);
    await shownOtp(page);
    await typeOtp(page, '000000');
    await page.getByText('Wrong OTP.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.getByTestId('connect-emulator').click();
    const otp = await shownOtp(page);
    await typeOtp(page, otp);
    await page.waitForURL(`${baseUrl}/wallet`, { timeout: 60_000 });
    await page.getByTestId('welcome-continue').click();
    // Bluetooth with an update needed (not forced): the notice opens and can be closed.
    const notice = page.getByRole('dialog', { name: 'Firmware update available' });
    await notice.waitFor();
    await page.getByTestId('force-update-now').click();
    // Update Now over Bluetooth: the connection-way options.
    await page.getByTestId('ble-step-options').waitFor();
    await page.getByTestId('ble-update-usb').click();
    await page.getByTestId('ble-update-next').click();
    await page.getByTestId('ble-step-btoff').waitFor();
    await page.getByTestId('ble-update-back').click(); // btoff → usb
    await page.getByTestId('ble-step-usb').waitFor();
    await page.getByTestId('ble-update-back').click(); // usb → options
    await page.getByTestId('ble-update-mobile').click();
    await page.getByTestId('ble-step-mobile').waitFor();
    await page.keyboard.press('Escape');
    // SE updates only over USB: the Bluetooth note instead of a button.
    await page.getByTestId('se-bluetooth-note').waitFor();
    expect(await page.getByTestId('se-update-button').count()).toBe(0);
    // And Setting's SE start button is disabled.
    await page.getByTestId('settings-link').click();
    await page.getByTestId('tab-se').click();
    await page.getByTestId('se-usb-only-note').waitFor();
    expect(await page.getByTestId('se-update-start').isDisabled()).toBe(true);
    await context.close();
  });

  it('the hidden developer panel shows when the remote config turns it on', async () => {
    const { context, page } = await journey({});
    await context.route('**/api/config*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      await route.fulfill({
        response: res,
        json: { ...body, environments: { developerPanel: true, stage: 'e2e' } },
      });
    });
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    const panel = page.getByTestId('developer-panel');
    await panel.waitFor();
    const text = await panel.innerText();
    expect(text).toContain('2.30');
    expect(text).toContain('authorized');
    expect(text).toContain('"stage": "e2e"');
    await context.close();
  });

  it('unplugging mid-session alerts err-06 and returns to the landing page', async () => {
    const { context, page, alerts } = await journey({});
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    await page.evaluate(() =>
      (window as unknown as { __secuxEmulator: { disconnect(): void } }).__secuxEmulator.disconnect(),
    );
    await waitForAlert(alerts, 'The device is disconnected. Please refresh the page and connect again.');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('connect-emulator').waitFor();
    await context.close();
  });
});

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

describe('coins and settings', () => {
  it('firmware gates: EVM needs MCU 2.24, BTC needs SE 1.92 (button texts); ETH opens the account list', async () => {
    const { context, page } = await journey({ mcuVersion: '2.20.0', seVersion: '1.90.0' });
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('coin-EVM').click();
    const modal = page.getByRole('dialog', { name: 'Firmware update needed' });
    await page.getByTestId('unsupported-coin-message').waitFor();
    expect(await page.getByTestId('unsupported-coin-message').innerText()).toBe(
      'EVM chains require MCU firmware v2.24 or higher.',
    );
    expect(await page.getByTestId('unsupported-coin-action').innerText()).toBe('Update MCU Firmware');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/wallet');

    await page.getByTestId('coin-BTC').click();
    expect(await page.getByTestId('unsupported-coin-action').innerText()).toBe('Update SE Firmware');
    expect(await page.getByTestId('unsupported-coin-message').innerText()).toBe(
      'Taproot requires SE firmware 1.92 or higher.',
    );
    await page.getByTestId('unsupported-coin-action').click();
    await page.waitForURL(`${baseUrl}/wallet/setting`);
    await page.getByTestId('se-update-panel').waitFor();

    await page.getByTestId('back-button').click();
    await page.waitForURL(`${baseUrl}/wallet`);
    await page.getByTestId('coin-ADA').click();
    expect(await page.getByTestId('unsupported-coin-action').innerText()).toBe('Update MCU Firmware');
    await page.getByTestId('unsupported-coin-action').click();
    await page.getByTestId('mcu-step-recovery').waitFor();
    await context.close();
  });

  it('ADA with recent firmware asks before opening the Cardano portal; ETH goes to the account list', async () => {
    const { context, page } = await journey({});
    // The portal's address comes from the remote config.
    await withLinks(context, { cardanoPortal: 'https://portal.example/cardano' });
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('coin-ADA').click();
    const portal = page.getByRole('dialog', { name: 'Go to the Cardano portal' });
    await portal.waitFor();
    expect(await portal.getByRole('link').getAttribute('target')).toBe('_blank');
    expect(await portal.getByRole('link').getAttribute('href')).toBe('https://portal.example/cardano');
    await page.keyboard.press('Escape');
    await page.getByTestId('coin-ETH').click();
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await context.close();
  });

  it('the display currency is kept across a reload; reset removes the wallet data this browser keeps and re-reads the accounts from the device', async () => {
    const { context, page } = await journey({});
    await connect(page);
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('settings-link').click();
    const select = page.getByRole('combobox', { name: 'Display currency' });
    await select.waitFor();
    expect(await select.locator('option').count()).toBe(37);
    expect(await select.inputValue()).toBe('USD');
    await select.selectOption('EUR');
    expect(await page.evaluate(() => localStorage.getItem('user-multiple-currency'))).toBe('EUR');
    // The rates load (local price table): no failure toast. When they cannot, the toast says so.
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.getByText('Failed to load the currency rates.').count()).toBe(0);
    await context.route('**/api/prices/fiat', (route) =>
      route.fulfill({ status: 503, json: { error: 'down' } }),
    );
    await select.selectOption('GBP');
    await page.getByText('Failed to load the currency rates.').waitFor();
    await context.unroute('**/api/prices/fiat');
    await select.selectOption('EUR');
    expect(await page.getByTestId('settings-mcu-version').innerText()).toBe('2.30');
    expect(await page.getByTestId('settings-se-version').innerText()).toBe('1.98.0');

    await page.reload();
    await connect(page);
    await page.getByTestId('settings-link').click();
    await page.getByRole('combobox', { name: 'Display currency' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Display currency' }).inputValue()).toBe('EUR');

    // Wallet data the app itself keeps: an added EVM chain (with its account, also written to the device)
    // and the welcome flag.
    await page.getByTestId('logo').click();
    await page.getByTestId('coin-EVM').click();
    await page.waitForURL(`${baseUrl}/wallet/evm-chains`);
    await page.getByTestId('evm-add-chain').click();
    await page.locator(`[data-testid="evm-chain-option"][data-chain-id="${side.chainId}"]`).click();
    await page.getByTestId('evm-chain-rpcs').fill(side.rpcUrl);
    await page.getByTestId('evm-chain-add-confirm').click();
    const sideAccount = page
      .locator(`[data-testid="evm-chain"][data-chain-id="${side.chainId}"]`)
      .locator('[data-testid="evm-chain-account"][data-index="0"]');
    await sideAccount.waitFor({ timeout: 30_000 });
    const walletKeys = () =>
      page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('secux.') || k === 'authorized'),
      );
    expect((await walletKeys()).sort()).toEqual(['authorized', 'secux.evm.addedChains']);
    const language = await page.evaluate(() => localStorage.getItem('user-language'));

    // Reset: confirm modal; every wallet key goes, the language and the currency stay.
    await page.getByTestId('settings-link').click();
    await page.getByTestId('reset-open').click();
    const confirm = page.getByRole('dialog', { name: 'Reset the wallet data?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await walletKeys()).toHaveLength(2);
    await page.getByTestId('reset-open').click();
    await page.getByTestId('reset-confirm').click();
    await page.getByText('The wallet data was reset.').waitFor();
    expect(await walletKeys()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('user-multiple-currency'))).toBe('EUR');
    expect(await page.evaluate(() => localStorage.getItem('user-language'))).toBe(language);

    // The welcome flag went with the rest: the welcome modal asks again on the wallet home.
    await page.getByTestId('back-button').click();
    await page.getByTestId('welcome-continue').click();
    // The accounts are read from the device again: the added chain's account comes back from it.
    await page.getByTestId('coin-EVM').click();
    await page.waitForURL(`${baseUrl}/wallet/evm-chains`);
    await sideAccount.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('secux.evm.addedChains'))).toContain(
      String(side.chainId),
    );
    await page.getByTestId('settings-link').click();

    // MCU tab: what's new and the update history.
    await page.getByTestId('tab-mcu').click();
    await page.getByTestId('mcu-whats-new').getByText('Latest version: 2.30').waitFor();
    await page.getByTestId('mcu-history-open').click();
    const history = page.getByTestId('mcu-history');
    await history.getByText('2.24').waitFor();
    expect(await history.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});

/** The English texts of this journey's screens, which must not show through in another language. */
function englishTexts(): string[] {
  const out: string[] = [];
  for (const area of ['home', 'settings', 'firmware', 'welcome', 'wallet', 'topbar']) {
    const en = JSON.parse(
      readFileSync(join(root, `packages/web-kit/src/i18n/locales/en/${area}.json`), 'utf8'),
    ) as Record<string, string>;
    out.push(...Object.values(en).filter((s) => s.split(' ').length >= 2 && !s.includes('{{')));
  }
  return out;
}

describe('every visible string of these screens is translated', () => {
  it.each([
    ['zh-TW', '歡迎使用 SecuX Companion', '一般'],
    ['pt-BR', 'Bem-vindo ao SecuX Companion', 'Geral'],
    ['en-US', 'Welcome to SecuX Companion', 'General'],
  ])('%s: home and every settings tab', async (locale, welcomeTitle, generalTab) => {
    const { context, page } = await journey({ mcuVersion: '2.24.0', seVersion: '1.90.0' }, { locale });
    await connect(page);
    await page.getByRole('dialog', { name: welcomeTitle }).waitFor();
    const texts: string[] = [await page.locator('body').innerText()];
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('announcement').first().waitFor();
    texts.push(await page.locator('body').innerText());
    await page.getByTestId('settings-link').click();
    await page.getByRole('tab', { name: generalTab }).waitFor();
    texts.push(await page.locator('body').innerText());
    await page.getByTestId('tab-mcu').click();
    await page.getByTestId('mcu-whats-new').waitFor();
    texts.push(await page.locator('body').innerText());
    await page.getByTestId('mcu-update-open').click();
    await page.getByTestId('mcu-step-recovery').waitFor();
    texts.push(await page.locator('body').innerText());
    await page.keyboard.press('Escape');
    await page.getByTestId('tab-se').click();
    await page.getByTestId('se-update-panel').waitFor();
    texts.push(await page.locator('body').innerText());
    const all = texts.join('\n');
    // No raw translation key (area.someKey) anywhere.
    expect(
      all.match(/\b(?:home|settings|firmware|welcome|wallet|topbar|errors|common)\.[a-zA-Z][\w-]*/g),
    ).toBeNull();
    if (!locale.startsWith('en')) {
      const leaked = englishTexts().filter((s) => all.includes(s));
      expect(leaked).toEqual([]);
    }
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
