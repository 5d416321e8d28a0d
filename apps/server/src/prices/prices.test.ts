import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAINS, CHAIN_SYMBOLS } from '@secux-companion/core';
import { LOCAL_TRC20 } from '@secux-companion/localnet';
import { FIAT_CURRENCIES } from './constants.js';
import { SingleFlightCache } from './cache.js';
import { LocalPriceUpstream } from './localUpstream.js';
import { startFakeUpstream, type FakeUpstream } from '../test/fake-upstream.js';
import { BACKENDS, useTestApp } from '../test/harness.js';

describe('SingleFlightCache', () => {
  it('shares one load between concurrent callers and expires', async () => {
    let now = 0;
    const c = new SingleFlightCache<number>(10, () => now);
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 5));
      return { value: loads, ttlMs: 100 };
    };
    const results = await Promise.all(Array.from({ length: 50 }, () => c.get('k', load)));
    expect(new Set(results)).toEqual(new Set([1]));
    expect(loads).toBe(1);
    now = 99;
    expect(c.peek('k')).toBe(1);
    now = 100;
    expect(c.peek('k')).toBeUndefined();
    expect(await c.get('k', load)).toBe(2);
  });
  it('evicts the oldest entry when full', () => {
    const c = new SingleFlightCache<number>(2);
    c.set('a', 1, 1000);
    c.set('b', 2, 1000);
    c.set('c', 3, 1000);
    expect(c.peek('a')).toBeUndefined();
    expect(c.size).toBe(2);
  });
});

describe('local price table (the local profile and the e2e journeys)', () => {
  const up = new LocalPriceUpstream();
  const priceIds = CHAIN_SYMBOLS.flatMap((s) => (CHAINS[s].priceId ? [CHAINS[s].priceId] : []));

  it("prices every coin of core's chain table in every display currency", async () => {
    for (const currency of FIAT_CURRENCIES) {
      const prices = await up.coins(priceIds, currency.toLowerCase());
      expect(Object.keys(prices).sort(), currency).toEqual([...new Set(priceIds)].sort());
    }
    expect(
      await up.coins(['ripple', 'stellar', 'tron', 'solana', 'fio-protocol', 'binancecoin'], 'usd'),
    ).toEqual({
      ripple: '0.6',
      stellar: '0.11',
      tron: '0.12',
      solana: '150',
      'fio-protocol': '0.03',
      binancecoin: '580',
    });
  });

  it('converts with decimal arithmetic: exact decimal text, no float residue', async () => {
    expect(await up.coins(['bitcoin', 'ripple', 'fio-protocol'], 'twd')).toEqual({
      bitcoin: '2086500',
      ripple: '19.26',
      'fio-protocol': '0.963',
    });
    expect(await up.coins(['dogecoin'], 'eur')).toEqual({ dogecoin: '0.138' });
  });

  it("prices the local network's TRC-20 token (LUSDT) by its contract, as EVM tokens are", async () => {
    expect(
      await up.tokens('tron', [LOCAL_TRC20.address, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'], 'eur'),
    ).toEqual({
      [LOCAL_TRC20.address]: '0.92',
    });
  });
});

describe.each(BACKENDS)('prices via CoinGecko ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    let cg: FakeUpstream;
    let mode: 'ok' | 'fail' | 'garbage' | 'huge' | 'nonsense' = 'ok';
    beforeAll(async () => {
      cg = await startFakeUpstream((req) => {
        if (mode === 'fail')
          return { status: 429, body: { status: { error_code: 429, error_message: 'rate limited' } } };
        if (mode === 'garbage') return { body: '[1,2' };
        // A valid answer padded past the size cap: refused while streaming, never parsed.
        if (mode === 'huge')
          return { body: { 'dogecoin-huge': { usd: 1 }, pad: 'x'.repeat(2 * 1024 * 1024) } };
        const cur = req.query.get('vs_currencies') ?? '';
        // Well-formed answers whose values are no prices: negative, zero, absurd, text.
        if (mode === 'nonsense')
          return {
            body: {
              ripple: { [cur]: 0.6 },
              'neg-coin': { [cur]: -1 },
              'zero-coin': { [cur]: 0 },
              'huge-coin': { [cur]: 1e20 },
              'text-coin': { [cur]: 'abc' },
              'object-coin': { [cur]: { value: 1 } },
            },
          };
        if (req.path === '/api/v3/simple/price') {
          const ids = (req.query.get('ids') ?? '').split(',');
          const out: Record<string, Record<string, number>> = {};
          for (const id of ids) {
            if (id === 'unknown-coin') continue;
            out[id] = Object.fromEntries(
              cur.split(',').map((c, i) => [c, id === 'bitcoin' ? 60000 * (i + 1) : 2]),
            );
          }
          return { body: out, delayMs: 30 };
        }
        if (req.path.startsWith('/api/v3/simple/token_price/')) {
          const contracts = (req.query.get('contract_addresses') ?? '').split(',');
          return { body: Object.fromEntries(contracts.map((c) => [c.toLowerCase(), { [cur]: 1.01 }])) };
        }
        const contract = /^\/api\/v3\/coins\/ethereum\/contract\/(0x[0-9a-f]{40})$/.exec(req.path);
        if (contract && contract[1] !== '0x0000000000000000000000000000000000000bad') {
          const small =
            contract[1] === '0x00000000000000000000000000000000000000aa'
              ? 'javascript:alert(1)'
              : `https://img.example/${contract[1]}.png`;
          return { body: { id: 'token', image: { thumb: small, small } } };
        }
        return { status: 404, body: { error: 'not found' } };
      });
    });
    afterAll(async () => cg?.close());
    beforeEach(() => {
      mode = 'ok';
    });

    const t = useTestApp(backend, {
      env: () => ({
        WALLET_PROFILE: 'mainnet',
        COINGECKO_API_URL: `${cg.url}/api/v3`,
        COINGECKO_API_KEY: 'demo-key',
        PRICE_CACHE_TTL_SECONDS: '60',
      }),
    });

    it('100 concurrent identical requests cause exactly one upstream call', async () => {
      const before = cg.requests.length;
      const url = '/api/prices/coins?ids=bitcoin,ethereum&currency=usd';
      const responses = await Promise.all(
        Array.from({ length: 100 }, () => t.app.inject({ method: 'GET', url })),
      );
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(cg.requests.length - before).toBe(1);
      const last = cg.requests.at(-1)!;
      expect(last.headers['x-cg-demo-api-key']).toBe('demo-key');
      expect(responses[0]!.json()).toMatchObject({
        source: 'coingecko',
        currency: 'usd',
        prices: { bitcoin: 60000, ethereum: 2 },
      });
      // Same ids in another order and case hit the same cache entry.
      await t.app.inject({ method: 'GET', url: '/api/prices/coins?ids=Ethereum,bitcoin&currency=USD' });
      expect(cg.requests.length - before).toBe(1);
    });

    it('token prices keyed by the (normalised) requested contract', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/prices/tokens?platform=ethereum&contracts=0xA0b86991c6218b36c1d19d4a2e9eb0ce3606eB48&currency=eur',
      });
      expect(res.json()).toMatchObject({
        source: 'coingecko',
        prices: { '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 1.01 },
      });
    });

    it('token images: https logos only, a failed or unsafe one left out', async () => {
      const good = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/prices/token-images?platform=ethereum&contracts=${good.toUpperCase().replace('0X', '0x')},0x0000000000000000000000000000000000000bad,0x00000000000000000000000000000000000000aa`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ source: 'coingecko', platform: 'ethereum' });
      expect(res.json().images).toEqual({ [good]: `https://img.example/${good}.png` });
    });

    it('token images: upstream failure gives 200 with no images', async () => {
      mode = 'fail';
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/prices/token-images?platform=ethereum&contracts=0x514910771af9ca656af840dff83e8264ecf986ca',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ images: {} });
    });

    it('fiat rates derived from one /simple/price call', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/prices/fiat' });
      const { rates } = res.json();
      expect(Object.keys(rates)).toHaveLength(FIAT_CURRENCIES.length);
      expect(rates.USD).toBe(1);
      expect(rates.EUR).toBe(2);
    });

    it('values that are no price (negative, zero, absurd, not a number) are left out: Price N/A, not a wrong value', async () => {
      mode = 'nonsense';
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/prices/coins?ids=ripple,neg-coin,zero-coin,huge-coin,text-coin,object-coin&currency=usd',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().prices).toEqual({ ripple: 0.6 });
    });

    it('upstream failure gives 200 with empty prices, never 5xx', async () => {
      for (const m of ['fail', 'garbage', 'huge'] as const) {
        mode = m;
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/prices/coins?ids=dogecoin-${m}&currency=usd`,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ prices: {} });
      }
    });

    it('upstream down (connection refused) gives empty prices', async () => {
      const dead = await startFakeUpstream(() => ({ body: {} }));
      await dead.close();
      const { createPriceService } = await import('./service.js');
      const svc = createPriceService(
        { ...t.config, coingecko: { apiUrl: dead.url, apiKey: undefined } },
        fetch,
      );
      expect(JSON.parse((await svc.coins(['bitcoin'], 'usd')).body)).toMatchObject({ prices: {} });
    });
  });
});
