/**
 * The core journey's steps (journey-core and journey-firmware): a fresh browser context whose emulator starts in the
 * state a test names, the landing page's connect, the Bluetooth OTP, the recorded firmware progress and the alerts.
 */
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { newContext, useBrowser } from './browser';
import { useStack } from './stack';

export const LATEST_FIRMWARE = /\/api\/firmware\/latest\?/;

export const UPDATED = 'Firmware updated successfully.';

export interface EmulatorStart {
  mcuVersion?: string;
  seVersion?: string;
  deviceType?: string;
  walletStatus?: number;
  startInBootloader?: boolean;
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** Messages of every alert, in order (each is accepted). */
  alerts: string[];
}

/** This file's browser and stack (started before its tests, stopped after them) and the journey's steps on them. */
export async function useJourney(name: string) {
  const browser = useBrowser();
  const stack = await useStack(name);
  return { stack, ...journeySteps(browser, stack.baseUrl) };
}

function journeySteps(browser: () => Browser, baseUrl: string) {
  /**
   * A fresh browser (empty storage) whose emulator starts as `start` says. Progress-bar values and
   * full-screen loader texts are recorded into sessionStorage, so they survive the reload an update ends with.
   */
  async function journey(
    start: EmulatorStart,
    opts: { locale?: string; forceUpdate?: boolean } = {},
  ): Promise<Journey> {
    const context = await newContext(browser(), { locale: opts.locale });
    await context.route('**/api/emulator/config', (route) =>
      route.fulfill({ json: { enabled: true, config: start }, headers: { 'cache-control': 'no-store' } }),
    );
    if (opts.forceUpdate) {
      await context.route(LATEST_FIRMWARE, async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as Record<string, unknown>;
        await route.fulfill({ response: res, json: { ...body, forceUpdate: true, status: 'force' } });
      });
    }
    await context.addInitScript(() => {
      const record = (key: string, value: string) => {
        const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
        if (list[list.length - 1] !== value) {
          list.push(value);
          sessionStorage.setItem(key, JSON.stringify(list));
        }
      };
      setInterval(() => {
        // The firmware updates' bars only (the home page has discovery and share bars of its own).
        const bars = ['mcu-progress', 'se-progress']
          .map(
            (id) => `[data-testid="${id}"][role="progressbar"], [data-testid="${id}"] [role="progressbar"]`,
          )
          .join(', ');
        for (const bar of document.querySelectorAll(bars)) {
          record('e2e-progress', bar.getAttribute('aria-valuenow') ?? '');
        }
        const loader = document.querySelector('[data-testid="full-screen-loader"]');
        if (loader) record('e2e-loader', (loader as HTMLElement).innerText);
      }, 5);
    });
    const page = await context.newPage();
    const alerts: string[] = [];
    page.on('dialog', (dialog: Dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    return { context, page, alerts };
  }

  async function connect(
    page: Page,
    via: 'usb' | 'ble' = 'usb',
    expectUrl: string | null = `${baseUrl}/wallet`,
  ) {
    if (!page.url().startsWith(baseUrl) || new URL(page.url()).pathname !== '/')
      await page.goto(`${baseUrl}/`);
    if (via === 'ble') await page.locator('[data-testid="emulator-via"] label').nth(1).click();
    await page.getByTestId('connect-emulator').click();
    if (expectUrl) await page.waitForURL(expectUrl, { timeout: 60_000 });
  }

  async function typeOtp(page: Page, otp: string) {
    await page.locator('.mantine-PinInput-input').first().click();
    await page.keyboard.type(otp);
    await page.getByTestId('otp-submit').click();
  }

  async function shownOtp(page: Page): Promise<string> {
    const prompt = page.locator('[data-testid="virtual-screen-prompt"][data-kind="otp"]');
    await prompt.waitFor();
    return (await prompt.getByTestId('virtual-screen-value').innerText()).trim();
  }

  const recorded = (page: Page, key: string) =>
    page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? '[]') as string[], key);

  async function waitForAlert(alerts: string[], text: string, ms = 60_000) {
    const deadline = Date.now() + ms;
    while (!alerts.includes(text)) {
      if (Date.now() > deadline) throw new Error(`no alert '${text}' (got ${JSON.stringify(alerts)})`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The remote config as the server answers it, with these external links configured (issue 18 item 4). */
  async function withLinks(context: BrowserContext, links: Record<string, string>) {
    await context.route('**/api/config*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { links?: Record<string, string> };
      await route.fulfill({ response: res, json: { ...body, links: { ...body.links, ...links } } });
    });
  }

  return { journey, connect, typeOtp, shownOtp, recorded, waitForAlert, withLinks };
}
