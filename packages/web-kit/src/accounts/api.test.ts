import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCoinPrice, fetchCoinQuotes, fetchTokenPrices } from './api';

afterEach(() => vi.unstubAllGlobals());

/** The price service answering `prices` to every request; returns the URLs asked. */
function priceService(prices: unknown) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify({ prices }));
  });
  return asked;
}

describe('coin prices from the price service', () => {
  it.each([
    ['XRP', 'ripple'],
    ['XLM', 'stellar'],
    ['TRX', 'tron'],
    ['SOL', 'solana'],
    ['FIO', 'fio-protocol'],
    ['BNB', 'binancecoin'],
  ] as const)('%s is priced by its price id %s', async (chain, id) => {
    const asked = priceService({ [id]: 0.6 });
    await expect(fetchCoinPrice(chain, 'EUR')).resolves.toBe('0.6');
    expect(asked).toEqual([`/api/prices/coins?ids=${id}&currency=eur`]);
  });

  it('reads a JSON number or decimal text as decimal text; no price, or one that is no price, is Price N/A', async () => {
    priceService({ ripple: 1e-7 });
    await expect(fetchCoinPrice('XRP', 'USD')).resolves.toBe('0.0000001');
    priceService({ ripple: '0.55' });
    await expect(fetchCoinPrice('XRP', 'USD')).resolves.toBe('0.55');
    for (const bad of [0, -0.6, 1e20, 'abc', null, { usd: 1 }]) {
      priceService({ ripple: bad });
      await expect(fetchCoinPrice('XRP', 'USD'), String(bad)).resolves.toBeNull();
    }
    priceService({});
    await expect(fetchCoinPrice('XRP', 'USD')).resolves.toBeNull();
  });

  it('a coin without a market (HME) or a testnet asks nothing', async () => {
    const asked = priceService({});
    await expect(fetchCoinPrice('HME', 'USD')).resolves.toBeNull();
    await expect(fetchCoinPrice('TFIO', 'USD')).resolves.toBeNull();
    expect(asked).toEqual([]);
  });
});

describe('token prices by contract', () => {
  const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const OTHER = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

  it('keeps the checked prices of the contracts asked for, keyed as asked', async () => {
    const asked = priceService({ [USDT]: 1, [OTHER]: -3, TSomethingNotAsked1234567890: 5 });
    const prices = await fetchTokenPrices('tron', [USDT, OTHER], 'usd');
    expect([...prices]).toEqual([[USDT, '1']]);
    expect(asked).toEqual([`/api/prices/tokens?platform=tron&contracts=${USDT},${OTHER}&currency=usd`]);
  });

  it('an answer without prices gives none', async () => {
    priceService('nope');
    await expect(fetchTokenPrices('tron', [USDT], 'usd')).resolves.toEqual(new Map());
  });
});

describe('coin quotes for the portfolio (price and 24 h change)', () => {
  it('asks once for every coin and reads each price and change; a missing one is null, never 0', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(
        JSON.stringify({
          prices: { bitcoin: 65000, binancecoin: 580, ripple: 0.6 },
          changes24h: { bitcoin: -2.5, ripple: 'junk' },
        }),
      );
    });
    const quotes = await fetchCoinQuotes(['BTC', 'BSC', 'BNB', 'XRP', 'LTC', 'HME'], 'USD');
    expect(asked).toEqual(['/api/prices/coins?ids=bitcoin,binancecoin,ripple,litecoin&currency=usd']);
    expect(quotes).toEqual({
      BTC: { price: '65000', change24h: '-2.5' },
      BSC: { price: '580', change24h: null },
      BNB: { price: '580', change24h: null },
      XRP: { price: '0.6', change24h: null },
      LTC: { price: null, change24h: null },
      HME: { price: null, change24h: null },
    });
  });

  it('a failed price service leaves every quote missing', async () => {
    vi.stubGlobal('fetch', async () => new Response('oops', { status: 502 }));
    expect(await fetchCoinQuotes(['BTC'], 'EUR')).toEqual({ BTC: { price: null, change24h: null } });
  });
});
