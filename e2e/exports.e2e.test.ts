/**
 * History a user can take away (issue 33) in Chromium with the emulator, against the real server and localnet's XRP
 * Ledger simulator: a payment made through the UI is labelled in the account's history, the history is exported as
 * CSV from the History tab (the download read back: every operation, exact amounts, the fiat value at the time from
 * the local profile's price history, RFC 4180 quoting of the label), and the labels are exported from Settings as
 * BIP-329 JSON lines and a file is imported there with its malformed line refused; the Labels and Hide tabs are
 * axe-clean, and a coin hidden there leaves the coin menu.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { useStack } from './stack';
import {
  continueEnabled,
  fillSend,
  sentHash,
  signAndSubmit,
  toAccount,
  useWalletPage,
} from './account-helpers';
import { openCoin } from './bitcoin-helpers';
import { axeViolations } from './axe-helpers';

const stack = await useStack('exports');
const { baseUrl } = stack;
const xrpl = stack.xrpl;

const P0 = "m/44'/144'/0'";
const LABEL = 'Rent, "May"';
const HEADER =
  'Date (UTC),Type,Status,Amount,Asset,Fee,Fee asset,Fiat value at the time,Fiat currency,Counterparty,Transaction ID,Explorer link,Label';

async function control(what: 'busy' | 'close', body: unknown = {}): Promise<void> {
  const r = await fetch(xrpl.controlUrl + what, { method: 'POST', body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`control ${what}: ${r.status}`);
}

/** Clicks the control and returns the text of the file it downloads. */
async function downloadOf(page: Page, testId: string): Promise<{ name: string; text: string }> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(testId).click(),
  ]);
  const text = await readFile((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), text };
}

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('exports: history CSV and BIP-329 labels', () => {
  let page: Page;
  useWalletPage({
    name: 'exports',
    baseUrl,
    onPage: (p) => (page = p),
    cleanup: () => control('busy', { busy: false }),
  });
  const A1 = xrpl.accounts[1]!.address;
  let hash = '';

  it('a payment is labelled in the history, and the history downloads as CSV with it', async () => {
    await openCoin(page, baseUrl, 'XRP');
    await toAccount(page, baseUrl, P0);
    await page.getByTestId('account-send').click();
    await fillSend(page, A1, '1.5');
    await continueEnabled(page);
    await page.getByTestId('send-continue').click();
    await signAndSubmit(page);
    await page.getByTestId('send-tx-state').waitFor({ timeout: 60_000 });
    await control('close');
    await page.locator('[data-testid="send-tx-state"][data-state="confirmed"]').waitFor({ timeout: 30_000 });
    hash = await sentHash(page);

    await toAccount(page, baseUrl, P0);
    await page.getByTestId('tab-history').click();
    const item = page.locator(`[data-testid="history-item"][data-hash="${hash}"]`);
    await item.waitFor({ timeout: 30_000 });
    await item.getByTestId('history-label-edit').click();
    await page.getByTestId('label-input').fill(LABEL);
    await page.getByTestId('label-save').click();
    await expect(item.getByTestId('history-label').innerText()).resolves.toBe(LABEL);

    const { name, text } = await downloadOf(page, 'history-export');
    expect(name).toMatch(/\.csv$/);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain(`,"Rent, ""May"""\r\n`);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]!.join(',')).toBe(HEADER);
    const col = (n: string) => HEADER.split(',').indexOf(n);
    const sent = rows.find((r) => r[col('Transaction ID')] === hash)!;
    expect(sent).toBeDefined();
    expect(sent[col('Type')]).toBe('out');
    expect(sent[col('Status')]).toBe('confirmed');
    expect(sent[col('Amount')]).toBe('1.5');
    expect(sent[col('Asset')]).toBe('XRP');
    expect(sent[col('Fee')]).toMatch(/^0\.0000\d+$/);
    expect(sent[col('Counterparty')]).toBe(A1);
    expect(sent[col('Label')]).toBe(LABEL);
    // The local profile's price history (0.6 USD a XRP times its wave) values it at the time: 1.5 × ~0.6, in USD.
    expect(sent[col('Fiat currency')]).toBe('USD');
    expect(sent[col('Fiat value at the time')]).toMatch(/^0\.\d\d$/);
    const fiat = Number(sent[col('Fiat value at the time')]);
    expect(fiat).toBeGreaterThanOrEqual(0.81);
    expect(fiat).toBeLessThanOrEqual(0.99);
    // one row per operation the list shows
    const shown = Number(await page.getByTestId('history-list').getAttribute('data-count'));
    expect(rows.length - 1).toBe(shown);
    await expect(page.getByTestId('history-export-done').innerText()).resolves.toContain(
      `${shown} transactions`,
    );
  });

  it('Settings → Labels exports BIP-329 JSON lines and imports a file, refusing its malformed line', async () => {
    await page.getByTestId('settings-link').click();
    await page.getByTestId('tab-labels').click();
    await page.getByTestId('labels-panel').waitFor();
    expect(await axeViolations(page, 'settings labels')).toEqual([]);
    const { name, text } = await downloadOf(page, 'labels-export');
    expect(name).toMatch(/^labels-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect(
      text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toContainEqual({
      type: 'tx',
      ref: hash,
      label: LABEL,
    });

    const imported = [
      JSON.stringify({ type: 'addr', ref: A1, label: 'Account 1' }),
      'not a record',
      JSON.stringify({ type: 'tx', ref: hash, label: 'Rent (imported)' }),
    ].join('\n');
    await page
      .locator('[data-testid="labels-panel"] input[type="file"]')
      .setInputFiles({ name: 'labels.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(imported) });
    const notice = page.getByTestId('labels-notice');
    await notice.waitFor();
    await expect(notice.innerText()).resolves.toContain('Labels imported: 2.');
    await expect(notice.innerText()).resolves.toContain('Lines that are not BIP-329 records, skipped: 1.');
    await expect(page.getByTestId('labels-row').count()).resolves.toBe(2);
    const again = await downloadOf(page, 'labels-export');
    expect(again.text).toBe(
      `{"type":"tx","ref":"${hash}","label":"Rent (imported)"}\n{"type":"addr","ref":"${A1}","label":"Account 1"}\n`,
    );
  });

  it('Settings → Hide: a hidden coin leaves the coin menu', async () => {
    await page.getByTestId('tab-hiding').click();
    await page.getByTestId('hiding-settings').waitFor();
    expect(await axeViolations(page, 'settings hide')).toEqual([]);
    await page.getByTestId('hide-coin-DOGE').check();
    await page.getByTestId('logo').click();
    await page.getByTestId('coin-BTC').waitFor();
    await expect(page.getByTestId('coin-DOGE').count()).resolves.toBe(0);
  });
});
