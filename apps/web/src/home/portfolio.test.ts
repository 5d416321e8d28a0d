import { describe, expect, it } from 'vitest';
import { portfolioSummary, type HoldingInput } from './portfolio';

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
});
