/**
 * Spec 01 core journey on the emulator: connect, home, coins and settings, and their translations (issue 6); the
 * firmware updates and the other device states are journey-firmware's (the two files run side by side).
 * Each test picks the emulator's starting state by answering /api/emulator/config itself.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useJourney } from './journey-helpers';

const { stack, journey, connect, typeOtp, shownOtp, waitForAlert, withLinks } =
  await useJourney('journey-core');
const { baseUrl } = stack;
/** localnet's side chain (31338): the chain the local profile offers to add under EVM chains. */
const side = stack.localnet.sideEvm;
const root = resolve(import.meta.dirname, '..');

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
