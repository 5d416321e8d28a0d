import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { localFactor, localHistory, parseMarketChart, thin, LOCAL_STEP_MS, RANGE_MS } from './history.js';
import { LocalPriceUpstream } from './localUpstream.js';
import { startFakeUpstream, type FakeUpstream } from '../test/fake-upstream.js';
import { BACKENDS, useTestApp } from '../test/harness.js';

const HOUR = 3_600_000;
/** A multiple of the local wave's 800 hours: its factor is 0.9 there. */
const WAVE_START = 800 * HOUR * 600;

describe('local price history table (deterministic)', () => {
  it('is the local price times a wave: exact decimal values a test can name', () => {
    expect(localFactor(WAVE_START)).toBe('0.9000');
    expect(localFactor(WAVE_START - HOUR)).toBe('0.9005');
    expect(localFactor(WAVE_START + 400 * HOUR)).toBe('1.1000');
    const now = WAVE_START + 30 * 60_000; // half an hour after a wave start
    const day = localHistory('65000', 'day', now);
    expect(day).toHaveLength(25);
    expect(day.at(-1)).toEqual({ time: WAVE_START, price: '58500' });
    expect(day.at(-2)).toEqual({ time: WAVE_START - HOUR, price: '58532.5' });
    expect(day[0]!.time).toBe(WAVE_START - 24 * HOUR);
    for (const range of ['week', 'month', 'year'] as const) {
      const pts = localHistory('65000', range, now);
      expect(pts.at(-1)!.time - pts[0]!.time).toBe(
        Math.floor(RANGE_MS[range] / LOCAL_STEP_MS[range]) * LOCAL_STEP_MS[range],
      );
      for (const p of pts) expect(Number(p.price)).toBeGreaterThanOrEqual(58500);
    }
  });

  it('the local upstream serves it in the asked currency, and nothing for an unknown coin', async () => {
    const up = new LocalPriceUpstream(() => WAVE_START);
    expect((await up.history('bitcoin', 'twd', 'day')).at(-1)).toEqual({
      time: WAVE_START,
      price: '1877850', // 2086500 × 0.9
    });
    expect(await up.history('no-such-coin', 'usd', 'day')).toEqual([]);
  });
});

describe("CoinGecko's market_chart answer, checked", () => {
  const now = Date.UTC(2026, 10, 27, 12);
  it('reads [time, price] points, keeps one of a repeated last time, thins to the cap', () => {
    const pts = parseMarketChart(
      {
        prices: [
          [now - 2 * HOUR, 100.5],
          [now - HOUR, '101'],
          [now - HOUR, 102],
        ],
        market_caps: [],
      },
      'day',
      now,
    );
    expect(pts).toEqual([
      { time: now - 2 * HOUR, price: '100.5' },
      { time: now - HOUR, price: '102' },
    ]);
    const many = Array.from({ length: 1000 }, (_, i) => i);
    const thinned = thin(many, 400);
    expect(thinned).toHaveLength(400);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(999);
  });

  it.each([
    ['no prices', { market_caps: [] }],
    ['a zero price', { prices: [[now - HOUR, 0]] }],
    ['a negative price', { prices: [[now - HOUR, -3]] }],
    ['an absurd price', { prices: [[now - HOUR, 1e20]] }],
    ['a text price', { prices: [[now - HOUR, 'abc']] }],
    ['a time in the future', { prices: [[now + 5 * HOUR, 1]] }],
    ['a time years before the range', { prices: [[now - 400 * 24 * HOUR, 1]] }],
    ['a time in seconds', { prices: [[Math.floor(now / 1000), 1]] }],
    [
      'times out of order',
      {
        prices: [
          [now - HOUR, 1],
          [now - 2 * HOUR, 1],
        ],
      },
    ],
    ['a malformed point', { prices: [[now - HOUR]] }],
    ['no point at all', { prices: [] }],
    ['too many points', { prices: Array.from({ length: 10_001 }, () => [now - HOUR, 1]) }],
  ])('refuses an answer with %s', (_what, body) => {
    expect(() => parseMarketChart(body, 'day', now)).toThrow();
  });
});

describe('GET /api/prices/history (local profile)', () => {
  const t = useTestApp(BACKENDS[0]!);
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it("answers each coin's points as decimal text; an unpriced coin is missing, not zero", async () => {
    const res = await get('/api/prices/history?ids=bitcoin,nope-coin&currency=usd&range=day');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'local', currency: 'usd', range: 'day', missing: ['nope-coin'] });
    expect(Object.keys(body.prices)).toEqual(['bitcoin']);
    const pts = body.prices.bitcoin as { time: number; price: string }[];
    expect(pts).toHaveLength(25);
    // Exactly the table: 65000 × the wave's factor at each (hour) time.
    for (const p of pts) {
      const h = ((p.time / HOUR) % 800) as number;
      const factor = 0.9 + 0.0005 * Math.min(h, 800 - h);
      expect(typeof p.price).toBe('string');
      expect(Number(p.price)).toBeCloseTo(65000 * factor, 6);
    }
  });

  it("answers a token's points by platform and contract (the value chart's tokens); an unknown one is missing", async () => {
    const lusdt = 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3';
    const unknown = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
    const res = await get(
      `/api/prices/history?platform=tron&contracts=${unknown},${lusdt}&currency=eur&range=week`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ platform: 'tron', currency: 'eur', range: 'week', missing: [unknown] });
    expect(Object.keys(body.prices)).toEqual([lusdt]);
    const pts = body.prices[lusdt] as { time: number; price: string }[];
    // A week of 6-hour steps, the table's LUSDT (1 USD = 0.92 EUR) times the wave.
    expect(pts).toHaveLength(29);
    for (const p of pts)
      expect(p.price).toBe(String(Number((0.92 * Number(localFactor(p.time))).toFixed(8))));
    // EVM contracts in lower case, as the token quotes key them.
    const evm = await get(
      '/api/prices/history?platform=ethereum&contracts=0x9AD50244681E313EEF77ADD770A9F3DBE000406B&range=day',
    );
    expect(Object.keys(evm.json().prices)).toEqual(['0x9ad50244681e313eef77add770a9f3dbe000406b']);
  });

  it('refuses a bad range, currency or id list', async () => {
    for (const url of [
      '/api/prices/history?ids=bitcoin&range=decade',
      '/api/prices/history?ids=bitcoin&currency=xyz',
      '/api/prices/history?ids=',
      `/api/prices/history?ids=${Array.from({ length: 31 }, (_, i) => `c${i}`).join(',')}`,
      '/api/prices/history?platform=nowhere&contracts=TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3',
      '/api/prices/history?platform=tron',
      '/api/prices/history?platform=tron&contracts=short',
      `/api/prices/history?platform=tron&contracts=${Array.from({ length: 31 }, (_, i) => `TAVMRF1q3fuBsu4a314KKh685Xvo6gqP${String(i).padStart(2, '0')}`).join(',')}`,
    ])
      expect((await get(url)).statusCode, url).toBe(400);
  });
});

describe('GET /api/prices/history (CoinGecko)', () => {
  let cg: FakeUpstream;
  let mode: 'ok' | 'fail' | 'nonsense' = 'ok';
  beforeAll(async () => {
    cg = await startFakeUpstream((req) => {
      if (mode === 'fail') return { status: 429, body: { status: { error_code: 429 } } };
      const m = /^\/api\/v3\/coins\/([a-z-]+)(\/contract\/\w+)?\/market_chart$/.exec(req.path);
      if (!m) return { status: 404, body: { error: 'not found' } };
      const now = Date.now();
      if (mode === 'nonsense') return { body: { prices: [[now - HOUR, 0]] } };
      const days = Number(req.query.get('days'));
      return {
        body: {
          prices: [
            [now - days * 24 * HOUR, 100],
            [now - HOUR, req.query.get('vs_currency') === 'eur' ? 90.5 : 101.25],
          ],
          market_caps: [],
          total_volumes: [],
        },
      };
    });
  });
  afterAll(async () => cg?.close());
  beforeEach(() => {
    mode = 'ok';
  });
  const t = useTestApp(BACKENDS[0]!, {
    env: () => ({
      WALLET_PROFILE: 'mainnet',
      COINGECKO_API_URL: `${cg.url}/api/v3`,
      PRICE_CACHE_TTL_SECONDS: '60',
    }),
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('asks market_chart once per id, currency and range; repeated requests are cache hits', async () => {
    const before = cg.requests.length;
    const url = '/api/prices/history?ids=bitcoin,ethereum&currency=eur&range=week';
    const answers = await Promise.all(Array.from({ length: 20 }, () => get(url)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(cg.requests.length - before).toBe(2);
    const asked = cg.requests.slice(before).map((r) => `${r.path}?${r.query.toString()}`);
    expect(asked.sort()).toEqual([
      '/api/v3/coins/bitcoin/market_chart?vs_currency=eur&days=7',
      '/api/v3/coins/ethereum/market_chart?vs_currency=eur&days=7',
    ]);
    expect(answers[0]!.json().prices.bitcoin.map((p: { price: string }) => p.price)).toEqual(['100', '90.5']);
    // Same ids in another order: still cached. Another range: one new call per id.
    await get('/api/prices/history?ids=ethereum,bitcoin&currency=EUR&range=week');
    expect(cg.requests.length - before).toBe(2);
    await get('/api/prices/history?ids=bitcoin&currency=eur&range=year');
    expect(cg.requests.length - before).toBe(3);
    expect(cg.requests.at(-1)!.query.get('days')).toBe('365');
  });

  it("asks a token's market_chart by platform and contract once per currency and range", async () => {
    const before = cg.requests.length;
    const url =
      '/api/prices/history?platform=ethereum&contracts=0xDAC17F958D2EE523A2206206994597C13D831EC7&currency=usd&range=month';
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(url)));
    expect(cg.requests.length - before).toBe(1);
    expect(`${cg.requests.at(-1)!.path}?${cg.requests.at(-1)!.query.toString()}`).toBe(
      '/api/v3/coins/ethereum/contract/0xdac17f958d2ee523a2206206994597c13d831ec7/market_chart?vs_currency=usd&days=30',
    );
    expect(answers[0]!.json()).toMatchObject({
      platform: 'ethereum',
      missing: [],
      prices: { '0xdac17f958d2ee523a2206206994597c13d831ec7': [{ price: '100' }, { price: '101.25' }] },
    });
  });

  it('a refused or failed upstream answer leaves the coin missing (200), never zero prices', async () => {
    for (const m of ['nonsense', 'fail'] as const) {
      mode = m;
      const res = await get(`/api/prices/history?ids=dogecoin-${m}&currency=usd&range=day`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ prices: {}, missing: [`dogecoin-${m}`] });
      const c = m === 'fail' ? 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' : 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3';
      const token = await get(`/api/prices/history?platform=tron&contracts=${c}&range=day`);
      expect(token.statusCode).toBe(200);
      expect(token.json()).toMatchObject({ prices: {}, missing: [c] });
    }
  });
});
