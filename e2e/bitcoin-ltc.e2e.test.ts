/**
 * Bitcoin family end to end on the local Litecoin regtest (issue 7): discovery of the funded emulator
 * accounts, receive to a new address, send between two emulator accounts, send-all, speed-up by RBF and
 * by CPFP. One browser page walks the scenario in order; blocks are mined by the test (no interval mining).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import {
  confirmSpeedUp,
  card,
  cardSats,
  connectEmulator,
  emulatorLtcAddress,
  ltcNode,
  openAccount,
  openCoin,
  receiveAddress,
  send,
  waitForCardSats,
} from './bitcoin-helpers';

const stack = await useStack('bitcoin-ltc');
const { baseUrl } = stack;
const ltc = stack.localnet.ltc;

const P44_0 = "m/44'/2'/0'";
const P44_1 = "m/44'/2'/1'";
const P49_0 = "m/49'/2'/0'";
const P49_1 = "m/49'/2'/1'";
const COIN = 100_000_000n;

describe('Litecoin regtest through the UI with the emulator', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dialogs: string[] = [];
  const node = ltcNode(ltc);

  /** In-app navigation only: a page load would drop the device connection. */
  const backToList = async () => {
    if (page.url().endsWith('/wallet/account/information')) await page.getByTestId('back-button').click();
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await page.getByTestId('account-grid').waitFor();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    page = await context.newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await node.mine(1); // the funding transactions of the localnet are confirmed
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page.screenshot({ path: `test-results/bitcoin-ltc-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png` }).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('discovers the funded accounts (bip 44 and 49, indexes probed while used) with their balances', async () => {
    await openCoin(page, baseUrl, 'LTC');
    const paths = await page.getByTestId('account-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(paths).toEqual([P44_0, P44_1, P49_0, P49_1]);
    for (const p of paths) expect(await cardSats(page, p!)).toBe(5n * COIN);
    await expect(card(page, P44_0).innerText()).resolves.toContain('LTC 1');
    await expect(card(page, P49_1).innerText()).resolves.toContain('LTC 2 SegWit');
    await expect(page.getByTestId('portfolio-coin').innerText()).resolves.toBe('20 LTC');
    // local price table: 85 USD per LTC
    await expect(page.getByTestId('portfolio-fiat').innerText()).resolves.toBe('$1,700.00');
  });

  it('receives to a new address confirmed on the device', async () => {
    await openAccount(page, baseUrl, P44_1);
    const address = await receiveAddress(page);
    // index 0 of the account is used: the next receive address is /0/1, in regtest format
    expect(address).toBe(emulatorLtcAddress(44, 1, 0, 1));
    await node.pay(address, 1);
    await node.mine(1);
    await backToList();
    await waitForCardSats(page, P44_1, (s) => s === 6n * COIN);
  });

  it("the Receive page from home offers the user's LTC accounts and confirms the chosen one's address on the device", async () => {
    await page.getByTestId('logo').click();
    await page.waitForURL(`${baseUrl}/wallet`);
    await page.getByTestId('home-receive').click();
    await page.getByTestId('receive-coin').selectOption('LTC');
    const account = page.getByTestId('receive-account');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="receive-account"] option').length === 4);
    const paths = await account.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value.split(':')[1]));
    expect(paths).toEqual([P44_0, P44_1, P49_0, P49_1]);
    await account.selectOption(`LTC:${P49_1}`);
    // index 0 of the account is used: its next receive address is /0/1
    await expect(page.getByTestId('receive-address').innerText()).resolves.toBe(emulatorLtcAddress(49, 1, 0, 1));
    await page.getByTestId('receive-verify').click();
    await page.getByTestId('virtual-screen-prompt').waitFor();
    await page.getByTestId('emulator-approve').click();
    await page.getByTestId('receive-verified').waitFor();
    await openCoin(page, baseUrl, 'LTC');
  });

  it('sends LTC from one emulator account to another; both balances after the next block', async () => {
    await openAccount(page, baseUrl, P44_1);
    const to = await receiveAddress(page);
    expect(to).toBe(emulatorLtcAddress(44, 1, 0, 2));
    await backToList();
    await openAccount(page, baseUrl, P44_0);
    const txid = await send(page, { recipient: to, amount: '1.5' });
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    // after the last step: back on the account list
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await expect(node.mempool()).resolves.toContain(txid);
    await node.mine(1);
    await waitForCardSats(page, P44_1, (s) => s === 7n * COIN + COIN / 2n);
    const rest = await waitForCardSats(page, P44_0, (s) => s < 35n * COIN / 10n);
    // 5 − 1.5 − fee (medium preset 4 sat/vB)
    expect(rest).toBeGreaterThan(35n * COIN / 10n - 5000n);
  });

  it('send-all empties the account into another one', async () => {
    const to = emulatorLtcAddress(49, 0, 0, 1);
    await openAccount(page, baseUrl, P49_1);
    await send(page, { recipient: to, sendAll: true });
    await node.mine(1);
    await waitForCardSats(page, P49_1, (s) => s === 0n);
    const got = await waitForCardSats(page, P49_0, (s) => s > 9n * COIN);
    expect(got).toBeLessThan(10n * COIN);
  });

  it('speeds up a pending send by RBF and the replacement confirms', async () => {
    await openAccount(page, baseUrl, P44_0);
    const original = await send(page, { recipient: emulatorLtcAddress(44, 1, 0, 3), amount: '0.2' });
    await openAccount(page, baseUrl, P44_0);
    const item = page.locator(`[data-testid="history-item"][data-hash="${original}"]`);
    await item.waitFor();
    expect(await item.getAttribute('data-pending')).toBe('true');
    const button = item.getByTestId('history-speed-up');
    expect(await button.getAttribute('data-kind')).toBe('rbf');
    await button.click();
    const replacement = await confirmSpeedUp(page, 'rbf');
    expect(replacement).not.toBe(original);
    const pool = await node.mempool();
    expect(pool).toContain(replacement);
    expect(pool).not.toContain(original);
    await page.getByTestId('speed-up-done').click();
    await node.mine(1);
    const tx = await node.call<{ confirmations: number }>('getrawtransaction', [replacement, true]);
    expect(tx.confirmations).toBeGreaterThanOrEqual(1);
  });

  it('speeds up an incoming pending transaction by CPFP', async () => {
    await backToList();
    await openAccount(page, baseUrl, P44_1);
    const incoming = await node.pay(emulatorLtcAddress(44, 1, 0, 4), 0.5);
    await page.getByTestId('tab-history').click();
    const item = page.locator(`[data-testid="history-item"][data-hash="${incoming}"]`);
    await item.waitFor({ timeout: 30_000 });
    const button = item.getByTestId('history-speed-up');
    expect(await button.getAttribute('data-kind')).toBe('cpfp');
    await button.click();
    const child = await confirmSpeedUp(page, 'cpfp');
    const entry = await node.call<{ depends: string[] }>('getmempoolentry', [child]);
    expect(entry.depends).toContain(incoming);
    await page.getByTestId('speed-up-done').click();
    await node.mine(1);
    for (const id of [incoming, child]) {
      const tx = await node.call<{ confirmations: number }>('getrawtransaction', [id, true]);
      expect(tx.confirmations).toBeGreaterThanOrEqual(1);
    }
    expect(dialogs).toEqual([]);
  });

  it('creates, renames and deletes an account, kept in sync with the device', async () => {
    await backToList();
    await page.getByTestId('accounts-create').click();
    await page.getByTestId('account-form-bip').selectOption('44');
    await expect(page.getByTestId('account-form-name').inputValue()).resolves.toBe('LTC 3');
    await page.getByTestId('account-form-save').click();
    const created = card(page, "m/44'/2'/2'");
    await created.waitFor();
    // the previous account of that purpose is now empty: warm-002
    await page.getByTestId('accounts-create').click();
    await page.getByTestId('account-form-bip').selectOption('44');
    await page.getByTestId('account-form-warning').waitFor();
    expect(await page.getByTestId('account-form-save').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    // rename: duplicate (err-25), too long (err-38), then a valid name
    await created.getByTestId('account-menu').click();
    await page.locator('[data-testid="account-rename"]:visible').click();
    const name = page.getByTestId('account-form-name');
    await name.fill('LTC 1');
    await page.getByText('already', { exact: false }).first().waitFor();
    await name.fill('a'.repeat(16));
    expect(await page.getByTestId('account-form-save').isDisabled()).toBe(true);
    await name.fill('Savings');
    await page.getByTestId('account-form-save').click();
    // The rename is written to the device before the card shows it: wait for it rather than read once.
    await expect.poll(() => created.getByTestId('account-open').innerText(), { timeout: 15_000 }).toBe('Savings');
    // a used account cannot be deleted: the alert err-11 (spec 01 §6), no confirmation; the empty one can
    await card(page, P44_0).getByTestId('account-menu').click();
    await page.locator('[data-testid="account-delete"]:visible').click();
    const blocked = 'This account cannot be deleted because it has transaction history or LTC tokens.';
    await expect.poll(() => dialogs).toEqual([blocked]);
    expect(await page.getByTestId('account-delete-confirm').count()).toBe(0);
    await page.waitForFunction(() => ![...document.querySelectorAll<HTMLElement>('[data-testid="account-delete"]')].some((e) => e.offsetParent));
    await created.getByTestId('account-menu').click();
    await page.locator('[data-testid="account-delete"]:visible').click();
    await page.getByTestId('account-delete-confirm').click();
    await created.waitFor({ state: 'detached' });
    expect(dialogs).toEqual([blocked]);
  });
});
