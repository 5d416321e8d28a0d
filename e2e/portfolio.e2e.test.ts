/**
 * Discovery at connect and the home portfolio (issue 33) in Chromium with the emulator, against the real server and
 * every local chain: a new user connects and, without opening any coin, sees the funded accounts of several coins in
 * one portfolio valued in the display currency (the local price table), the tokens those accounts hold counted in the
 * total (the local TRON's LUSDT, read with the accounts), each coin's state and the progress; opening a coin
 * afterwards shows its accounts at once, without recovering them again.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { LOCAL_TRC20 } from '@secux-companion/localnet';
import { useStack } from './stack';
import { useWalletPage } from './account-helpers';

const stack = await useStack('portfolio');
const { baseUrl } = stack;

/** Coins whose emulator accounts the local network funds at start. */
const FUNDED = ['BTC', 'LTC', 'ETH', 'XRP', 'XLM', 'TRX', 'SOL'];

const row = (page: Page, coin: string) => page.locator(`[data-testid="portfolio-row"][data-coin="${coin}"]`);
/** '$1,234.56' → cents. */
const cents = (text: string) => {
  const m = /^\$([\d,]+)\.(\d\d)$/.exec(text);
  if (!m) throw new Error(`not a USD amount: ${text}`);
  return BigInt(m[1]!.replace(/,/g, '')) * 100n + BigInt(m[2]!);
};

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

  it('counts the tokens the accounts hold in the total: TRX accounts 1 and 2 hold 1,000,010 LUSDT at 1 USD', async () => {
    const lusdt = page.locator(
      `[data-testid="portfolio-token-row"][data-coin="TRX"][data-contract="${LOCAL_TRC20.address}"]`,
    );
    await lusdt.waitFor({ timeout: 30_000 });
    await expect(lusdt.getByTestId('portfolio-token-symbol').innerText()).resolves.toBe('LUSDT');
    await expect(lusdt.getByTestId('portfolio-amount').innerText()).resolves.toBe('1,000,010 LUSDT');
    await page.locator('[data-testid="portfolio-total"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    await expect(lusdt.getByTestId('portfolio-value').innerText()).resolves.toBe('$1,000,010.00');
    // the local table's 24 h change of LUSDT (−0.1 %)
    await expect(lusdt.getByTestId('portfolio-row-change').innerText()).resolves.toBe('-0.1%');
    // the total is every valued row, the token's among them (each row rounded to the cent)
    const values = await page
      .locator('[data-testid="portfolio-row"], [data-testid="portfolio-token-row"]')
      .getByTestId('portfolio-value')
      .allInnerTexts();
    const valued = values.filter((v) => v.startsWith('$')).map(cents);
    const total = cents(await page.getByTestId('portfolio-total').innerText());
    const sum = valued.reduce((a, b) => a + b, 0n);
    expect(total >= 100_001_000n).toBe(true);
    expect(total - sum <= BigInt(valued.length) && sum - total <= BigInt(valued.length)).toBe(true);
    // the TRC-10 asset (LTA, no contract to price) is named, never valued at 0
    const lta = page.locator('[data-testid="portfolio-token-row"][data-coin="TRX"][data-contract="1000001"]');
    await expect(lta.getByTestId('portfolio-value').innerText()).resolves.toBe('Price N/A');
    await expect(page.getByTestId('portfolio-unpriced').innerText()).resolves.toContain('LTA (TRX)');
  }, 60_000);

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
