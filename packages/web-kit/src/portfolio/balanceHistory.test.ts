import { describe, expect, it } from 'vitest';
import type { Operation } from '@secux-companion/chain-common';
import {
  accountBalanceHistories,
  balanceEffect,
  reconstructBalanceHistories,
  reconstructBalanceHistory,
  tokenTransferMoves,
} from './balanceHistory';
import type { AnyFamily, FamilyChain, WalletAccount } from '../family/types';
import { seriesChange, valueSeries } from './valueSeries';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 12);

function op(p: Partial<Operation> & Pick<Operation, 'direction' | 'value' | 'time'>): Operation {
  return {
    hash: `h${Math.random()}`,
    blockHeight: 1,
    fee: 0n,
    senders: [],
    recipients: [],
    isOwnTransaction: p.direction !== 'in',
    rbf: false,
    ...p,
  };
}

/** Pages of `size` operations (newest first) with a cursor, counting reads. */
function pages(ops: Operation[], size = 2) {
  const reads: (string | null)[] = [];
  const read = async (cursor: string | null) => {
    reads.push(cursor);
    const start = cursor ? Number(cursor) : 0;
    const next = start + size < ops.length ? String(start + size) : null;
    return { operations: ops.slice(start, start + size), cursor: next };
  };
  return { read, reads };
}

describe("an operation's effect on the coin balance", () => {
  it('adds what came in, takes what went out and the fee the account paid', () => {
    expect(balanceEffect(op({ direction: 'in', value: 500n, fee: 7n, time: 0 }))).toBe(500n);
    expect(balanceEffect(op({ direction: 'out', value: 500n, fee: 7n, time: 0 }))).toBe(-507n);
    expect(balanceEffect(op({ direction: 'self', value: 0n, fee: 7n, time: 0 }))).toBe(-7n);
    // A token transfer moves no coin; a failed transaction only costs its fee.
    expect(
      balanceEffect(
        op({
          direction: 'out',
          value: 9n,
          fee: 7n,
          time: 0,
          token: { contract: 'c', symbol: 'T', decimals: 6 },
        }),
      ),
    ).toBe(-7n);
    expect(balanceEffect(op({ direction: 'out', value: 9n, fee: 7n, time: 0, failed: true }))).toBe(-7n);
  });
});

describe('balance history reconstructed from the account history', () => {
  it('walks back from the current balance: each step is the balance after its operation', async () => {
    const { read } = pages([
      op({ direction: 'out', value: 300n, fee: 10n, time: NOW - 2 * HOUR }),
      op({ direction: 'in', value: 1000n, time: NOW - 5 * HOUR }),
      op({ direction: 'in', value: 50n, time: NOW - 30 * HOUR }), // before the day
    ]);
    const points = await reconstructBalanceHistory(read, 740n, NOW - 24 * HOUR, NOW);
    expect(points).toEqual([
      { time: NOW - 24 * HOUR, balance: 50n },
      { time: NOW - 5 * HOUR, balance: 1050n },
      { time: NOW - 2 * HOUR, balance: 740n },
      { time: NOW, balance: 740n },
    ]);
  });

  it('a pending operation counts as now; the first operation ever starts from zero', async () => {
    const { read } = pages([
      op({ direction: 'in', value: 5n, time: null, blockHeight: null }),
      op({ direction: 'in', value: 20n, time: NOW - HOUR }),
    ]);
    expect(await reconstructBalanceHistory(read, 25n, NOW - 24 * HOUR, NOW)).toEqual([
      { time: NOW - 24 * HOUR, balance: 0n },
      { time: NOW - HOUR, balance: 20n },
      { time: NOW, balance: 25n },
    ]);
  });

  it('reads a bounded number of pages; beyond them the balance is unknown (no point at the range start)', async () => {
    const ops = Array.from({ length: 30 }, (_, i) =>
      op({ direction: 'in', value: 1n, time: NOW - (i + 1) * HOUR }),
    );
    const { read, reads } = pages(ops, 2);
    const points = await reconstructBalanceHistory(read, 30n, NOW - 365 * 24 * HOUR, NOW, 3);
    expect(reads).toEqual([null, '2', '4']);
    expect(points[0]).toEqual({ time: NOW - 6 * HOUR, balance: 25n });
    expect(points.at(-1)).toEqual({ time: NOW, balance: 30n });
  });
});

describe("the tokens' balance history, from the same pages as the coin's", () => {
  const USDT = { contract: 'TUsdt', symbol: 'USDT', decimals: 6 };
  const LINK = { contract: 'TLink', symbol: 'LINK', decimals: 18 };
  const history = () => [
    op({ direction: 'out', value: 40n, fee: 3n, time: NOW - 2 * HOUR, token: USDT }),
    op({ direction: 'in', value: 1000n, time: NOW - 4 * HOUR }),
    op({ direction: 'in', value: 7n, time: NOW - 5 * HOUR, token: LINK }),
    op({ direction: 'in', value: 100n, time: NOW - 6 * HOUR, token: USDT }),
    // failed and self transfers move no token
    op({ direction: 'out', value: 500n, fee: 2n, time: NOW - 7 * HOUR, token: USDT, failed: true }),
    op({ direction: 'self', value: 0n, fee: 1n, time: NOW - 8 * HOUR, token: USDT }),
    op({ direction: 'in', value: 10n, time: NOW - 30 * HOUR, token: USDT }), // before the day
  ];

  it("a token's moves: + received, − sent, none for a failed or self transfer or the coin", () => {
    const [sent, coin, , got, failed, self] = history();
    expect(tokenTransferMoves(sent!)).toEqual([{ contract: 'TUsdt', delta: -40n }]);
    expect(tokenTransferMoves(got!)).toEqual([{ contract: 'TUsdt', delta: 100n }]);
    expect(tokenTransferMoves(coin!)).toEqual([]);
    expect(tokenTransferMoves(failed!)).toEqual([]);
    expect(tokenTransferMoves(self!)).toEqual([]);
  });

  it("walks each held token back from its balance now, in the coin's one read of the pages", async () => {
    const { read, reads } = pages(history(), 3);
    const day = NOW - 24 * HOUR;
    const out = await reconstructBalanceHistories(
      read,
      1500n,
      new Map([
        ['TUsdt', 160n],
        ['TLink', 7n],
      ]),
      tokenTransferMoves,
      day,
      NOW,
    );
    // The coin as reconstructBalanceHistory walks it (the token operations' fees included).
    expect(out.coin).toEqual(await reconstructBalanceHistory(pages(history(), 3).read, 1500n, day, NOW));
    expect(out.coin[0]).toEqual({ time: day, balance: 506n });
    // USDT: 100 − 100 received 6 h ago → 0 before; 200 → 160 when 40 went 2 h ago.
    expect(out.tokens.TUsdt).toEqual([
      { time: day, balance: 100n },
      { time: NOW - 6 * HOUR, balance: 200n },
      { time: NOW - 2 * HOUR, balance: 160n },
      { time: NOW, balance: 160n },
    ]);
    // LINK received 5 h ago: none before.
    expect(out.tokens.TLink).toEqual([
      { time: day, balance: 0n },
      { time: NOW - 5 * HOUR, balance: 7n },
      { time: NOW, balance: 7n },
    ]);
    // One walk: the three pages read once.
    expect(reads).toEqual([null, '3', '6']);
  });

  it('a token whose history does not add up is known only as far as it does; without moves it is missing', async () => {
    // 50 USDT now, but 100 came in 6 h ago: the history lacks a transfer; unknown before it (no point at the start).
    const { read } = pages(history(), 10);
    const day = NOW - 24 * HOUR;
    const out = await reconstructBalanceHistories(
      read,
      1500n,
      new Map([['TUsdt', 50n]]),
      tokenTransferMoves,
      day,
      NOW,
    );
    expect(out.tokens.TUsdt).toEqual([
      { time: NOW - 6 * HOUR, balance: 90n },
      { time: NOW - 2 * HOUR, balance: 50n },
      { time: NOW, balance: 50n },
    ]);
    expect(out.tokens.TUsdt![0]!.time).toBeGreaterThan(day);
    const none = await reconstructBalanceHistories(
      read,
      1500n,
      new Map([['TUsdt', 50n]]),
      undefined,
      day,
      NOW,
    );
    expect(none.tokens).toEqual({ TUsdt: null });
  });

  it("the family's slot decides: a family without tokenMoves has its tokens missing, read once with the coin", async () => {
    const { read, reads } = pages(history(), 10);
    const chain = {
      adapter: { getHistory: (_d: unknown, c: string | null) => read(c) },
    } as unknown as FamilyChain;
    const account = { balance: 1500n } as WalletAccount;
    const held = new Map([['TUsdt', 160n]]);
    const base = { descriptor: () => ({}) };
    const withMoves = { ...base, tokenMoves: tokenTransferMoves } as unknown as AnyFamily;
    const a = await accountBalanceHistories(withMoves, chain, account, held, 'day', NOW);
    expect(a.tokens.TUsdt![0]).toEqual({ time: NOW - 24 * HOUR, balance: 100n });
    expect(reads).toHaveLength(1);
    const b = await accountBalanceHistories(base as unknown as AnyFamily, chain, account, held, 'day', NOW);
    expect(b.tokens).toEqual({ TUsdt: null });
    expect(b.coin).toEqual(a.coin);
  });
});

describe('the value series', () => {
  const day = NOW - 24 * HOUR;
  const prices = (price: string) => [
    { time: day, price },
    { time: NOW - 12 * HOUR, price },
    { time: NOW, price },
  ];

  it('sums balance × price with decimals; zero balances need no price', () => {
    const s = valueSeries(
      [
        {
          key: 'BTC',
          decimals: 8,
          balances: [{ time: day, balance: 150_000_000n }],
          prices: prices('60000.5'),
        },
        { key: 'XRP', decimals: 6, balances: [{ time: day, balance: 0n }], prices: null },
      ],
      'day',
      NOW,
    );
    expect(s.points).toHaveLength(49);
    expect(s.points.every((p) => p.value === '90000.75')).toBe(true);
    expect(s.missingPrices).toEqual([]);
  });

  it('an asset without prices is named and left out, never counted as zero; unknown times are gaps', () => {
    const s = valueSeries(
      [
        {
          key: 'BTC',
          decimals: 8,
          balances: [{ time: NOW - 6 * HOUR, balance: 100_000_000n }],
          prices: prices('2'),
        },
        { key: 'NOPE', decimals: 0, balances: [{ time: day, balance: 5n }], prices: [] },
      ],
      'day',
      NOW,
    );
    expect(s.missingPrices).toEqual(['NOPE']);
    expect(s.points[0]!.value).toBeNull(); // BTC's balance unknown before its first point
    expect(s.points.at(-1)!.value).toBe('2');
    expect(seriesChange(s.points)).toMatchObject({ change: '0', start: { value: '2' }, end: { value: '2' } });
  });

  it('the change from the first to the last known value', () => {
    const s = valueSeries(
      [
        {
          key: 'ETH',
          decimals: 18,
          balances: [
            { time: day, balance: 10n ** 18n },
            { time: NOW - HOUR, balance: 3n * 10n ** 18n },
          ],
          prices: prices('100'),
        },
      ],
      'day',
      NOW,
    );
    expect(seriesChange(s.points)).toMatchObject({
      start: { value: '100' },
      end: { value: '300' },
      change: '200',
      pct: '200.00',
    });
  });
});
