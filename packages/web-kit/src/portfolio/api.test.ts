/** The value chart's historical prices: checked per coin, and an answer too large to be one is not read. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPriceHistory, fetchTokenPriceHistory } from './api';

const answer = (body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));

afterEach(() => vi.restoreAllMocks());

describe('fetchPriceHistory', () => {
  it('keeps the coins whose points are checked prices, leaves out the others', async () => {
    answer({
      prices: {
        bitcoin: [
          { time: 1_000, price: 50_000.5 },
          { time: 2_000, price: '51000' },
        ],
        ethereum: [
          { time: 2_000, price: 3000 },
          { time: 1_000, price: 3000 },
        ],
      },
    });
    expect(await fetchPriceHistory(['bitcoin', 'ethereum', 'solana'], 'USD', 'day')).toEqual({
      bitcoin: [
        { time: 1_000, price: '50000.5' },
        { time: 2_000, price: '51000' },
      ],
    });
  });

  it('reads nothing from an answer larger than any price history', async () => {
    const points = Array.from({ length: 400 }, (_, i) => ({ time: 1_000 + i, price: 1 }));
    answer({ prices: { bitcoin: points }, padding: 'x'.repeat(600_000) });
    expect(await fetchPriceHistory(['bitcoin'], 'usd', 'day')).toEqual({});
  });
});

describe('fetchTokenPriceHistory', () => {
  it("asks the platform's tokens in one request and keeps each contract's checked points", async () => {
    const spy = answer({
      prices: {
        TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3: [
          { time: 1_000, price: '1.001' },
          { time: 2_000, price: 0.999 },
        ],
        TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t: [{ time: 1_000, price: -1 }],
      },
      missing: [],
    });
    const out = await fetchTokenPriceHistory(
      'tron',
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3'],
      'EUR',
      'week',
    );
    expect(spy.mock.calls.map((c) => c[0])).toEqual([
      '/api/prices/history?platform=tron&contracts=TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3,TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t&currency=eur&range=week',
    ]);
    // A negative price is no price: that token is missing, never zero.
    expect(out).toEqual({
      TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3: [
        { time: 1_000, price: '1.001' },
        { time: 2_000, price: '0.999' },
      ],
    });
  });
});
