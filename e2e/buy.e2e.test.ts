/**
 * Buy-crypto chooser end to end (spec 01 §4 "Buy widgets"): in the local profile the server serves
 * stand-ins of both providers' widgets on http://localhost:PORT while the app runs on
 * http://127.0.0.1:PORT, so the app's origin checks are the real ones. Each stand-in asks for the
 * address confirmation by postMessage; the address is confirmed (or rejected) on the virtual screen and
 * the stand-in shows what the wallet answered.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { newContext, useBrowser } from './browser';
import { approveUntil, connectEmulator, openAccount, openCoin, receiveAddress } from './bitcoin-helpers';
import { evmCard } from './evm-helpers';

const browser = useBrowser();
const stack = await useStack('buy');
const { baseUrl } = stack;

const LTC_P44_0 = "m/44'/2'/0'";
const ETH_P0 = "m/44'/60'/0'";
const ETH_ACCOUNT0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('buy widgets (local stand-ins) through the UI with the emulator', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The stand-ins must be on another origin than the app for the origin checks to mean anything.
    expect(new URL(baseUrl).hostname).toBe('127.0.0.1');
    context = await newContext(browser());
    page = await context.newPage();
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page.screenshot({ path: `test-results/buy-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png` }).catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
  });

  const widget = (provider: 'primary' | 'secondary'): FrameLocator =>
    page.frameLocator(`[data-testid="buy-widget-${provider}"]`);
  const answer = async (frame: FrameLocator, expected: string) => {
    await expect
      .poll(() => frame.locator('#answer').innerText(), { timeout: 30_000 })
      .toBe(expected);
  };
  /** The app shows 'confirm on the device'; then the virtual screen prompt is approved or rejected. */
  const onDevice = async (choice: 'approve' | 'reject') => {
    await page.getByTestId('buy-confirming').waitFor();
    await page.getByTestId('virtual-screen-prompt').waitFor();
    await page.getByTestId(`emulator-${choice}`).click();
    await page.getByTestId('buy-confirming').waitFor({ state: 'detached' });
  };

  describe('LTC', () => {
    let address = '';

    it('offers both providers; the first one gets the signed address and its confirmation', async () => {
      await openCoin(page, baseUrl, 'LTC');
      await openAccount(page, baseUrl, LTC_P44_0);
      // The next receive address, as the Receive modal shows it (confirmed there on the device).
      address = await receiveAddress(page);
      expect(address.length).toBeGreaterThan(20);

      await page.getByTestId('account-buy').click();
      await page.getByTestId('buy-provider-primary').waitFor();
      await page.getByTestId('buy-provider-secondary').waitFor();
      const src = await page.getByTestId('buy-widget-primary').getAttribute('src');
      expect(new URL(src!).origin).toBe(`http://localhost:${new URL(baseUrl).port}`);

      const frame = widget('primary');
      await expect.poll(() => frame.locator('#address').innerText()).toBe(address);
      await frame.locator('#send-changed').click();
      await onDevice('approve');
      await answer(frame, `accepted ${address}`);
    });

    it('first provider: a reject on the device answers rejected', async () => {
      const frame = widget('primary');
      await frame.locator('#send-changed').click();
      await onDevice('reject');
      await answer(frame, `rejected ${address}`);
    });

    it('second provider: init with the address, needConfirmed → confirm-order; a reject → cancel', async () => {
      await page.getByTestId('buy-provider-secondary').click();
      const frame = widget('secondary');
      await expect.poll(() => frame.locator('#address').innerText(), { timeout: 30_000 }).toBe(address);
      await expect(frame.locator('#init').innerText()).resolves.toBe('currency=LTC locale=en');

      await frame.locator('#send-need').click();
      await onDevice('approve');
      await answer(frame, `confirm-order ${address}`);

      await frame.locator('#send-need').click();
      await onDevice('reject');
      await answer(frame, 'cancel');

      await page.keyboard.press('Escape');
      await page.getByTestId('buy-widget-secondary').waitFor({ state: 'detached' });
    });
  });

  it('ETH: both providers; the second confirms the account address shown on the device', async () => {
    await openCoin(page, baseUrl, 'ETH');
    await evmCard(page, ETH_P0).getByTestId('account-open').click();
    await page.waitForURL(`${baseUrl}/wallet/account/information`);
    await page.getByTestId('account-name').waitFor();

    await page.getByTestId('account-buy').click();
    await page.getByTestId('buy-provider-primary').waitFor();
    await page.getByTestId('buy-provider-secondary').click();
    const frame = widget('secondary');
    await expect.poll(() => frame.locator('#address').innerText(), { timeout: 30_000 }).toBe(ETH_ACCOUNT0);
    await expect(frame.locator('#init').innerText()).resolves.toBe('currency=ETH locale=en');
    await frame.locator('#send-need').click();
    await page.getByTestId('buy-confirming').waitFor();
    await approveUntil(page, async () => (await frame.locator('#answer').innerText()) !== 'waiting');
    await answer(frame, `confirm-order ${ETH_ACCOUNT0}`);
    // The second provider also sells ETH's tokens (spec 01): picking one re-initialises its widget with it.
    await page.getByTestId('buy-asset-secondary').selectOption('USDT');
    await expect.poll(() => frame.locator('#init').innerText(), { timeout: 30_000 }).toBe('currency=USDT locale=en');
    await expect(frame.locator('#address').innerText()).resolves.toBe(ETH_ACCOUNT0);
  });
});
