/**
 * Discovery at connect and the home portfolio (issue 33) in Chromium with the emulator, against the real server and
 * every local chain: a new user connects and, without opening any coin, sees the funded accounts of several coins in
 * one portfolio valued in the display currency (the local price table), each coin's state and the progress; opening
 * a coin afterwards shows its accounts at once, without recovering them again.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { useStack } from './stack';
import { useWalletPage } from './account-helpers';

const stack = await useStack('portfolio');
const { baseUrl } = stack;

/** Coins whose emulator accounts the local network funds at start. */
const FUNDED = ['BTC', 'LTC', 'ETH', 'XRP', 'XLM', 'TRX', 'SOL'];

const row = (page: Page, coin: string) => page.locator(`[data-testid="portfolio-row"][data-coin="${coin}"]`);

describe('portfolio at connect', () => {
  let page: Page;
  const chainRequests: string[] = [];
  useWalletPage({
    name: 'portfolio',
    baseUrl,
    onPage: (p) => {
      page = p;
      p.on('request', (r: Request) => {
        const path = new URL(r.url()).pathname;
        if (path.startsWith('/api/chains/')) chainRequests.push(path);
      });
    },
  });

  it('shows the funded accounts of several coins without opening any coin, each coin refreshed', async () => {
    // discovery ends: every coin has its final state
    await page
      .locator('[data-testid="portfolio-progress"][data-running="false"]')
      .waitFor({ timeout: 240_000 });
    expect(page.url()).toBe(`${baseUrl}/wallet`);
    for (const coin of FUNDED) {
      await expect(row(page, coin).getAttribute('data-state'), coin).resolves.toBe('fresh');
      await expect(row(page, coin).getByTestId('portfolio-value').innerText(), coin).resolves.toMatch(
        /^\$[\d,]+\.\d\d$/,
      );
    }
    // XRP: the two funded accounts, at the local table's 0.6 USD
    const drops = stack.xrpl.accounts.slice(0, 2).reduce((s, a) => s + BigInt(a.balanceDrops), 0n);
    await expect(row(page, 'XRP').getByTestId('portfolio-amount').innerText()).resolves.toBe(
      `${(drops / 1_000_000n).toLocaleString('en-US')} XRP`,
    );
    const cents = (drops * 60n) / 1_000_000n;
    await expect(row(page, 'XRP').getByTestId('portfolio-value').innerText()).resolves.toBe(
      `$${(cents / 100n).toLocaleString('en-US')}.${(cents % 100n).toString().padStart(2, '0')}`,
    );
    // the local price table's 24 h change (ripple +1.6 %) and a total in the display currency
    await expect(row(page, 'XRP').getByTestId('portfolio-row-change').innerText()).resolves.toBe('+1.6%');
    await expect(page.getByTestId('portfolio-total').innerText()).resolves.toMatch(/^\$[\d,]+\.\d\d$/);
    await expect(page.getByTestId('portfolio-change').innerText()).resolves.toMatch(/^24 h change: [+−]\$/);
    // a coin without a price (HME) is named, never valued at 0
    const hme = row(page, 'HME');
    if (await hme.count())
      await expect(hme.getByTestId('portfolio-value').innerText()).resolves.toBe('Price N/A');
    // every coin's state is listed
    await page.getByTestId('portfolio-coins').getByRole('button').click();
    const states = await page
      .getByTestId('portfolio-coin')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-coin')}:${e.getAttribute('data-state')}`));
    expect(states.length).toBeGreaterThan(10);
    expect(states.filter((s) => /:(stored|queued|refreshing)$/.test(s))).toEqual([]);
  }, 300_000);

  it('opening a coin shows the accounts discovery read, without recovering them again', async () => {
    const probes = () => chainRequests.filter((p) => p.startsWith('/api/chains/XRP/account/'));
    // discovery probed account 0, 1 and the unused account 2
    const discovered = probes().length;
    expect(discovered).toBeGreaterThanOrEqual(3);
    await page.getByTestId('coin-XRP').click();
    await page.waitForURL(`${baseUrl}/wallet/account`);
    await page.getByTestId('account-grid').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('account-card').count()).resolves.toBe(2);
    // a recovery would probe every index again (and the unused one); at most the page's own read of one account
    expect(probes().length - discovered).toBeLessThanOrEqual(1);
  }, 60_000);
});
