/**
 * The portfolio's value chart (issue 33) in Chromium with the emulator, against the real server and every local
 * chain: after discovery at connect, home draws the total value over the day from each account's balance history
 * (Blockbook's balance history for BTC, the account's history elsewhere) times the local price table's history,
 * with a text summary, the TRX accounts' LUSDT included (its balance walked back through the same history, times its
 * price history by contract); another period asks its own prices; axe finds nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { useStack } from './stack';
import { useWalletPage } from './account-helpers';
import { axeViolations } from './axe-helpers';

const stack = await useStack('value-chart');
/** The local TRON's Local Tether (chain-tron's simulator LOCAL_TRC20). */
const LUSDT = 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3';
const { baseUrl } = stack;

describe('value chart on home', () => {
  let page: Page;
  const asked: string[] = [];
  useWalletPage({
    name: 'value-chart',
    baseUrl,
    onPage: (p) => {
      page = p;
      p.on('request', (r: Request) => {
        const u = new URL(r.url());
        if (u.pathname.startsWith('/api/')) asked.push(`${u.pathname}${u.search}`);
      });
    },
  });

  it("draws the portfolio's value over the day with its summary, from every coin read", async () => {
    await page
      .locator('[data-testid="portfolio-progress"][data-running="false"]')
      .waitFor({ timeout: 240_000 });
    const summary = page.getByTestId('value-chart-summary');
    await summary.waitFor({ timeout: 120_000 });
    await expect(summary.innerText()).resolves.toMatch(
      /^From \$[\d,]+\.\d\d to \$[\d,]+\.\d\d: [+-]\$[\d,]+\.\d\d/,
    );
    const d = await page.getByTestId('value-chart-line').getAttribute('d');
    expect(d).toMatch(/^M[\d.]+ [\d.]+ L/);
    // BTC's balances from Blockbook's balance history; the prices of every held coin in one request.
    expect(asked.some((a) => a.startsWith('/api/chains/BTC/balance-history/'))).toBe(true);
    const prices = asked.filter((a) => a.startsWith('/api/prices/history?'));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices[0]).toContain('bitcoin');
    expect(prices[0]).toContain('range=day');
    // The TRX accounts' LUSDT (the local TRON's genesis gives accounts 1 and 2 theirs; this file spends none): in
    // the line, its prices asked by contract, never named as left out.
    expect(
      asked
        .filter((a) => a.startsWith('/api/prices/history?platform=tron&contracts='))
        .map((a) => a.split('&')[1]),
    ).toEqual([`contracts=${LUSDT}`]);
    expect(await page.getByTestId('value-chart').innerText()).not.toContain('LUSDT');
    // Read from the history the coin's line reads: each TRX account's first page once, no other request for them.
    const trxHistory = asked
      .filter((a) => a.startsWith('/api/chains/TRX/history/'))
      .map((a) => a.split('?')[0]);
    expect(trxHistory.length).toBeGreaterThanOrEqual(2);
    expect(new Set(trxHistory).size).toBe(trxHistory.length);
    // Every token the total values is in the line here: no note says one is left out.
    expect(await page.getByTestId('value-chart-tokens-left-out').count()).toBe(0);
    expect(await axeViolations(page, 'value chart', '[data-testid="value-chart"]')).toEqual([]);
  });

  it('another period draws the chart again from its own prices', async () => {
    await page.getByTestId('value-chart').getByText('Week', { exact: true }).click();
    await expect
      .poll(() => asked.some((a) => a.startsWith('/api/prices/history?') && a.includes('range=week')), {
        timeout: 60_000,
      })
      .toBe(true);
    await expect(
      page.getByRole('img', { name: 'Portfolio value over the last week' }).waitFor({ timeout: 120_000 }),
    ).resolves.toBeUndefined();
    await expect(page.getByTestId('value-chart-summary').innerText()).resolves.toMatch(/^From \$/);
  });
});
