import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Page } from 'playwright-core';
import { newContext, useBrowser } from './browser';

const browser = useBrowser();
const stack = await useStack('emulator');
const { baseUrl } = stack;

async function connectEmulator(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('connect-emulator').click();
  await page.waitForURL(`${baseUrl}/wallet`, { timeout: 60_000 });
}

describe('the emulator on the landing page', () => {
  it('connects, reaches the wallet, and an address is approved on the virtual screen', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await connectEmulator(page);
    // First visit: the welcome modal until Continue stores the authorized flag.
    await page.getByTestId('welcome-continue').click();
    await expect(page.getByTestId('mcu-version').textContent()).resolves.toMatch(/^\d+\.\d+$/);
    await page.getByTestId('home-receive').click();
    await page.getByTestId('receive-verify').click();
    const prompt = page.getByTestId('virtual-screen-prompt');
    await prompt.waitFor();
    expect(await prompt.getAttribute('data-kind')).toBe('address');
    // The device shows a BIP-84 address of the test mnemonic (BIP-84's test vectors): index 1, since the local
    // BTC chain funded index 0 (bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu).
    const next = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
    await expect(prompt.innerText()).resolves.toContain(next);
    await expect(prompt.innerText()).resolves.toContain("m/84'/0'/0'/0/1");
    await page.getByTestId('emulator-approve').click();
    await page.getByTestId('receive-verified').waitFor();
    expect(await page.getByTestId('receive-address').innerText()).toBe(next);
    // Reload: the authorized flag keeps the welcome modal closed.
    await context.close();
  });

  it('rejecting on the virtual screen is silent and shows no address', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await connectEmulator(page);
    await page.getByTestId('welcome-continue').click();
    await page.getByTestId('home-receive').click();
    // The Receive page offers the user's accounts per coin (account 0 of ETH is always there).
    await page.getByTestId('receive-coin').selectOption('ETH');
    await page.getByTestId('receive-account').waitFor();
    await page.getByTestId('receive-verify').click();
    await expect(page.getByTestId('virtual-screen-prompt').innerText()).resolves.toContain(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    await page.getByTestId('emulator-reject').click();
    await page.getByTestId('receive-verify').waitFor();
    expect(await page.getByTestId('receive-verified').count()).toBe(0);
    expect(await page.getByTestId('receive-error').count()).toBe(0);
    await context.close();
  });
});
