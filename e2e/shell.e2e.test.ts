import { describe, expect, inject, it } from 'vitest';
import { newContext, useBrowser } from './browser';

const browser = useBrowser();
const baseUrl = inject('baseUrl');


describe('landing page language follows the browser', () => {
  it.each([
    ['en-US', 'en', 'Welcome to SecuX Companion'],
    ['pt-BR', 'pt', 'Bem-vindo ao SecuX Companion'],
    ['zh-TW', 'zh-TW', '歡迎使用 SecuX Companion'],
  ])('locale %s shows %s', async (locale, lang, title) => {
    const context = await newContext(browser(), { locale });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await context.close();
  });

  it('the language dropdown switches the language and keeps it across a reload', async () => {
    const context = await newContext(browser(), { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt');
    await page.getByRole('heading', { name: 'Bem-vindo ao SecuX Companion' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Bem-vindo ao SecuX Companion' }).waitFor();
    await context.close();
  });
});

describe('routes', () => {
  it('an unknown path shows only 404', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const response = await page.goto(`${baseUrl}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByTestId('not-found').waitFor();
    expect((await page.locator('body').innerText()).trim()).toBe('404');
    await context.close();
  });

  it('wallet routes without a device go back to the landing page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/wallet/setting`);
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('connect-usb').waitFor();
    // Not connected: no Settings link, no Domain link, the language dropdown is there.
    expect(await page.getByTestId('settings-link').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Domain' }).count()).toBe(0);
    expect(await page.getByTestId('language-select').count()).toBe(1);
    await context.close();
  });

  it('the page loads with no CSP violation', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('connect-usb').waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
