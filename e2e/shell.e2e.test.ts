import { describe, expect, it } from 'vitest';
import { useStack } from './stack';
import { newContext, useBrowser } from './browser';

const browser = useBrowser();
const stack = await useStack('shell');
const { baseUrl } = stack;


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

describe('news is read in the app', () => {
  it('the News link opens the items with their content as text, a link out only where an item has one', async () => {
    const context = await newContext(browser(), { locale: 'en-US' });
    await context.route('**/api/content/news?*', (route) =>
      route.fulfill({
        json: {
          lang: 'en',
          news: [
            {
              id: 7,
              date: '2026-01-02',
              displayDate: '01/02/2026',
              title: 'Server news',
              content: 'Line one <b>not bold</b>\nLine two',
              link: 'https://example.com/news/7',
            },
            { id: 6, date: '2026-01-01', displayDate: '01/01/2026', title: 'Older news', content: 'No link here' },
          ],
        },
      }),
    );
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('news-link').click();
    const modal = page.getByRole('dialog', { name: 'News' });
    await modal.waitFor();
    // The newest item is open: its content is text (no markup is interpreted), with its link out.
    const content = modal.getByTestId('news-content').first();
    await content.waitFor();
    expect(await content.innerText()).toBe('Line one <b>not bold</b>\nLine two');
    expect(await modal.locator('b').count()).toBe(0);
    const out = modal.getByTestId('news-link-out');
    expect(await out.count()).toBe(1);
    expect(await out.getAttribute('href')).toBe('https://example.com/news/7');
    expect(await out.getAttribute('target')).toBe('_blank');
    // The older item has no link: none is shown when it is opened.
    await modal.getByRole('button', { name: /Older news/ }).click();
    await modal.getByText('No link here').waitFor();
    const older = modal.getByTestId('news-item').filter({ hasText: 'Older news' });
    expect(await older.getByTestId('news-content').innerText()).toBe('No link here');
    expect(await older.getByTestId('news-link-out').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('external links come from the remote config', () => {
  it("iOS: err-24, then the app's App Store page the remote config names (not the store's front page)", async () => {
    const context = await browser().newContext({
      locale: 'en-US',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
    });
    // Nothing leaves loopback: the store page is answered here.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<p>store</p>' }),
    );
    await context.route('**/api/config*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { links?: Record<string, string> };
      await route.fulfill({
        response: res,
        json: { ...body, links: { ...body.links, iosAppStore: 'https://apps.apple.com/app/secux-test/id1' } },
      });
    });
    const page = await context.newPage();
    const alerts: string[] = [];
    page.on('dialog', (d) => {
      alerts.push(d.message());
      void d.accept();
    });
    await page.goto(`${baseUrl}/`);
    await page.waitForURL('https://apps.apple.com/app/secux-test/id1');
    expect(alerts).toEqual(['iPhone and iPad users, please install the mobile app.']);
    await context.close();
  });

  it('the landing page takes the dApp page from the remote config; without one its try button waits', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('connect-usb').waitFor();
    // Not configured by default: no guessed address.
    expect(await page.getByTestId('dapp-try').getAttribute('href')).toBeNull();
    await context.route('**/api/config*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { links?: Record<string, string> };
      await route.fulfill({ response: res, json: { ...body, links: { ...body.links, dappConnect: 'https://dapp.example/' } } });
    });
    await page.reload();
    await page.waitForFunction(() => document.querySelector('[data-testid="dapp-try"]')?.getAttribute('href') === 'https://dapp.example/');
    expect(await page.getByTestId('dapp-try').getAttribute('target')).toBe('_blank');
    await context.close();
  });
});
