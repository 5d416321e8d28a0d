#!/usr/bin/env node
/**
 * Discovery at connect benchmark (issue 33): from the click on Connect to a fully refreshed portfolio (every coin of
 * the menu in its final state: up to date, failed or not served), on the default start, in Chromium with the
 * emulator — the time each coin took and the product-API requests per coin and per account.
 *   node --import tsx bench/discovery.mjs [--runs 1]
 * Starts the end-to-end tests' stack (e2e/stack.ts: every chain, funded for the emulator's accounts at start,
 * and the product server, local profile) serving the built web app (WEB_DIST, default apps/web/dist; build it
 * first: cd apps/web && npx vite build), then connects the emulator in a fresh browser context and watches the home
 * portfolio's list of coins, then the value chart. Each request to /api/chains/<COIN>/… counts for that coin (the
 * coin's discovery and what the home page and its chart read of it); /api/chains and /api/prices are shared and
 * reported apart.
 * Target: every coin refreshed within 10 s, at most 3 product-API requests per account (a coin with no account
 * counts as one). Exit 1 when missed.
 */
import fs from 'node:fs';
import path from 'node:path';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : def;
};
const RUNS = arg('runs', 1);
const TARGET_MS = 10_000;
const TARGET_PER_ACCOUNT = 3;
const FINAL = new Set(['fresh', 'failed', 'unserved']);

// The end-to-end tests' stack and browser: the same chains, funding, server and Chromium switches.
const { CONTRACT_CACHE, WEB_DIST, startStack } = await import('../e2e/stack.ts');
const { launchBrowser, newContext } = await import('../e2e/browser.ts');
const { compileContracts } = await import('@secux-companion/localnet');
if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
  console.error(`${WEB_DIST} has no built web app: cd apps/web && npx vite build`);
  process.exit(2);
}

compileContracts(CONTRACT_CACHE);
const { stack, stop } = await startStack('bench-discovery', { logLevel: 'error' });
const { baseUrl } = stack;
const browser = await launchBrowser();

/** One connect in a fresh context (a new user: nothing remembered, the emulator's table empty). */
async function once() {
  const context = await newContext(browser);
  // The page records when each coin reaches its final state (a MutationObserver, on the page's own clock), so the
  // benchmark does not poll the page often: polling is CPU the discovery being measured would have to share.
  await context.addInitScript(
    (final) => {
      const seen = (window.__coinDone = {});
      const look = () => {
        for (const e of document.querySelectorAll('[data-testid="portfolio-coin"]')) {
          const coin = e.getAttribute('data-coin');
          if (final.includes(e.getAttribute('data-state')) && !(coin in seen)) seen[coin] = Date.now();
        }
      };
      new MutationObserver(look).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-state'],
      });
    },
    [...FINAL],
  );
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  const requests = [];
  let t0 = 0;
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (t0 && p.startsWith('/api/')) requests.push({ at: Date.now() - t0, path: p });
  });
  await page.goto(`${baseUrl}/`);
  await page.getByTestId('connect-emulator').waitFor();
  t0 = Date.now();
  await page.getByTestId('connect-emulator').click();
  await page.waitForURL(`${baseUrl}/wallet`, { timeout: 120_000 });
  const connectedMs = Date.now() - t0;
  await page.getByTestId('welcome-continue').click({ timeout: 30_000 });
  await page.getByTestId('portfolio-coins').getByRole('button').click({ timeout: 60_000 });
  const doneAt = {};
  const info = {};
  for (;;) {
    const { coins, done } = await page.evaluate(() => ({
      done: window.__coinDone,
      coins: [...document.querySelectorAll('[data-testid="portfolio-coin"]')].map((e) => ({
        coin: e.getAttribute('data-coin'),
        state: e.getAttribute('data-state'),
        accounts: Number(e.getAttribute('data-accounts')),
        detail: e.querySelector('[data-testid="portfolio-coin-detail"]')?.textContent ?? '',
      })),
    }));
    for (const c of coins) {
      info[c.coin] = c;
      if (done[c.coin] !== undefined) doneAt[c.coin] = done[c.coin] - t0;
    }
    if (coins.length && coins.every((c) => FINAL.has(c.state))) break;
    if (Date.now() - t0 > 600_000) throw new Error('discovery did not end within 10 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const totalMs = Math.max(...Object.values(doneAt));
  // Then the value chart (its reads count for their coins too): drawn, or empty.
  await page
    .getByTestId('value-chart-summary')
    .or(page.getByTestId('value-chart-empty'))
    .waitFor({ timeout: 120_000 });
  await page.getByTestId('value-chart-loading').waitFor({ state: 'detached', timeout: 120_000 });
  const chartMs = Date.now() - t0;
  await context.close();
  return { connectedMs, totalMs, chartMs, doneAt, info, requests };
}

const results = [];
let exit = 0;
try {
  for (let run = 0; run < RUNS; run++) results.push(await once());
  for (const [i, r] of results.entries()) {
    console.log(
      `\nrun ${i + 1}: connected in ${(r.connectedMs / 1000).toFixed(1)} s; portfolio fully refreshed ${(r.totalMs / 1000).toFixed(1)} s after the click on Connect; value chart drawn at ${(r.chartMs / 1000).toFixed(1)} s`,
    );
    const shared = r.requests.filter((q) => !/^\/api\/chains\/[^/]+\//.test(q.path));
    const byShared = {};
    for (const q of shared) {
      const k = q.path.replace(/\/[^/]{20,}$/, '/:id');
      byShared[k] = (byShared[k] ?? 0) + 1;
    }
    console.log('shared requests (not per coin):', byShared);
    console.log(
      '| coin | state | accounts | requests to refreshed | with the chart | per account | refreshed at |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|');
    let worst = 0;
    for (const [coin, c] of Object.entries(r.info)) {
      const mine = r.requests.filter((q) => q.path.startsWith(`/api/chains/${coin}/`));
      const atDone = mine.filter((q) => q.at <= r.doneAt[coin] + 50).length;
      // Every request of the coin counts against the target, the value chart's included.
      const per = mine.length / Math.max(1, c.accounts);
      if (c.state === 'fresh') worst = Math.max(worst, per);
      console.log(
        `| ${coin} | ${c.state}${c.state === 'failed' ? ` (${c.detail.slice(0, 80)})` : ''} | ${c.accounts} | ${atDone} | ${mine.length} | ${per.toFixed(2)} | ${(r.doneAt[coin] / 1000).toFixed(1)} s |`,
      );
    }
    if (i === 0) {
      const routes = {};
      for (const q of r.requests.filter((x) => /^\/api\/chains\/[^/]+\//.test(x.path))) {
        const k = q.path
          .replace(/^\/api\/chains\/[^/]+/, '/api/chains/:coin')
          .replace(/\/[^/]{20,}$/, '/:id');
        routes[k] = (routes[k] ?? 0) + 1;
      }
      console.log('per-coin requests by route (all coins):', routes);
    }
    console.log(
      `worst ${worst.toFixed(2)} requests per account (target ≤ ${TARGET_PER_ACCOUNT}); total ${(r.totalMs / 1000).toFixed(1)} s (target ≤ ${TARGET_MS / 1000} s)`,
    );
    if (worst > TARGET_PER_ACCOUNT || r.totalMs > TARGET_MS) exit = 1;
  }
} finally {
  await browser.close();
  await stop();
}
process.exit(exit);
