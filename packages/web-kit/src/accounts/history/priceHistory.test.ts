/** Prices at the time of each operation for the CSV (issue 33): the finest range that covers it, checked answers. */
import { describe, expect, it } from 'vitest';
import { CHAINS } from '@secux-companion/core';
import {
  CSV_MAX_PRICED_TOKENS,
  loadPriceLookup,
  loadTokenPriceLookup,
  readDailyAnswer,
  readHistoryAnswer,
} from './priceHistory';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = 1_000 * DAY;
const ID = CHAINS.BTC.priceId!;

/** A fake price service: hourly points for a day, daily for a year; records the ranges asked. */
function service(asked: string[], broken?: string) {
  return (url: string) => {
    const u = new URL(url, 'http://x');
    const range = u.searchParams.get('range')!;
    asked.push(`${u.pathname}?${u.searchParams.toString()}`);
    const step = range === 'day' ? HOUR : DAY;
    const span =
      range === 'day' ? DAY : range === 'week' ? 7 * DAY : range === 'month' ? 30 * DAY : 365 * DAY;
    const points = [];
    for (let t = NOW - span; t <= NOW; t += step) points.push({ time: t, price: `${range}-${t / step}` });
    const body =
      range === broken
        ? 'not json'
        : JSON.stringify({
            prices: { [ID]: points.map((p) => ({ time: p.time, price: range === 'day' ? '100.5' : '90' })) },
          });
    return Promise.resolve({ ok: true, text: () => Promise.resolve(body) });
  };
}

describe('price lookup for the CSV', () => {
  it('asks only the ranges the operations need, and prices each from the finest', async () => {
    const asked: string[] = [];
    const lookup = await loadPriceLookup('BTC', 'USD', [NOW - 2 * HOUR, NOW - 100 * DAY, null], {
      now: NOW,
      fetchFn: service(asked),
    });
    expect(asked.sort()).toEqual([
      `/api/prices/history?ids=${ID}&currency=usd&range=day`,
      `/api/prices/history?ids=${ID}&currency=usd&range=year`,
    ]);
    expect(lookup.available).toBe(true);
    expect(lookup.priceAt(NOW - 2 * HOUR)).toBe('100.5');
    expect(lookup.priceAt(NOW - 100 * DAY)).toBe('90');
    expect(lookup.priceAt(null)).toBeNull();
    // older than a year: no price, not zero
    expect(lookup.priceAt(NOW - 400 * DAY)).toBeNull();
  });

  it('a broken answer for a range leaves its operations to a coarser range, or to none', async () => {
    const asked: string[] = [];
    const lookup = await loadPriceLookup('BTC', 'USD', [NOW - 2 * HOUR], {
      now: NOW,
      fetchFn: service(asked, 'day'),
    });
    expect(lookup.available).toBe(false);
    expect(lookup.priceAt(NOW - 2 * HOUR)).toBeNull();
  });

  it('no price id (a testnet coin) or no service: nothing asked, nothing priced', async () => {
    const asked: string[] = [];
    const test = await loadPriceLookup('TBTC', 'USD', [NOW], { now: NOW, fetchFn: service(asked) });
    expect(test.available).toBe(false);
    const down = await loadPriceLookup('BTC', 'USD', [NOW - HOUR], {
      now: NOW,
      fetchFn: () => Promise.reject(new Error('offline')),
    });
    expect(down.available).toBe(false);
    expect(down.priceAt(NOW - HOUR)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('refuses answers that are not price histories', () => {
    const ok = {
      prices: {
        bitcoin: [
          { time: 1, price: '2' },
          { time: 2, price: 3 },
        ],
      },
    };
    expect(readHistoryAnswer(JSON.stringify(ok), 'bitcoin')).toEqual([
      { time: 1, price: '2' },
      { time: 2, price: '3' },
    ]);
    for (const bad of [
      {
        prices: {
          bitcoin: [
            { time: 2, price: '2' },
            { time: 1, price: '3' },
          ],
        },
      }, // out of order
      { prices: { bitcoin: [{ time: 1, price: '0' }] } }, // no price
      { prices: { bitcoin: [{ time: 1, price: 'abc' }] } },
      { prices: { bitcoin: [{ time: 1.5, price: '1' }] } },
      { prices: { bitcoin: 'x' } },
    ])
      expect(readHistoryAnswer(JSON.stringify(bad), 'bitcoin')).toBeNull();
    expect(readHistoryAnswer(JSON.stringify(ok), 'ethereum')).toBeNull();
    expect(readHistoryAnswer('x'.repeat(600_000), 'bitcoin')).toBeNull();
  });

  describe("operations older than a year, and tokens: the day's price", () => {
    // A time of this century: the service's days start in 2009.
    const NOW = Date.UTC(2026, 5, 1);
    /** A fake daily service: one point a day over the asked days, priced by asset; records the URLs. */
    function daily(asked: string[], answer: (u: URL) => object | string | null = () => null) {
      return (url: string) => {
        const u = new URL(url, 'http://x');
        asked.push(`${u.pathname}?${u.searchParams.toString()}`);
        const from = Number(u.searchParams.get('from'));
        const to = Number(u.searchParams.get('to'));
        const price = u.searchParams.get('id') ? '30000' : '1.01';
        const points = [];
        for (let t = from; t <= to; t += DAY) points.push({ time: t, price });
        const custom = answer(u);
        const body =
          custom === null
            ? JSON.stringify({ points })
            : typeof custom === 'string'
              ? custom
              : JSON.stringify(custom);
        return Promise.resolve({ ok: true, text: () => Promise.resolve(body) });
      };
    }

    it("a coin's operations older than a year take the day's price, in one request over their days", async () => {
      const asked: string[] = [];
      const old = [NOW - 400 * DAY + 5 * HOUR, NOW - 700 * DAY];
      const lookup = await loadPriceLookup('BTC', 'EUR', old, { now: NOW, fetchFn: daily(asked) });
      expect(asked).toEqual([
        `/api/prices/daily?id=${ID}&currency=eur&from=${NOW - 700 * DAY}&to=${NOW - 399 * DAY}`,
      ]);
      expect(lookup.available).toBe(true);
      expect(lookup.priceAt(old[0]!)).toBe('30000');
      expect(lookup.priceAt(old[1]!)).toBe('30000');
      expect(lookup.servedFrom).toBeNull();
    });

    it('a service that keeps a year says from when: older operations stay unpriced, never 0', async () => {
      const asked: string[] = [];
      const servedFrom = NOW - 365 * DAY;
      const lookup = await loadPriceLookup('BTC', 'USD', [NOW - 500 * DAY], {
        now: NOW,
        fetchFn: daily(asked, () => ({ points: [], servedFrom })),
      });
      expect(lookup.available).toBe(false);
      expect(lookup.servedFrom).toBe(servedFrom);
      expect(lookup.priceAt(NOW - 500 * DAY)).toBeNull();
    });

    it("prices each token by contract on the coin's platform, one request a token over its days", async () => {
      const asked: string[] = [];
      const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
      const lookup = await loadTokenPriceLookup(
        'TRX',
        'USD',
        [
          { contract: USDT, time: NOW - 2 * DAY },
          { contract: USDT, time: NOW - 3 * DAY - HOUR },
          { contract: '1000001', time: NOW - DAY }, // a TRC-10 id: no contract to price
        ],
        { fetchFn: daily(asked) },
      );
      expect(asked).toEqual([
        `/api/prices/daily?platform=tron&contract=${USDT}&currency=usd&from=${NOW - 4 * DAY}&to=${NOW - 2 * DAY}`,
      ]);
      expect(lookup.priced).toBe(1);
      expect(lookup.priceAt(USDT, NOW - 2 * DAY)).toBe('1.01');
      expect(lookup.priceAt('1000001', NOW - DAY)).toBeNull();
    });

    it('a chain without a price platform prices no token; at most a bounded number of tokens is asked', async () => {
      const asked: string[] = [];
      const none = await loadTokenPriceLookup('TBTC', 'USD', [{ contract: 'a'.repeat(40), time: NOW }], {
        fetchFn: daily(asked),
      });
      expect(none.priced).toBe(0);
      expect(asked).toEqual([]);
      const many = Array.from({ length: CSV_MAX_PRICED_TOKENS + 5 }, (_, i) => ({
        contract: `0x${i.toString(16).padStart(40, '0')}`,
        time: NOW - DAY,
      }));
      await loadTokenPriceLookup('ETH', 'USD', many, { fetchFn: daily(asked) });
      expect(asked).toHaveLength(CSV_MAX_PRICED_TOKENS);
    });

    it('refuses daily answers that are not daily prices', () => {
      expect(readDailyAnswer(JSON.stringify({ points: [{ time: DAY, price: 2 }], servedFrom: DAY }))).toEqual(
        {
          points: [{ time: DAY, price: '2' }],
          servedFrom: DAY,
        },
      );
      for (const bad of [
        {
          points: [
            { time: 2 * DAY, price: '1' },
            { time: DAY, price: '1' },
          ],
        },
        { points: [{ time: DAY, price: '-1' }] },
        { points: 'x' },
        { points: Array.from({ length: 4000 }, (_, i) => ({ time: (i + 1) * DAY, price: '1' })) },
      ])
        expect(readDailyAnswer(JSON.stringify(bad))).toBeNull();
      expect(readDailyAnswer('{')).toBeNull();
    });
  });
});
