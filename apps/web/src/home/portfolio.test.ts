import { describe, expect, it } from 'vitest';
import {
  portfolioSummary,
  tokenKey,
  tokenTotals,
  type HoldingInput,
  type TokenHoldingInput,
} from './portfolio';

const btc = (total: bigint | null): HoldingInput => ({ coin: 'BTC', symbol: 'BTC', decimals: 8, total });
const eth = (total: bigint | null): HoldingInput => ({ coin: 'ETH', symbol: 'ETH', decimals: 18, total });
const hme = (total: bigint | null): HoldingInput => ({ coin: 'HME', symbol: 'HME', decimals: 18, total });

describe('portfolio summary', () => {
  it('adds every coin in decimal, with shares and the 24 h change per coin and in total', () => {
    const s = portfolioSummary([btc(100_000_000n), eth(2n * 10n ** 18n)], {
      BTC: { price: '100', change24h: '25' }, // 100 now, 80 a day ago: +20
      ETH: { price: '50', change24h: '-50' }, // 100 now, 200 a day ago: −100
    });
    expect(s.total).toBe('200');
    expect(s.rows.map((r) => [r.coin, r.value, r.share, r.change24h, r.changeValue])).toEqual([
      ['BTC', '100', '50.0', '25', '20'],
      ['ETH', '100', '50.0', '-50', '-100'],
    ]);
    // 280 a day ago, 200 now
    expect(s.changeValue).toBe('-80');
    expect(s.changePct).toBe('-28.57');
    expect(s.unpriced).toEqual([]);
  });

  it('is exact where floating point is not (0.1 BTC + 0.2 BTC-priced coin)', () => {
    const s = portfolioSummary(
      [btc(10_000_000n), { coin: 'LTC', symbol: 'LTC', decimals: 8, total: 20_000_000n }],
      { BTC: { price: '1', change24h: '0' }, LTC: { price: '1', change24h: '0' } },
    );
    expect(s.total).toBe('0.3');
    expect(s.changeValue).toBe('0');
    expect(s.changePct).toBe('0');
  });

  it('a coin without a price has no value and no share and is named; it is never counted as 0', () => {
    const s = portfolioSummary([btc(100_000_000n), hme(5n * 10n ** 18n)], {
      BTC: { price: '60000', change24h: '1' },
      HME: { price: null, change24h: null },
    });
    expect(s.total).toBe('60000');
    const row = s.rows.find((r) => r.coin === 'HME')!;
    expect(row).toMatchObject({ amount: '5', value: null, share: null, change24h: null, changeValue: null });
    expect(s.rows.find((r) => r.coin === 'BTC')!.share).toBe('100.0');
    expect(s.unpriced).toEqual(['HME']);
    // rows: valued first
    expect(s.rows.map((r) => r.coin)).toEqual(['BTC', 'HME']);
  });

  it('no price at all: the total is missing, not 0', () => {
    const s = portfolioSummary([btc(1n)], {});
    expect(s.total).toBeNull();
    expect(s.changeValue).toBeNull();
    expect(s.unpriced).toEqual(['BTC']);
  });

  it('a valued coin whose change is missing leaves the total change missing (not a partial sum)', () => {
    const s = portfolioSummary([btc(100_000_000n), eth(10n ** 18n)], {
      BTC: { price: '100', change24h: '10' },
      ETH: { price: '100', change24h: null },
    });
    expect(s.total).toBe('200');
    expect(s.rows.find((r) => r.coin === 'ETH')!.change24h).toBeNull();
    expect(s.changeValue).toBeNull();
    expect(s.changePct).toBeNull();
  });

  it('leaves out coins holding nothing; an amount not known is shown as such', () => {
    const s = portfolioSummary([btc(0n), eth(null)], { ETH: { price: '3000', change24h: '1' } });
    expect(s.rows).toEqual([
      expect.objectContaining({ coin: 'ETH', amount: null, units: null, value: null, share: null }),
    ]);
    expect(s.total).toBeNull();
  });

  it('ignores a price that means nothing (negative, text)', () => {
    const s = portfolioSummary([btc(100_000_000n)], { BTC: { price: '-5', change24h: '1' } });
    expect(s.total).toBeNull();
    expect(s.rows[0]!.change24h).toBeNull();
  });

  describe('tokens', () => {
    const usdt = (total: bigint): TokenHoldingInput => ({
      coin: 'TRX',
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      symbol: 'USDT',
      decimals: 6,
      total,
    });
    const lta: TokenHoldingInput = {
      coin: 'TRX',
      contract: '1000001',
      symbol: 'LTA',
      decimals: 0,
      total: 7n,
    };
    const trx: HoldingInput = { coin: 'TRX', symbol: 'TRX', decimals: 6, total: 10_000_000n };

    it('a priced token counts in the total and the shares, with its change, exactly', () => {
      const s = portfolioSummary([trx], { TRX: { price: '0.1', change24h: '0' } }, [usdt(2_999_999n)], {
        [tokenKey('TRX', usdt(0n).contract)]: { price: '1', change24h: '-50' },
      });
      // 10 TRX × 0.1 + 2.999999 USDT × 1
      expect(s.total).toBe('3.999999');
      const token = s.rows[0]!;
      expect(token).toMatchObject({
        key: `TRX:${usdt(0n).contract}`,
        coin: 'TRX',
        token: { contract: usdt(0n).contract, unverified: false },
        symbol: 'USDT',
        amount: '2.999999',
        value: '2.999999',
        share: '75.0',
        change24h: '-50',
        changeValue: '-2.999999',
      });
      expect(s.rows[1]).toMatchObject({ key: 'TRX', token: null, share: '25.0' });
      // 1 + 5.999998 a day ago, 3.999999 now
      expect(s.changeValue).toBe('-2.999999');
    });

    it('a token without a price is named with its coin, never counted as 0', () => {
      const s = portfolioSummary([trx], { TRX: { price: '0.1', change24h: '1' } }, [lta], {});
      expect(s.total).toBe('1');
      expect(s.rows.find((r) => r.token)).toMatchObject({ symbol: 'LTA', value: null, share: null });
      expect(s.unpriced).toEqual(['LTA (TRX)']);
      expect(s.changeValue).not.toBeNull();
    });

    it("a priced token without a change leaves the total's change not known", () => {
      const s = portfolioSummary([trx], { TRX: { price: '0.1', change24h: '1' } }, [usdt(1_000_000n)], {
        [tokenKey('TRX', usdt(0n).contract)]: { price: '1', change24h: null },
      });
      expect(s.total).toBe('2');
      expect(s.changeValue).toBeNull();
      expect(s.changePct).toBeNull();
    });

    it("sums a coin's tokens over its accounts by contract; spent ones are left out", () => {
      const c = usdt(0n).contract;
      const totals = tokenTotals('TRX', [
        [
          { contract: c, symbol: 'USDT', decimals: 6, balance: 5n },
          { contract: '1000001', symbol: 'LTA', decimals: 0, balance: 0n },
        ],
        [
          { contract: c, symbol: 'USDT', decimals: 6, balance: 7n, unverified: true },
          { contract: 'Tmint', symbol: 'X', decimals: 2, balance: 1n },
        ],
      ]);
      expect(totals).toEqual([
        { coin: 'TRX', contract: c, symbol: 'USDT', decimals: 6, total: 12n, unverified: true },
        { coin: 'TRX', contract: 'Tmint', symbol: 'X', decimals: 2, total: 1n },
      ]);
    });
  });
});
