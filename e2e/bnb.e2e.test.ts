/**
 * BNB Beacon Chain end to end (issue 13) in Chromium with the emulator, against the real server on its default
 * configuration (no archive of the retired chain): the device's BNB account is shown with its bnb1 address derived by
 * the device, the list and the account page explain the halt and link to BNB Chain's token recovery, and the page has
 * neither Send nor Receive. The archive case is covered by the server test (chains/bnb/src/server/bnb.test.ts) and the page
 * test (chains/bnb/src/web/page.test.tsx).
 */
import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import type { Page } from 'playwright-core';
import { card, openAccount, openCoin } from './bitcoin-helpers';
import { useWalletPage } from './account-helpers';

const stack = await useStack('bnb');
const { baseUrl } = stack;
const P0 = "m/44'/714'/0'";

describe('BNB Beacon Chain: the read-only legacy view', () => {
  let page: Page;
  useWalletPage({ name: 'bnb', baseUrl, onPage: (p) => (page = p) });

  it('lists the BNB account with its bnb1 address and the retired notice, not an error', async () => {
    await openCoin(page, baseUrl, 'BNB');
    const notice = page.getByTestId('bnb-retired-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/385,251,927/);
    expect(await card(page, P0).innerText()).toMatch(/bnb1[02-9ac-hj-np-z]{38}/);
    expect(await card(page, P0).getByTestId('bnb-card-retired').innerText()).toMatch(/retired/);
  });

  it('the account page explains the halt, links to the token recovery and has no Send or Receive', async () => {
    await openAccount(page, baseUrl, P0);
    await page.getByTestId('bnb-retired-notice').waitFor();
    const href = await page.getByTestId('bnb-recovery-link').getAttribute('href');
    expect(href).toMatch(/^https:\/\/.*token-recover/);
    expect(await page.getByTestId('account-send').count()).toBe(0);
    expect(await page.getByTestId('account-receive').count()).toBe(0);
    expect(await page.getByText('Failed to load the account data').count()).toBe(0);
  });
});
