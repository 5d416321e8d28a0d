/**
 * Accessibility and trust checks (issue 20) on the main path, on the emulator and the local EVM chain:
 * - axe-core (WCAG 2 A and AA) finds no violation on the landing page, the welcome modal, home, the account
 *   list, the account page and the send modal (details and review) in English, Traditional Chinese and
 *   Portuguese (one after the other, each in its own browser context);
 * - the path connect → account → send → status works with the keyboard alone, focus moving into the modals
 *   and out of them; the status and device prompt are live regions;
 * - a look-alike of an address in the account's history raises the strong warning in the details and the
 *   review, which shows the full recipient in groups of four;
 * - the main screens, Settings and Receive have no horizontal overflow at 360 px.
 * The other screens, the other families and the firmware screens are a11y-screens, a11y-families and a11y-firmware:
 * each file has its own stack, so the four run side by side (one page at a time each: the workers set the load).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { buttonEnabled } from './account-helpers';
import { axe, LOCALES, shot, SHOTS, usePage, violations, type Found } from './a11y-helpers';
import { settled, useBrowser } from './browser';
import { approveUntil, card } from './bitcoin-helpers';
import { receiptStatus, rpc } from './evm-helpers';
import { useStack } from './stack';

const browser = useBrowser();
const stack = await useStack('a11y-main');
const { baseUrl } = stack;
const evm = stack.localnet.evm;

const P0 = "m/44'/60'/0'";
const ACCOUNT0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

/**
 * Dust from the emulator's account 1 to account 0, as a poisoner sends it: account 0's history then holds
 * account 1's address, and its look-alike (same first and last four characters) must be flagged.
 */
const DUSTER = () => evm.accounts[1]!.address;
const lookAlikeOf = (a: string) => `${a.slice(0, 6)}${'0'.repeat(a.length - 10)}${a.slice(-4)}`.toLowerCase();

beforeAll(async () => {
  const hash = await rpc<string>(evm.rpcUrl, 'eth_sendTransaction', [
    { from: DUSTER(), to: ACCOUNT0, value: '0x1' },
  ]);
  expect(await receiptStatus(evm.rpcUrl, hash)).toBe('0x1');
});
/** Presses Tab until the focused element is (or is inside) `selector`; fails when it is not reachable. */
async function tabTo(page: Page, selector: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate((s) => !!document.activeElement?.closest(s), selector);
    if (at) return;
  }
  throw new Error(`${selector} is not reachable with Tab`);
}

const focusInDialog = (page: Page) =>
  page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

/** The widest element's right edge beyond the viewport (0: no horizontal overflow). */
const overflow = (page: Page) =>
  page.evaluate(() =>
    Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
  );

/** How far the top bar's content is wider than the bar (0: it fits, nothing scrolled or cut off). */
const topBarOverflow = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('header.topbar')!;
    const parts = [bar, ...bar.querySelectorAll<HTMLElement>('*')];
    return Math.max(0, ...parts.map((el) => el.scrollWidth - el.clientWidth));
  });

describe.each(LOCALES)('axe (WCAG 2 A + AA) in %s', (locale, lang) => {
  const openPage = usePage(browser);

  it('landing, welcome modal, home, account list, account page, send details and review: no violation', async () => {
    const page = await openPage(locale);
    const found: Found[] = [];
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('connect-emulator').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    found.push(await axe(page, 'landing'));

    await page.getByTestId('connect-emulator').click();
    await page.waitForURL(`${baseUrl}/wallet`, { timeout: 60_000 });
    await page.getByTestId('welcome-continue').waitFor({ timeout: 30_000 });
    found.push(await axe(page, 'welcome modal'));
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('welcome-continue').waitFor({ state: 'detached' });
    found.push(await axe(page, 'home'));
    await shot(page, lang, 'home');
    // 360 px (a phone): the top bar's links fold into its menu, so the bar fits ('Configurações' in pt)
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('topbar-menu').waitFor();
    expect(await topBarOverflow(page), `top bar at 360 px in ${lang}`).toBe(0);
    await page.getByTestId('topbar-menu').click();
    await page.getByTestId('settings-link').waitFor();
    found.push(await axe(page, 'top bar menu at 360 px'));
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-link').waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByTestId('coin-ETH').click();
    await page.getByTestId('account-grid').waitFor({ timeout: 120_000 });
    found.push(await axe(page, 'account list'));

    await card(page, P0).getByTestId('account-open').click();
    await page.getByTestId('account-name').waitFor();
    found.push(await axe(page, 'account page'));
    await shot(page, lang, 'account');

    await page.getByTestId('account-send').click();
    await page.getByTestId('send-available').waitFor();
    await page.getByTestId('send-recipient').fill(evm.accounts[2]!.address);
    await page.getByTestId('send-amount').fill('0.01');
    await buttonEnabled(page, 'send-continue');
    found.push(await axe(page, 'send details'));
    await page.getByTestId('send-continue').click();
    await page.getByTestId('send-sign').waitFor({ timeout: 30_000 });
    found.push(await axe(page, 'send review'));
    await shot(page, lang, 'send-review');
    // back to Details with a look-alike of the duster's address: the warning is accessible too
    await page.getByTestId('send-back').click();
    await page.getByTestId('send-recipient').fill(lookAlikeOf(DUSTER()));
    await page
      .locator('[data-testid="recipient-look-alike"][data-where="details"]')
      .waitFor({ timeout: 30_000 });
    found.push(await axe(page, 'look-alike warning'));
    await shot(page, lang, 'look-alike-warning');
    if (SHOTS) {
      // home again, now that the ETH accounts are read: the portfolio has its values
      await page.keyboard.press('Escape');
      await page.getByTestId('send-available').waitFor({ state: 'detached' });
      await page.getByTestId('logo').click();
      await page.getByTestId('portfolio-total').waitFor();
      await settled(page);
      await shot(page, lang, 'home');
    }

    expect(violations(found, lang)).toEqual([]);
  }, 420_000);
});
describe('keyboard, screen readers, look-alike recipients and narrow screens (en)', () => {
  const openPage = usePage(browser);

  it('connect → account → send → status with the keyboard alone; a look-alike of a history address raises the warning', async () => {
    const page = await openPage('en-US');
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('connect-emulator').waitFor();
    await tabTo(page, '[data-testid="connect-emulator"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/wallet`, { timeout: 60_000 });
    await page.getByTestId('welcome-continue').waitFor({ timeout: 30_000 });
    // focus moves into the welcome modal and stays there
    await expect.poll(() => focusInDialog(page)).toBe(true);
    await tabTo(page, '[data-testid="welcome-continue"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('welcome-continue').waitFor({ state: 'detached' });

    await tabTo(page, '[data-testid="coin-ETH"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('account-grid').waitFor({ timeout: 120_000 });
    await tabTo(page, `[data-testid="account-card"][data-path="${P0}"] [data-testid="account-open"]`);
    await page.keyboard.press('Enter');
    await page.getByTestId('account-name').waitFor();

    await tabTo(page, '[data-testid="account-send"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('send-available').waitFor();
    await expect.poll(() => focusInDialog(page)).toBe(true);
    const friend = evm.accounts[2]!.address;
    await tabTo(page, '[data-testid="send-recipient"]');
    await page.keyboard.type(friend);
    await tabTo(page, '[data-testid="send-amount"]');
    await page.keyboard.type('0.001');
    await buttonEnabled(page, 'send-continue');
    await tabTo(page, '[data-testid="send-continue"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('send-sign').waitFor({ timeout: 30_000 });
    // the review shows the whole recipient in groups of four, as the device does
    const shown = await page.getByTestId('review-recipient').innerText();
    expect(shown.replace(/\s+/g, '')).toBe(friend);
    expect(shown.trim().split(/\s+/)[0]).toBe(friend.slice(0, 4));
    // the device prompt is announced
    expect(await page.getByTestId('send-sign-progress').getAttribute('aria-live')).toBe('polite');
    await tabTo(page, '[data-testid="send-sign"]');
    await page.keyboard.press('Enter');
    await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
    await tabTo(page, '[data-testid="send-broadcast"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('send-status').getAttribute('aria-live')).toBe('polite');
    const hash = (await page.getByTestId('send-txid').innerText()).trim();
    await tabTo(page, '[data-testid="send-done"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/wallet/account`);
    // focus left the closed modal
    expect(await focusInDialog(page)).toBe(false);

    // The account has now sent to `friend`: a look-alike (same first and last four characters) is flagged.
    await card(page, P0).getByTestId('account-open').click();
    await page.getByTestId('account-name').waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator(`[data-testid="history-item"][data-hash="${hash}"]`).waitFor({ timeout: 60_000 });
    // all lower case: a valid EVM address (no checksum to fail), same first and last four as `friend`
    const lookAlike =
      `${friend.slice(0, 6)}${'0'.repeat(friend.length - 10)}${friend.slice(-4)}`.toLowerCase();
    await page.getByTestId('account-send').click();
    await page.getByTestId('send-recipient').fill(lookAlike);
    const warning = page.locator('[data-testid="recipient-look-alike"][data-where="details"]');
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.getAttribute('role')).toBe('alert');
    // it names the address of the history it imitates (hex: any case)
    expect((await warning.innerText()).replace(/\s+/g, '').toLowerCase()).toContain(friend.toLowerCase());
    await page.getByTestId('send-amount').fill('0.001');
    await buttonEnabled(page, 'send-continue');
    await page.getByTestId('send-continue').click();
    await page
      .locator('[data-testid="recipient-look-alike"][data-where="review"]')
      .waitFor({ timeout: 30_000 });
    // the address sent to before gets no notice at all; a new one gets the first-send notice
    await page.getByTestId('send-back').click();
    await page.getByTestId('send-recipient').fill(friend);
    await page.getByTestId('recipient-look-alike').waitFor({ state: 'detached' });
    expect(await page.getByTestId('recipient-first-send').count()).toBe(0);
    await page.getByTestId('send-recipient').fill(evm.accounts[4]!.address);
    await page.getByTestId('recipient-first-send').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('send-available').waitFor({ state: 'detached' });

    // 360 px (an Android phone): no horizontal overflow on the main screens
    await page.setViewportSize({ width: 360, height: 740 });
    await settled(page);
    expect(await overflow(page), 'account page').toBe(0);
    await page.getByTestId('account-send').click();
    await page.getByTestId('send-available').waitFor();
    await settled(page);
    expect(await overflow(page), 'send modal').toBe(0);
    // the four fee choices fit the modal: Custom, the last, is not pushed out of it
    await page.getByTestId('send-fee-mode').waitFor();
    const feeFits = await page.evaluate(() => {
      const control = document.querySelector<HTMLElement>('[data-testid="send-fee-mode"]')!;
      const dialog = control.closest('[role="dialog"]')!.getBoundingClientRect();
      const last = [...control.querySelectorAll('label')].at(-1)!.getBoundingClientRect();
      return control.scrollWidth <= control.clientWidth + 1 && last.right <= dialog.right + 1;
    });
    expect(feeFits, 'fee choices inside the send modal at 360 px').toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('back-button').click();
    await page.getByTestId('account-grid').waitFor();
    expect(await overflow(page), 'account list').toBe(0);
    await page.getByTestId('logo').click();
    await page.waitForURL(`${baseUrl}/wallet`);
    await page.getByTestId('coin-menu').waitFor();
    expect(await overflow(page), 'home').toBe(0);
    // the top bar fits (its links fold into the menu; nothing scrolls or is cut off at the edge)
    expect(await topBarOverflow(page), 'top bar').toBe(0);
    await page.getByTestId('topbar-menu').click();
    await page.getByTestId('settings-link').click();
    await page.getByTestId('tab-general').waitFor();
    await settled(page);
    expect(await overflow(page), 'settings').toBe(0);
    await page.getByTestId('tab-mcu').click();
    await page.getByTestId('mcu-whats-new').waitFor();
    expect(await overflow(page), 'settings mcu').toBe(0);
    await page.getByTestId('logo').click();
    await page.getByTestId('home-receive').click();
    await page.getByTestId('receive-verify').waitFor({ timeout: 60_000 });
    await settled(page);
    expect(await overflow(page), 'receive').toBe(0);
    await page.getByTestId('logo').click();
    await page.getByTestId('coin-menu').waitFor();

    // Dark mode follows the system setting (no choice stored yet), and stays readable (axe, AA contrast).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme')))
      .toBe('dark');
    const dark = await axe(page, 'home (dark)');
    if (dark.rules.length) console.log(JSON.stringify(dark, null, 1));
    expect(dark.rules).toEqual([]);
  }, 240_000);
});
