/**
 * Issue 33's token and older prices: `/api/prices/tokens` adds `changes24h` beside the token prices (the portfolio's
 * 24 h change of a token), and `/api/prices/daily` serves an asset's daily prices over any span of days — a coin by
 * id or a token by contract — for the history CSV's fiat at the time. CoinGecko's public plan serves one year of
 * history: the answer says from when (`servedFrom`) and nothing older is asked of it.
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_TRC20 } from '@secux-companion/localnet';
import type { Config } from '../config.js';
import { CoinGeckoUpstream } from './coingecko.js';
import { LocalPriceUpstream } from './localUpstream.js';
import { createPriceService } from './service.js';
import { localFactor, parseRangeChart } from './history.js';
import { BACKENDS, useTestApp } from '../test/harness.js';

const config = { profile: 'local', prices: { ttlMs: 60_000, failureTtlMs: 1_000 } } as unknown as Config;
const DAY = 86_400_000;
const LUSD = '0x9ad50244681e313eef77add770a9f3dbe000406b';

function recorder(body: unknown) {
  const urls: string[] = [];
  const fetchFn = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { urls, fetchFn };
}

describe('24 h change of token prices', () => {
  it('the local table gives the local tokens a change in the token answer, prices unchanged', async () => {
    const svc = createPriceService(config, fetch, new LocalPriceUpstream());
    const body = JSON.parse(
      (await svc.tokens('tron', [LOCAL_TRC20.address, 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf'], 'usd')).body,
    ) as Record<string, unknown>;
    expect(body.prices).toEqual({ [LOCAL_TRC20.address]: 1 });
    expect(body.changes24h).toEqual({ [LOCAL_TRC20.address]: -0.1 });
    const eth = JSON.parse((await svc.tokens('ethereum', [LUSD], 'twd')).body) as Record<string, unknown>;
    expect(eth.prices).toEqual({ [LUSD]: 32.1 });
    expect(eth.changes24h).toEqual({ [LUSD]: 0.05 });
  });

  it("reads CoinGecko's include_24hr_change for tokens in the same call, dropping changes that mean nothing", async () => {
    const { urls, fetchFn } = recorder({
      '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa': { usd: 2, usd_24h_change: 1.5 },
      '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb': { usd: 3, usd_24h_change: null },
      '0xcccccccccccccccccccccccccccccccccccccccc': { usd: 4, usd_24h_change: -300 },
    });
    const up = new CoinGeckoUpstream('https://cg.test/api/v3', undefined, fetchFn, 1_000);
    const { prices, changes } = await up.tokensWithChange(
      'ethereum',
      [
        '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
        '0xcccccccccccccccccccccccccccccccccccccccc',
      ],
      'usd',
    );
    expect(urls).toHaveLength(1);
    expect(urls[0]).toContain('/simple/token_price/ethereum?');
    expect(urls[0]).toContain('include_24hr_change=true');
    expect(Object.keys(prices)).toHaveLength(3);
    expect(changes).toEqual({ '0xaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa': '1.5' });
  });
});

describe('daily prices over any span (the history CSV)', () => {
  const from = Date.UTC(2021, 0, 1);
  const to = Date.UTC(2021, 0, 4);

  it('the local table serves a coin or a token daily, the local price times the wave, at any age', async () => {
    const svc = createPriceService(config, fetch, new LocalPriceUpstream());
    const coin = await svc.daily({ id: 'bitcoin' }, 'usd', from, to);
    expect(coin.servedFrom).toBeUndefined();
    expect(coin.points?.map((p) => p.time)).toEqual([from, from + DAY, from + 2 * DAY, to]);
    const factor = Number(localFactor(from));
    expect(Number(coin.points![0]!.price)).toBeCloseTo(65000 * factor, 6);
    const token = await svc.daily({ platform: 'tron', contract: LOCAL_TRC20.address }, 'usd', from, to);
    expect(token.points![0]!.price).toBe(localFactor(from).replace(/0+$/, ''));
    expect((await svc.daily({ id: 'no-such-coin' }, 'usd', from, to)).points).toEqual([]);
  });

  it("asks CoinGecko's market_chart/range by id or by contract and keeps one point a UTC day", async () => {
    const now = Date.now();
    const start = Math.floor((now - 10 * DAY) / DAY) * DAY;
    const end = start + 3 * DAY;
    const hourly = Array.from({ length: 3 * 24 + 1 }, (_, h) => [start + h * 3_600_000, 1 + h / 100]);
    const { urls, fetchFn } = recorder({ prices: hourly, market_caps: [], total_volumes: [] });
    const up = new CoinGeckoUpstream('https://pro-api.cg.test/api/v3', 'k', fetchFn, 1_000);
    const points = await up.daily({ platform: 'tron', contract: LOCAL_TRC20.address }, 'usd', start, end);
    expect(urls[0]).toBe(
      `https://pro-api.cg.test/api/v3/coins/tron/contract/${LOCAL_TRC20.address}/market_chart/range?vs_currency=usd&from=${start / 1000}&to=${end / 1000}`,
    );
    expect(points.map((p) => p.time)).toEqual([start, start + DAY, start + 2 * DAY, end]);
    await up.daily({ id: 'bitcoin' }, 'usd', start, end);
    expect(urls[1]).toContain('/coins/bitcoin/market_chart/range?');
    expect(() => parseRangeChart({ prices: [[start, -1]] }, start, end)).toThrow();
    expect(() => parseRangeChart({ prices: [[start - 30 * DAY, 1]] }, start, end)).toThrow();
  });

  it("CoinGecko's public plan keeps a year: older days are not asked, and the answer says from when", async () => {
    const { urls, fetchFn } = recorder({ prices: [[Date.now() - 100 * DAY, 5]] });
    const svc = createPriceService(
      config,
      fetchFn,
      new CoinGeckoUpstream('https://api.coingecko.com/api/v3', undefined, fetchFn, 1_000),
    );
    const old = await svc.daily({ id: 'bitcoin' }, 'usd', from, to);
    expect(old.points).toEqual([]);
    expect(old.servedFrom).toBeGreaterThan(Date.now() - 366 * DAY);
    expect(urls).toHaveLength(0);
    // a span across the limit is asked from the limit on
    const start = Math.floor((Date.now() - 400 * DAY) / DAY) * DAY;
    const end = Math.floor((Date.now() - 90 * DAY) / DAY) * DAY;
    const across = await svc.daily({ id: 'bitcoin' }, 'usd', start, end);
    expect(urls).toHaveLength(1);
    const asked = Number(new URL(urls[0]!).searchParams.get('from')) * 1000;
    expect(asked).toBe(across.servedFrom);
    expect(asked).toBeGreaterThan(start);
  });
});

describe.each(BACKENDS.filter((b) => b.name === 'sqlite'))('GET /api/prices/daily ($name)', (backend) => {
  const t = useTestApp(backend);
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers daily points of a coin or a token by contract, and refuses what is not one', async () => {
    const coin = await get(
      `/api/prices/daily?id=ethereum&currency=eur&from=${Date.UTC(2020, 5, 1)}&to=${Date.UTC(2020, 5, 3)}`,
    );
    expect(coin.statusCode).toBe(200);
    expect(coin.json()).toMatchObject({ source: 'local', currency: 'eur' });
    expect(coin.json().points).toHaveLength(3);
    const token = await get(
      `/api/prices/daily?platform=ethereum&contract=${LUSD.toUpperCase().replace('0X', '0x')}&from=${Date.UTC(2020, 5, 1)}&to=${Date.UTC(2020, 5, 1)}`,
    );
    expect(token.json().points).toEqual([
      { time: Date.UTC(2020, 5, 1), price: localFactor(Date.UTC(2020, 5, 1)).replace(/0+$/, '') },
    ]);
    for (const bad of [
      `id=bitcoin&from=${Date.UTC(2020, 5, 1) + 1}&to=${Date.UTC(2020, 5, 2)}`, // not a whole day
      `id=bitcoin&from=${Date.UTC(2020, 5, 2)}&to=${Date.UTC(2020, 5, 1)}`, // backwards
      `id=bitcoin&from=${Date.UTC(2009, 0, 1)}&to=${Date.UTC(2020, 5, 1)}`, // over ten years
      `platform=ethereum&from=${Date.UTC(2020, 5, 1)}&to=${Date.UTC(2020, 5, 1)}`, // no contract
      `id=bitcoin&platform=ethereum&contract=${LUSD}&from=${Date.UTC(2020, 5, 1)}&to=${Date.UTC(2020, 5, 1)}`,
      `platform=dogechain&contract=${LUSD}&from=${Date.UTC(2020, 5, 1)}&to=${Date.UTC(2020, 5, 1)}`,
    ])
      expect((await get(`/api/prices/daily?${bad}`)).statusCode, bad).toBe(400);
  });

  it('the token answer carries the 24 h change', async () => {
    const res = await get(`/api/prices/tokens?platform=ethereum&contracts=${LUSD}&currency=usd`);
    expect(res.json()).toMatchObject({ prices: { [LUSD]: 1 }, changes24h: { [LUSD]: 0.05 } });
  });
});
