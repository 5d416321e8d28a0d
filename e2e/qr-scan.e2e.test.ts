/**
 * The send form's QR scanner in real Chromium with a fake camera that films a QR code of a Litecoin
 * payment URI: the recipient field gets the address part. Debian's desktop Chromium has no BarcodeDetector
 * (like desktop Chrome on Windows and Linux), so this is the jsQR fallback; where the browser has one, the
 * same test passes through the native detector. The browser is this file's own: the fake camera switches
 * are launch options.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useStack } from './stack';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser';
import { connectEmulator, emulatorLtcAddress, ltcNode, openAccount, openCoin } from './bitcoin-helpers';
import { fakeCameraArgs, writeQrY4m } from './fake-camera';

const stack = await useStack('qr-scan');
const { baseUrl } = stack;
const ltc = stack.localnet.ltc;

describe('QR scan of the recipient with a camera', () => {
  // An emulator account's receive address, as the send test in bitcoin-ltc.e2e.test.ts uses.
  const address = emulatorLtcAddress(44, 1, 0, 2);
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let video: string | undefined;
  const requested: string[] = [];

  beforeAll(async () => {
    video = writeQrY4m(`litecoin:${address}`);
    browser = await launchBrowser({ args: fakeCameraArgs(video) });
    context = await newContext(browser);
    // The fake-UI switch answers the prompt; the grant covers headless builds that ask Playwright instead.
    await context.grantPermissions(['camera'], { origin: baseUrl });
    page = await context.newPage();
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await ltcNode(ltc).mine(1); // the localnet's funding is confirmed, so discovery lists the accounts
    await connectEmulator(page, baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        .screenshot({ path: `test-results/qr-scan-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png` })
        .catch(() => undefined);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (video) rmSync(dirname(video), { recursive: true, force: true });
  });

  it('fills the recipient with the address part of the scanned litecoin: URI', async () => {
    const native = await page.evaluate(() => 'BarcodeDetector' in window);
    console.info(
      `QR scan e2e: decoding through ${native ? 'the native BarcodeDetector' : 'the jsQR fallback'}`,
    );
    // jsQR is a lazy chunk: nothing has fetched it before the scanner opens.
    expect(requested.filter((p) => /jsqr/i.test(p))).toEqual([]);

    await openCoin(page, baseUrl, 'LTC');
    await openAccount(page, baseUrl, "m/44'/2'/0'");
    await page.getByTestId('account-send').click();
    const recipient = page.getByTestId('send-recipient');
    await recipient.waitFor();
    expect(await recipient.inputValue()).toBe('');

    await page.getByTestId('send-scan').click();
    await expect.poll(() => recipient.inputValue(), { timeout: 30_000 }).toBe(address);
    // The modal closes on a scan (and with it the camera).
    await page.getByRole('dialog', { name: 'Scan a QR code' }).waitFor({ state: 'detached' });
    expect(await page.getByTestId('qr-scan-problem').count()).toBe(0);
    // Without a native detector the frames went through jsQR, fetched only now.
    expect(requested.some((p) => /jsqr/i.test(p))).toBe(!native);
  });
});
