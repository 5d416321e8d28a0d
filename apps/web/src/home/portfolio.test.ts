import { describe, expect, it } from 'vitest';
import {
  PORTFOLIO_STALE_MS,
  portfolioView,
  readHoldings,
  recordHolding,
  writeHoldings,
  type Holdings,
} from './portfolio';

const NOW = 1_750_000_000_000;
const btc = { decimals: 8, symbol: 'BTC' };
const eth = { decimals: 18, symbol: 'ETH' };

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('portfolio of all coins', () => {
  it('adds every coin at today’s price, with each coin’s share, largest first', () => {
    let h: Holdings = {};
    h = recordHolding(h, 'BTC', 150_000_000n, btc, NOW);
    h = recordHolding(h, 'ETH', 3_000_000_000_000_000_000n, eth, NOW);
    const v = portfolioView(h, { BTC: '100000', ETH: '2500' }, 'USD', NOW);
    expect(v.total).toBe('157500');
    expect(v.rows.map((r) => [r.coin, r.value, r.share, r.stale])).toEqual([
      ['BTC', '150000', '95.2', false],
      ['ETH', '7500', '4.8', false],
    ]);
    expect(v.stale).toBe(false);
    expect(v.updatedAt).toBe(NOW);
  });

  it('a coin without a price now keeps its last known value, marked stale — never 0', () => {
    let h: Holdings = {};
    h = recordHolding(h, 'BTC', 100_000_000n, btc, NOW - 1000, { price: '90000', currency: 'USD' });
    h = recordHolding(h, 'LTC', 2_000_000_000n, { decimals: 8, symbol: 'LTC' }, NOW);
    const v = portfolioView(h, { BTC: null, LTC: null }, 'USD', NOW);
    expect(v.total).toBe('90000');
    expect(v.stale).toBe(true);
    const btcRow = v.rows.find((r) => r.coin === 'BTC')!;
    expect(btcRow).toMatchObject({ value: '90000', stale: true, share: '100.0' });
    // never priced: no value (shown as 'Price N/A'), not 0, not in the shares
    expect(v.rows.find((r) => r.coin === 'LTC')).toMatchObject({
      value: null,
      share: null,
      stale: true,
      amount: '20',
    });
    // a last price in another currency is not used
    expect(portfolioView(h, {}, 'EUR', NOW).total).toBeNull();
  });

  it('balances read more than a day ago are stale; empty coins are left out', () => {
    let h: Holdings = {};
    h = recordHolding(h, 'BTC', 100_000_000n, btc, NOW - PORTFOLIO_STALE_MS - 1);
    h = recordHolding(h, 'DOGE', 0n, { decimals: 8, symbol: 'DOGE' }, NOW);
    const v = portfolioView(h, { BTC: '1' }, 'USD', NOW);
    expect(v.rows.map((r) => [r.coin, r.stale])).toEqual([['BTC', true]]);
    expect(v.stale).toBe(true);
  });

  it('is remembered and read back, ignoring what is malformed', () => {
    const s = memory();
    writeHoldings(recordHolding({}, 'BTC', 5n, btc, NOW, { price: '1', currency: 'USD' }), s);
    expect(readHoldings(s).BTC).toEqual({
      total: '5',
      decimals: 8,
      symbol: 'BTC',
      updatedAt: NOW,
      lastPrice: { price: '1', currency: 'USD', at: NOW },
    });
    s.setItem(
      'secux.portfolio',
      JSON.stringify({ X: { total: '-1', decimals: 8, symbol: 'X', updatedAt: 1 }, Y: 'no' }),
    );
    expect(readHoldings(s)).toEqual({});
    s.setItem('secux.portfolio', '{oops');
    expect(readHoldings(s)).toEqual({});
  });
});
