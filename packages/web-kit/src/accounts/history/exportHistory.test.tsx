/**
 * The history tab's CSV export and labels (issue 33), as the user sees them: Export CSV reads every page with
 * progress, downloads one row per operation with the fiat value at the time, and says when prices are missing; a
 * transaction is labelled in the list and its label goes into the file; zero-value transfers from others are flagged.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { HistoryPage, Operation } from '@secux-companion/chain-common';
import { CHAINS } from '@secux-companion/core';
import { renderUi, setupUiTests } from '../../test/ui';
import { axeInEveryLanguage } from '../../test/axe';
import { accountsStore } from '../store';
import { reloadLabelsForTests, setLabel } from '../../labels/labels';
import type { AnyFamily, FamilyChain, WalletAccount } from '../../family/types';
import { HistoryTab } from './HistoryTab';
import { CSV_HEADER } from './csvExport';

setupUiTests();

const HOUR = 3_600_000;
const NOW = Date.now();
const hash = (i: number) => i.toString(16).padStart(64, '0');
const op = (i: number, o: Partial<Operation> = {}): Operation => ({
  hash: hash(i),
  time: NOW - (i + 1) * HOUR,
  blockHeight: 100 - i,
  direction: 'in',
  value: 1_000_000_000_000_000_000n + BigInt(i),
  fee: 21_000n,
  senders: [{ address: `0xsender${i}`, value: 0n, isOwn: false }],
  recipients: [{ address: '0xme', value: 0n, isOwn: true }],
  isOwnTransaction: false,
  rbf: false,
  ...o,
});

/** Three pages of two operations; the last operation is a zero-value transfer from a stranger. */
const PAGES: Record<string, HistoryPage> = {
  first: { operations: [op(0), op(1)], cursor: 'p2' },
  p2: { operations: [op(2), op(3)], cursor: 'p3' },
  p3: { operations: [op(4), op(5, { value: 0n })], cursor: null },
};

function setup(getHistory = vi.fn((_d: unknown, c: string | null) => Promise.resolve(PAGES[c ?? 'first']!))) {
  const chain: FamilyChain = {
    adapter: {
      chain: 'ETH',
      getHistory,
      explorer: { tx: (h: string) => `https://etherscan.io/tx/${h}`, address: (a: string) => a },
    } as unknown as FamilyChain['adapter'],
    unit: { symbol: 'ETH', decimals: 18, digits: 8 },
    local: false,
  };
  const family = { descriptor: () => ({}) } as unknown as AnyFamily;
  const account = { id: 'ETH:m/44', name: 'Main, "ETH"', index: 0 } as WalletAccount;
  return { node: <HistoryTab family={family} chain={chain} account={account} />, getHistory };
}

let downloads: { name: string; text: string }[] = [];
let priceAnswer: 'ok' | 'none' = 'ok';

beforeEach(() => {
  localStorage.clear();
  reloadLabelsForTests();
  accountsStore.set({ scope: 'ETH', coin: 'ETH' });
  downloads = [];
  priceAnswer = 'ok';
  let blob: Blob | null = null;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => ((blob = b as Blob), 'blob:csv'));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const name = this.download;
    // ignoreBOM: the byte-order mark stays in the text, as a spreadsheet reads it
    void blob!
      .arrayBuffer()
      .then((buf) =>
        downloads.push({ name, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(buf) }),
      );
  });
  // The price service: hourly points of 2000.5 over the last day.
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const id = CHAINS.ETH.priceId!;
      const points = [];
      for (let t = NOW - 25 * HOUR; t <= NOW; t += HOUR)
        points.push({ time: Math.floor(t), price: '2000.5' });
      const body =
        priceAnswer === 'ok' && url.includes('range=day') ? { prices: { [id]: points } } : { prices: {} };
      return Promise.resolve(new Response(JSON.stringify(body)));
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  accountsStore.set({ scope: null, coin: null });
});

const rowsOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(','));

describe('Export CSV from the history tab', () => {
  it('reads every page and downloads one row per operation, priced at the time, with labels', async () => {
    setLabel('tx', hash(2), 'Salary');
    const { node, getHistory } = setup();
    renderUi(node);
    await screen.findAllByTestId('history-item');
    const callsBefore = getHistory.mock.calls.length;
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    // every page read by the export: null, p2, p3
    expect(getHistory.mock.calls.slice(callsBefore).map((c) => c[1])).toEqual([null, 'p2', 'p3']);
    const { name, text } = downloads[0]!;
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(name).toMatch(/^Main_ETH-ETH-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = rowsOf(text);
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows).toHaveLength(7);
    const amount = CSV_HEADER.indexOf('Amount');
    const fiat = CSV_HEADER.indexOf('Fiat value at the time');
    expect(rows[1]![amount]).toBe('1');
    expect(rows[2]![amount]).toBe('1.000000000000000001');
    expect(rows[1]![fiat]).toBe('2000.50');
    expect(rows[3]![CSV_HEADER.indexOf('Label')]).toBe('Salary');
    expect(rows[1]![CSV_HEADER.indexOf('Explorer link')]).toBe(`https://etherscan.io/tx/${hash(0)}`);
    expect(rows[1]![CSV_HEADER.indexOf('Counterparty')]).toBe('0xsender0');
    expect(screen.getByTestId('history-export-done').textContent).toContain('CSV saved with 6 transactions.');
    expect(screen.getByTestId('history-export-done').textContent).not.toContain('not available');
  });

  it('without prices at the time the column is empty (never 0) and the user is told', async () => {
    priceAnswer = 'none';
    renderUi(setup().node);
    await screen.findAllByTestId('history-item');
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const rows = rowsOf(downloads[0]!.text);
    expect(rows.slice(1).map((r) => r[CSV_HEADER.indexOf('Fiat value at the time')])).toEqual([
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(screen.getByTestId('history-export-done').textContent).toContain('fiat value column is empty');
  });

  it("values token operations at the token's price that day, and says when older prices are not kept", async () => {
    const DAY = 24 * HOUR;
    const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
    const servedFrom = Math.floor((NOW - 365 * DAY) / DAY) * DAY + DAY;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        const u = new URL(url, 'http://x');
        if (u.pathname !== '/api/prices/daily') return Promise.resolve(new Response('{"prices":{}}'));
        // The public plan: a year kept; the token's days answered at 0.999 a day
        const from = Math.max(Number(u.searchParams.get('from')), servedFrom);
        const points = [];
        for (let t = from; t <= Number(u.searchParams.get('to')); t += DAY)
          points.push({ time: t, price: '0.999' });
        return Promise.resolve(new Response(JSON.stringify({ points, servedFrom })));
      }),
    );
    const token = { contract: LUSD, symbol: 'LUSD', decimals: 6 };
    const pages: Record<string, HistoryPage> = {
      first: {
        operations: [
          op(0, { value: 2_500_000n, token, time: NOW - 3 * DAY }),
          op(1, { value: 10n ** 18n, time: NOW - 500 * DAY }), // ETH, older than the service keeps
        ],
        cursor: null,
      },
    };
    const { node } = setup(vi.fn((_d: unknown, c: string | null) => Promise.resolve(pages[c ?? 'first']!)));
    renderUi(node);
    await screen.findAllByTestId('history-item');
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const rows = rowsOf(downloads[0]!.text);
    const fiat = CSV_HEADER.indexOf('Fiat value at the time');
    // 2.5 LUSD × 0.999
    expect(rows[1]![CSV_HEADER.indexOf('Asset')]).toBe('LUSD');
    expect(rows[1]![fiat]).toBe('2.50');
    expect(rows[1]![CSV_HEADER.indexOf('Fiat currency')]).toBe('USD');
    // the old ETH operation: no price kept, the cell empty (never 0)
    expect(rows[2]![fiat]).toBe('');
    expect(asked.some((u) => u.includes(`platform=ethereum&contract=${LUSD}`))).toBe(true);
    expect(asked.some((u) => u.includes(`id=${CHAINS.ETH.priceId}`))).toBe(true);
    expect(screen.getByTestId('history-export-price-limit').textContent).toMatch(
      /^The price service keeps prices from .+ on: older transactions have no fiat value/,
    );
  });

  it('shows progress and Cancel stops the reading: no file', async () => {
    let release!: () => void;
    const getHistory = vi.fn((_d: unknown, c: string | null) =>
      c === 'p2'
        ? new Promise<HistoryPage>((resolve) => (release = () => resolve(PAGES.p2!)))
        : Promise.resolve(PAGES[c ?? 'first']!),
    );
    renderUi(setup(getHistory).node);
    await screen.findAllByTestId('history-item');
    fireEvent.click(screen.getByTestId('history-export'));
    await waitFor(() =>
      expect(screen.getByTestId('history-export-progress').textContent).toContain('pages 1, transactions 2'),
    );
    fireEvent.click(screen.getByTestId('history-export-cancel'));
    await act(async () => release());
    await waitFor(() => expect(screen.queryByTestId('history-export-progress')).toBeNull());
    expect(downloads).toEqual([]);
    expect(getHistory.mock.calls.filter((c) => c[1] === 'p3')).toEqual([]);
  });
});

describe('labels and flags in the history list', () => {
  it('a transaction is labelled from the list, and the label shows on its item', async () => {
    renderUi(setup().node);
    const items = await screen.findAllByTestId('history-item');
    expect(items[0]!.querySelector('[data-testid="history-label"]')).toBeNull();
    fireEvent.click(items[0]!.querySelector('[data-testid="history-label-edit"]')!);
    fireEvent.change(await screen.findByTestId('label-input'), { target: { value: 'Rent for May' } });
    fireEvent.click(screen.getByTestId('label-save'));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('history-item')[0]!.querySelector('[data-testid="history-label"]')?.textContent,
      ).toBe('Rent for May'),
    );
  });

  it('flags a zero-value transfer from someone else, and not an own zero-value call', async () => {
    const getHistory = vi.fn(() =>
      Promise.resolve({
        operations: [
          op(0),
          op(1, { value: 0n }),
          op(2, { value: 0n, direction: 'out', isOwnTransaction: true }),
        ],
        cursor: null,
      } as HistoryPage),
    );
    renderUi(setup(getHistory).node);
    const items = await screen.findAllByTestId('history-item');
    const flagged = items.map((i) => !!i.querySelector('[data-testid="history-zero-value"]'));
    expect(flagged).toEqual([false, true, false]);
    expect(items[1]!.textContent).toContain('address-poisoning');
  });

  it('axe: the list with its controls, the label dialog', async () => {
    const { node } = setup(
      vi.fn(() =>
        Promise.resolve({ operations: [op(0), op(1, { value: 0n })], cursor: null } as HistoryPage),
      ),
    );
    const violations = await axeInEveryLanguage([
      ['history-list', node],
      [
        'label-input',
        node,
        async () => {
          const items = await screen.findAllByTestId('history-item');
          fireEvent.click(items[0]!.querySelector('[data-testid="history-label-edit"]')!);
        },
      ],
    ]);
    expect(violations).toEqual([]);
  }, 60_000);
});
