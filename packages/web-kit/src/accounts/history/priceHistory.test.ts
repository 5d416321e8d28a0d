/** Prices at the time of each operation for the CSV (issue 33): the finest range that covers it, checked answers. */
import { describe, expect, it } from 'vitest';
import { CHAINS } from '@secux-companion/core';
import { loadPriceLookup, readHistoryAnswer } from './priceHistory';

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
});
