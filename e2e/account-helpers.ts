/**
 * The steps the account-based families' suites (XRP, Stellar, TRON, Solana, BNB) share, so that a change to the
 * common flow (connect, the account list, the send form, sign → broadcast → status) is made once: one wallet page per
 * suite connected to the emulator, the coin's discovered account paths, and the send steps. Each suite keeps its own
 * assertions.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, useBrowser } from './browser';
import { approveUntil, connectEmulator, openAccount, openCoin } from './bitcoin-helpers';

/**
 * One browser page for the suite (call inside its describe): a fresh context connected to the emulator before the
 * tests, a screenshot in test-results/ when a test fails, closed after (`cleanup` runs first). `onPage` receives
 * the page; the returned array collects the page's console warnings (the transaction log reports failures there).
 */
export function useWalletPage(o: {
  name: string;
  baseUrl: string;
  onPage: (page: Page) => void;
  cleanup?: () => Promise<unknown>;
}): string[] {
  const browser = useBrowser();
  const warnings: string[] = [];
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    context = await newContext(browser());
    page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    o.onPage(page);
    await connectEmulator(page, o.baseUrl);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail')
      await page
        ?.screenshot({
          path: `test-results/${o.name}-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}.png`,
        })
        .catch(() => undefined);
  });
  afterAll(async () => {
    await o.cleanup?.().catch(() => undefined);
    await context?.close();
  });
  return warnings;
}

/** Opens the coin from the home menu and returns the derivation paths of its discovered accounts, in order. */
export async function discoveredPaths(page: Page, baseUrl: string, coin: string): Promise<(string | null)[]> {
  await openCoin(page, baseUrl, coin);
  return page.getByTestId('account-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
}

/** Back on the account list (from an account page, if there), then the account at `path`. */
export async function toAccount(page: Page, baseUrl: string, path: string): Promise<void> {
  if (page.url().endsWith('/wallet/account/information')) await page.getByTestId('back-button').click();
  await page.waitForURL(`${baseUrl}/wallet/account`);
  await openAccount(page, baseUrl, path);
}

/** The open send form: recipient and amount. */
export async function fillSend(page: Page, recipient: string, amount: string): Promise<void> {
  await page.getByTestId('send-available').waitFor();
  await page.getByTestId('send-recipient').fill(recipient);
  await page.getByTestId('send-amount').fill(amount);
}

/** Waits until the button with this test id is enabled (30 s unless told). */
export function buttonEnabled(page: Page, testId: string, timeout = 30_000) {
  return page.waitForFunction(
    (id) => !document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)?.disabled,
    testId,
    { timeout },
  );
}

/** Waits until the send form's Continue is enabled (the transaction was built). */
export const continueEnabled = (page: Page) => buttonEnabled(page, 'send-continue');

/** From the review: sign on the emulator (approving every prompt), then broadcast. */
export async function signAndSubmit(page: Page): Promise<void> {
  await page.getByTestId('send-sign').click({ timeout: 30_000 });
  await approveUntil(page, () => page.getByTestId('send-broadcast').isVisible());
  await page.getByTestId('send-broadcast').click();
}

/** The Status step's success: returns the transaction hash and closes the modal. */
export async function sentHash(page: Page): Promise<string> {
  await page.getByTestId('send-success').waitFor({ timeout: 60_000 });
  const hash = (await page.getByTestId('send-txid').innerText()).trim();
  await page.getByTestId('send-done').click();
  return hash;
}
