import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium; Playwright cannot download its own browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `args` are added to the usual switches: a test that needs a browser set up differently (e.g. a fake
 * camera playing a file) launches its own instead of changing the one the other tests share.
 */
export async function launchBrowser(opts: { args?: readonly string[] } = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with 'apt-get install chromium'`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(opts.args ?? []),
    ],
  });
}

export async function newContext(browser: Browser, opts: { locale?: string } = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: opts.locale ?? 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  // The wallet is offline-first: nothing may leave loopback during a test.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return context;
}

/** One browser for the calling test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet');
    return browser;
  };
}

/**
 * Waits until the page is still, as a person would before reading it: nothing in the DOM has changed for `quietMs` and
 * no finite animation or transition runs (Mantine's modals fade in; a closed menu stays in the DOM until its exit
 * transition's timer unmounts it). Loaders that spin forever do not count. After `maxMs` it goes on regardless (a page
 * that never stops changing is then checked as it is). Use it before a screenshot, an axe pass or a layout
 * measurement, instead of a fixed sleep.
 */
export async function settled(page: Page, quietMs = 150, maxMs = 3000): Promise<void> {
  await page.evaluate(
    async ({ quietMs, maxMs }) => {
      const moving = () =>
        document
          .getAnimations()
          .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      let last = performance.now();
      const observer = new MutationObserver(() => (last = performance.now()));
      observer.observe(document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      const end = last + maxMs;
      try {
        while (performance.now() < end) {
          await new Promise((r) => requestAnimationFrame(r));
          if (moving()) last = performance.now();
          if (performance.now() - last >= quietMs) return;
        }
      } finally {
        observer.disconnect();
      }
    },
    { quietMs, maxMs },
  );
}
