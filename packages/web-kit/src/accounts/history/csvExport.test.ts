/**
 * The history CSV (issue 33): RFC 4180 quoting, spreadsheet formulas neutralized, exact amounts from the bigint,
 * the fiat value at the time only when a price is known, and every page read (bounded, cancellable).
 */
import { describe, expect, it } from 'vitest';
import type { HistoryPage, Operation } from '@secux-companion/chain-common';
import {
  CSV_HEADER,
  counterpartyOf,
  csvCell,
  csvFileName,
  historyCsv,
  operationRow,
  priceAt,
  readAllPages,
  toCsv,
} from './csvExport';

const op = (o: Partial<Operation> = {}): Operation => ({
  hash: 'aa'.repeat(32),
  time: Date.UTC(2024, 0, 2, 3, 4, 5),
  blockHeight: 100,
  direction: 'out',
  value: 123_456_789_012_345_678n,
  fee: 21_000_000_000_000n,
  senders: [{ address: '0xOWN', value: 0n, isOwn: true }],
  recipients: [
    { address: '0xOWN', value: 0n, isOwn: true },
    { address: '0xBOB', value: 0n, isOwn: false },
  ],
  isOwnTransaction: true,
  rbf: false,
  ...o,
});

const ETH = { symbol: 'ETH', decimals: 18 };
const col = (name: (typeof CSV_HEADER)[number]) => CSV_HEADER.indexOf(name);

describe('CSV cells (RFC 4180, formula-safe)', () => {
  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(
      toCsv([
        ['a', 'b'],
        ['c,d', ''],
      ]),
    ).toBe('a,b\r\n"c,d",\r\n');
  });

  it('prefixes a quote to cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('1.5')).toBe('1.5');
  });

  it('a token symbol or label chosen by someone else cannot become a formula in the file', () => {
    const text = historyCsv(
      [op({ token: { contract: '0xT', symbol: '=cmd|calc', decimals: 6 }, value: 5n })],
      { unit: ETH, currency: 'USD', labelOf: () => '@evil' },
    );
    const row = text.split('\r\n')[1]!;
    expect(row).toContain(",'=cmd|calc,");
    expect(row.endsWith(",'@evil")).toBe(true);
  });
});

describe('history rows', () => {
  it('amounts and fees are the exact decimal of the bigint in the coin unit', () => {
    const row = operationRow(op(), { unit: ETH, currency: 'USD' });
    expect(row[col('Amount')]).toBe('0.123456789012345678');
    expect(row[col('Asset')]).toBe('ETH');
    expect(row[col('Fee')]).toBe('0.000021');
    expect(row[col('Fee asset')]).toBe('ETH');
    expect(row[col('Date (UTC)')]).toBe('2024-01-02T03:04:05.000Z');
    expect(row[col('Type')]).toBe('out');
    expect(row[col('Status')]).toBe('confirmed');
  });

  it('a token amount in the token unit; large values keep every digit', () => {
    const row = operationRow(
      op({
        value: 123_456_789_123_456_789_123_456_789n,
        token: { contract: '0xT', symbol: 'TKN', decimals: 6 },
      }),
      { unit: ETH, currency: 'USD' },
    );
    expect(row[col('Amount')]).toBe('123456789123456789123.456789');
    expect(row[col('Asset')]).toBe('TKN');
  });

  it('the fee is the account’s only when it paid it', () => {
    const row = operationRow(op({ direction: 'in', isOwnTransaction: false }), {
      unit: ETH,
      currency: 'USD',
    });
    expect(row[col('Fee')]).toBe('');
    expect(row[col('Fee asset')]).toBe('');
  });

  it('counterparty: the first address not the account’s, on the other side', () => {
    expect(counterpartyOf(op())).toBe('0xBOB');
    expect(
      counterpartyOf(
        op({ direction: 'in', senders: [{ address: 'bc1qalice', value: 1n, isOwn: false }], recipients: [] }),
      ),
    ).toBe('bc1qalice');
    expect(counterpartyOf(op({ direction: 'self' }))).toBe('');
  });

  it('txid and explorer link; none on a local chain', () => {
    const hash = 'bb'.repeat(32);
    const linked = operationRow(op({ hash }), {
      unit: ETH,
      currency: 'USD',
      explorerTx: (h) => `https://etherscan.io/tx/${h}`,
    });
    expect(linked[col('Transaction ID')]).toBe(hash);
    expect(linked[col('Explorer link')]).toBe(`https://etherscan.io/tx/${hash}`);
    expect(operationRow(op({ hash }), { unit: ETH, currency: 'USD' })[col('Explorer link')]).toBe('');
  });

  it('fiat value at the time from the price then, in the currency’s digits; empty (never 0) without a price', () => {
    const priced = operationRow(op({ value: 1_500_000_000_000_000_000n }), {
      unit: ETH,
      currency: 'USD',
      priceAt: () => '2000.555',
    });
    expect(priced[col('Fiat value at the time')]).toBe('3000.83');
    expect(priced[col('Fiat currency')]).toBe('USD');
    const jpy = operationRow(op({ value: 10n ** 18n }), {
      unit: ETH,
      currency: 'JPY',
      priceAt: () => '300000.6',
    });
    expect(jpy[col('Fiat value at the time')]).toBe('300001');
    const missing = operationRow(op(), { unit: ETH, currency: 'USD', priceAt: () => null });
    expect(missing[col('Fiat value at the time')]).toBe('');
    expect(missing[col('Fiat currency')]).toBe('');
    const none = operationRow(op(), { unit: ETH, currency: 'USD' });
    expect(none[col('Fiat value at the time')]).toBe('');
  });

  it('a token transfer is not valued with the coin’s price', () => {
    const row = operationRow(op({ token: { contract: '0xT', symbol: 'TKN', decimals: 6 } }), {
      unit: ETH,
      currency: 'USD',
      priceAt: () => '2000',
    });
    expect(row[col('Fiat value at the time')]).toBe('');
  });

  it('pending and failed operations say so', () => {
    expect(operationRow(op({ blockHeight: null }), { unit: ETH, currency: 'USD' })[col('Status')]).toBe(
      'pending',
    );
    expect(operationRow(op({ failed: true }), { unit: ETH, currency: 'USD' })[col('Status')]).toBe('failed');
  });

  it('the file: header then one row per operation', () => {
    const text = historyCsv([op(), op({ hash: 'cc'.repeat(32) })], { unit: ETH, currency: 'USD' });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.join(','));
    expect(lines).toHaveLength(4); // header, two rows, and the empty string after the last CRLF
  });

  it('a transaction with several entries has its fee on the first row only', () => {
    const token = { contract: '0xT', symbol: 'TKN', decimals: 6 };
    const text = historyCsv([op(), op({ token, value: 5n }), op({ hash: 'dd'.repeat(32) })], {
      unit: ETH,
      currency: 'USD',
    });
    const fees = text
      .split('\r\n')
      .slice(1, 4)
      .map((l) => l.split(',')[col('Fee')]);
    expect(fees).toEqual(['0.000021', '', '0.000021']);
  });

  it('a file name from the account’s name, safe for any system', () => {
    expect(csvFileName('My "Savings"/2', 'BTC', new Date('2026-11-27T00:00:00Z'))).toBe(
      'My_Savings_2-BTC-2026-11-27.csv',
    );
  });
});

describe('price at the time', () => {
  const day = 86_400_000;
  const points = [
    { time: 10 * day, price: '10' },
    { time: 11 * day, price: '11' },
    { time: 12 * day, price: '12' },
  ];
  it('the nearest daily point', () => {
    expect(priceAt(points, 11 * day + 3600_000)).toBe('11');
    expect(priceAt(points, 11 * day + 20 * 3600_000)).toBe('12');
    expect(priceAt(points, 10 * day)).toBe('10');
  });
  it('none far from every point, none without a time', () => {
    expect(priceAt(points, 20 * day)).toBeNull();
    expect(priceAt(points, 2 * day)).toBeNull();
    expect(priceAt(points, null)).toBeNull();
    expect(priceAt([], 11 * day)).toBeNull();
  });
});

describe('reading every page', () => {
  const pages = (n: number, per = 2): Record<string, HistoryPage> => {
    const out: Record<string, HistoryPage> = {};
    for (let i = 0; i < n; i++)
      out[i === 0 ? 'first' : `c${i}`] = {
        operations: Array.from({ length: per }, (_, j) => op({ hash: `p${i}o${j}` })),
        cursor: i + 1 < n ? `c${i + 1}` : null,
      };
    return out;
  };
  const reader =
    (book: Record<string, HistoryPage>, calls: (string | null)[] = []) =>
    (c: string | null) => {
      calls.push(c);
      return Promise.resolve(book[c ?? 'first']!);
    };

  it('follows the cursor to the last page, with progress', async () => {
    const calls: (string | null)[] = [];
    const progress: number[] = [];
    const all = await readAllPages(reader(pages(4), calls), { onProgress: (p) => progress.push(p.pages) });
    expect(all.complete).toBe(true);
    expect(all.operations.map((o) => o.hash)).toEqual([
      'p0o0',
      'p0o1',
      'p1o0',
      'p1o1',
      'p2o0',
      'p2o1',
      'p3o0',
      'p3o1',
    ]);
    expect(calls).toEqual([null, 'c1', 'c2', 'c3']);
    expect(progress).toEqual([1, 2, 3, 4]);
  });

  it('stops at the bounds and says the export is incomplete', async () => {
    const byPages = await readAllPages(reader(pages(10)), { maxPages: 3 });
    expect(byPages).toMatchObject({ complete: false });
    expect(byPages.operations).toHaveLength(6);
    const byOps = await readAllPages(reader(pages(10)), { maxOperations: 5 });
    expect(byOps.complete).toBe(false);
    expect(byOps.operations).toHaveLength(5);
  });

  it('a cursor that comes back ends the reading (no endless loop)', async () => {
    const loop: HistoryPage = { operations: [op()], cursor: 'same' };
    const calls: (string | null)[] = [];
    const all = await readAllPages((c) => (calls.push(c), Promise.resolve(loop)));
    expect(calls).toEqual([null, 'same']);
    expect(all.operations).toHaveLength(2);
  });

  it('cancel stops before the next page', async () => {
    const ctrl = new AbortController();
    const calls: (string | null)[] = [];
    const read = readAllPages(reader(pages(5), calls), {
      signal: ctrl.signal,
      onProgress: (p) => p.pages === 2 && ctrl.abort(),
    });
    await expect(read).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toEqual([null, 'c1']);
  });

  it('a page that cannot be read fails the export', async () => {
    await expect(readAllPages(() => Promise.reject(new Error('HTTP 503')))).rejects.toThrow('HTTP 503');
  });
});
