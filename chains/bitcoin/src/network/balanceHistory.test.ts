/**
 * The value chart's bitcoin source (issue 33): the product API's balance history read and checked, and the adapter's
 * walk back from the current balance through its buckets.
 */
import { describe, expect, it } from 'vitest';
import { createBitcoinAdapter } from '../logic/adapter';
import { groupByFor } from '../logic/ops/balanceHistory';
import { ROUTES, createProductApiBackend, type FetchLike } from './productApi';

const XPUB = 'xpub-test';
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 12);
const FROM = NOW - 24 * HOUR;
const account = { chain: 'BTC' as const, index: 0, bip: 84 as const, path: "m/84'/0'/0'", xpub: XPUB };

function backendAnswering(body: unknown) {
  const asked: string[] = [];
  const fetch: FetchLike = async (url) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status: 200 });
  };
  return { backend: createProductApiBackend({ chain: 'BTC', fetch }), asked };
}

describe("the bitcoin family's balance history", () => {
  it('walks back from the balance: each bucket is a step, the pending part the step at now', async () => {
    const { backend, asked } = backendAnswering({
      buckets: [
        { time: NOW - 10 * HOUR, txs: 1, received: '100000', sent: '0' },
        { time: NOW - 3 * HOUR, txs: 1, received: '20000', sent: '50000' },
      ],
    });
    const adapter = createBitcoinAdapter('BTC', backend);
    const points = await adapter.getBalanceHistory(
      account,
      { balance: 80_000n, pending: 10_000n },
      FROM,
      NOW,
    );
    expect(points).toEqual([
      { time: FROM, balance: 0n },
      { time: NOW - 10 * HOUR, balance: 100_000n },
      { time: NOW - 3 * HOUR, balance: 70_000n },
      { time: NOW, balance: 80_000n },
    ]);
    expect(asked).toEqual([
      `/api${ROUTES.balanceHistory('BTC', XPUB, 84, FROM / 1000, NOW / 1000 + 3600, 3600)}`,
    ]);
    expect(groupByFor(7 * 24 * HOUR)).toBe(3600);
    expect(groupByFor(30 * 24 * HOUR)).toBe(21_600);
    expect(groupByFor(365 * 24 * HOUR)).toBe(86_400);
  });

  it.each([
    ['no list', { buckets: 'x' }],
    ['a fractional amount', { buckets: [{ time: NOW, received: '1.5', sent: '0' }] }],
    ['a negative amount', { buckets: [{ time: NOW, received: '-1', sent: '0' }] }],
    [
      'times out of order',
      {
        buckets: [
          { time: NOW, received: '1', sent: '0' },
          { time: NOW - HOUR, received: '1', sent: '0' },
        ],
      },
    ],
    [
      'too many buckets',
      { buckets: Array.from({ length: 10_001 }, (_, i) => ({ time: i, received: '1', sent: '0' })) },
    ],
  ])('refuses an answer with %s', async (_what, body) => {
    const adapter = createBitcoinAdapter('BTC', backendAnswering(body).backend);
    await expect(
      adapter.getBalanceHistory(account, { balance: 1n, pending: 0n }, FROM, NOW),
    ).rejects.toThrow();
  });
});
