/**
 * What the accessibility suites (a11y-*.e2e.test.ts) share: the three interface languages, axe runs collected per
 * screen, a page per describe, and the steps that open a coin, a modal or every tab of an account page.
 */
import { mkdirSync } from 'node:fs';
import { afterAll } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { axeViolations } from './axe-helpers';
import { newContext } from './browser';

/** Each interface language: the browser's locale and the language the app picks from it. */
export const LOCALES: [locale: string, lang: string][] = [
  ['en-US', 'en'],
  ['zh-TW', 'zh-TW'],
  ['pt-BR', 'pt'],
];

export interface Found {
  screen: string;
  rules: string[];
}

export async function axe(page: Page, screen: string): Promise<Found> {
  return { screen, rules: await axeViolations(page, screen) };
}

/** The screens with violations (printed, so a failed run names them all). */
export function violations(found: Found[], lang: string): Found[] {
  const bad = found.filter((f) => f.rules.length > 0);
  if (bad.length) console.log(lang, JSON.stringify(bad, null, 1));
  return bad;
}

/** In a describe: a page in a fresh browser context of `locale` (dialogs accepted), closed after the describe. */
export function usePage(browser: () => Browser): (locale: string) => Promise<Page> {
  let context: BrowserContext | undefined;
  afterAll(async () => {
    await context?.close();
  });
  return async (locale) => {
    context = await newContext(browser(), { locale });
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    return page;
  };
}

/** SCREENSHOTS=1 writes the screens of every language to docs/screenshots/ (see its README). */
export const SHOTS = process.env.SCREENSHOTS === '1' ? 'docs/screenshots' : null;

export async function shot(page: Page, lang: string, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${lang}-${name}.png`, fullPage: false });
}

/** Opens the coin from the home menu (by the logo when elsewhere) and waits for its account list. */
export async function toCoin(page: Page, coin: string): Promise<void> {
  const baseUrl = new URL(page.url()).origin;
  if (!page.url().endsWith('/wallet')) await page.getByTestId('logo').click();
  await page.waitForURL(`${baseUrl}/wallet`);
  await page.getByTestId(`coin-${coin}`).click();
  await page.waitForURL(`${baseUrl}/wallet/account`);
  await page
    .getByTestId('account-grid')
    .waitFor({ timeout: 120_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: `test-results/a11y-${coin}-${Date.now()}.png` }).catch(() => undefined);
      throw e;
    });
}

/** Opens a modal by clicking `opener`, runs axe once `shown` is there, and closes the modal with Escape. */
export async function inModal(page: Page, found: Found[], screen: string, opener: Locator, shown: Locator) {
  await opener.click();
  await shown.waitFor();
  found.push(await axe(page, screen));
  await page.keyboard.press('Escape');
  await shown.waitFor({ state: 'detached' });
}

/** Clicks each tab of the open account page (from the `from`th) and runs axe on it. */
export async function everyTab(page: Page, found: Found[], screen: string, from = 0): Promise<void> {
  const tabs = await page
    .getByRole('tab')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')).filter((id): id is string => !!id));
  for (const id of tabs.slice(from)) {
    await page.getByTestId(id).click();
    found.push(await axe(page, `${screen} ${id}`));
  }
}
