/**
 * Price service: pluggable upstream (fixed local table or CoinGecko) behind a single-flight TTL cache.
 * Upstream failures never throw out of here: callers get the last good value (marked stale) or an empty result.
 * Prices are decimal text checked for meaning (core's parsePrice: positive, finite, plausibly bounded) and converted
 * with decimal arithmetic; the answer writes them as JSON numbers of at most 12 significant digits, which a reader
 * gets back as the same decimal (the wire format is unchanged).
 */
import {
  divideToFiatRate,
  multiplyPrice,
  parsePrice,
  parsePriceChange,
  priceToJsonNumber,
} from '@secux-companion/core';
import { httpRequest, parseJson } from '@secux-companion/server-kit/failover';
import type { Config } from '../config.js';
import { SingleFlightCache } from './cache.js';
import {
  FIAT_CURRENCIES,
  LOCAL_COIN_CHANGE_24H_PCT,
  LOCAL_COIN_PRICES_USD,
  LOCAL_FIAT_RATES,
  LOCAL_TOKEN_CHANGE_24H_PCT,
  LOCAL_TOKEN_PRICES_USD,
  LOCAL_TOKEN_IMAGES,
  type FiatCurrency,
} from './constants.js';
import {
  HISTORY_TTL_MS,
  PUBLIC_PLAN_HISTORY_DAYS,
  RANGE_DAYS,
  localDaily,
  localHistory,
  parseMarketChart,
  parseRangeChart,
  type PricePoint,
  type PriceRange,
} from './history.js';

type FetchFn = typeof fetch;
/** Largest CoinGecko answer read: a price or image answer for a page of ids is a few kB. */
const MAX_PRICE_ANSWER_BYTES = 1024 * 1024;
/** Prices (or rates) as checked decimal text, keyed by coin id, contract or currency code. */
export type PriceMap = Record<string, string>;

export interface PriceUpstream {
  readonly source: 'local' | 'coingecko';
  /** Prices keyed by coin id, in `currency` (lower-case code). */
  coins(ids: string[], currency: string): Promise<PriceMap>;
  /**
   * Prices and their 24 h change in percent (checked signed decimal text) keyed by coin id, in one upstream call;
   * an upstream without it answers prices only (the answer then has no `changes24h`).
   */
  coinsWithChange?(ids: string[], currency: string): Promise<{ prices: PriceMap; changes: PriceMap }>;
  /** Prices keyed by contract exactly as requested. */
  tokens(platform: string, contracts: string[], currency: string): Promise<PriceMap>;
  /**
   * Token prices and their 24 h change in percent (checked signed decimal text) keyed by contract as requested, in
   * one upstream call; an upstream without it answers prices only (the answer then has no `changes24h`).
   */
  tokensWithChange?(
    platform: string,
    contracts: string[],
    currency: string,
  ): Promise<{ prices: PriceMap; changes: PriceMap }>;
  /** USD -> currency rates for the 37 display currencies (upper-case codes). */
  fiat(): Promise<PriceMap>;
  /** Token logo URLs (https or same-origin paths) keyed by contract exactly as requested; unknown ones left out. */
  tokenImages(platform: string, contracts: string[]): Promise<ImageMap>;
  /** A coin's checked prices over the range, oldest first, in `currency` (lower-case code); throws when unreadable. */
  history(id: string, currency: string, range: PriceRange): Promise<PricePoint[]>;
  /**
   * A token's checked prices over the range by its platform and contract, oldest first, as {@link history} serves a
   * coin's (the value chart's tokens); throws when unreadable. Absent: tokens have no history (missing).
   */
  tokenHistory?(
    platform: string,
    contract: string,
    currency: string,
    range: PriceRange,
  ): Promise<PricePoint[]>;
  /**
   * An asset's checked prices between `from` and `to` (ms), one a UTC day, oldest first, in `currency` (lower-case
   * code): a coin by id, or a token by platform and contract (the history CSV's fiat at the time); throws when
   * unreadable.
   */
  daily?(asset: PriceAsset, currency: string, from: number, to: number): Promise<PricePoint[]>;
  /** How many days back the upstream serves historical prices; absent: as far as it has them. */
  readonly historyDays?: number;
}

/** A coin by its price-service id, or a token by its platform and contract. */
export type PriceAsset = { id: string } | { platform: string; contract: string };

export const assetKey = (a: PriceAsset) => ('id' in a ? a.id : `${a.platform}:${a.contract}`);

export type ImageMap = Record<string, string>;

/** A cached answer: `body` is the serialised JSON, sent as is on cache hits. */
export interface PriceAnswer {
  body: string;
}

export class LocalPriceUpstream implements PriceUpstream {
  readonly source = 'local' as const;
  constructor(private readonly now: () => number = Date.now) {}
  private rate(currency: string): string | undefined {
    return LOCAL_FIAT_RATES[currency.toUpperCase() as FiatCurrency];
  }
  async coins(ids: string[], currency: string): Promise<PriceMap> {
    const rate = this.rate(currency);
    const out: PriceMap = {};
    if (rate === undefined) return out;
    for (const id of ids) {
      const usd = LOCAL_COIN_PRICES_USD[id];
      const price = usd === undefined ? null : multiplyPrice(usd, rate);
      if (price !== null) out[id] = price;
    }
    return out;
  }
  async coinsWithChange(ids: string[], currency: string): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const prices = await this.coins(ids, currency);
    const changes: PriceMap = {};
    for (const id of Object.keys(prices)) {
      const change = parsePriceChange(LOCAL_COIN_CHANGE_24H_PCT[id]);
      if (change !== null) changes[id] = change;
    }
    return { prices, changes };
  }
  async tokens(platform: string, contracts: string[], currency: string): Promise<PriceMap> {
    const rate = this.rate(currency);
    const table = LOCAL_TOKEN_PRICES_USD[platform] ?? {};
    const out: PriceMap = {};
    if (rate === undefined) return out;
    for (const c of contracts) {
      const usd = table[c] ?? table[c.toLowerCase()];
      const price = usd === undefined ? null : multiplyPrice(usd, rate);
      if (price !== null) out[c] = price;
    }
    return out;
  }
  async tokensWithChange(
    platform: string,
    contracts: string[],
    currency: string,
  ): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const prices = await this.tokens(platform, contracts, currency);
    const table = LOCAL_TOKEN_CHANGE_24H_PCT[platform] ?? {};
    const changes: PriceMap = {};
    for (const c of Object.keys(prices)) {
      const change = parsePriceChange(table[c] ?? table[c.toLowerCase()]);
      if (change !== null) changes[c] = change;
    }
    return { prices, changes };
  }
  async fiat(): Promise<PriceMap> {
    return { ...LOCAL_FIAT_RATES };
  }
  async tokenImages(platform: string, contracts: string[]): Promise<ImageMap> {
    const table = LOCAL_TOKEN_IMAGES[platform] ?? {};
    const out: ImageMap = {};
    for (const c of contracts) {
      const url = table[c] ?? table[c.toLowerCase()];
      if (url !== undefined) out[c] = url;
    }
    return out;
  }
  /** The deterministic table: the asset's local price times the wave of time, daily; none for an unknown asset. */
  async daily(asset: PriceAsset, currency: string, from: number, to: number): Promise<PricePoint[]> {
    const price =
      'id' in asset
        ? (await this.coins([asset.id], currency))[asset.id]
        : (await this.tokens(asset.platform, [asset.contract], currency))[asset.contract];
    return price === undefined ? [] : localDaily(price, from, to);
  }
  /** The deterministic table (history.ts): the coin's local price times a wave of time; none for an unknown coin. */
  async history(id: string, currency: string, range: PriceRange): Promise<PricePoint[]> {
    const price = (await this.coins([id], currency))[id];
    return price === undefined ? [] : localHistory(price, range, this.now());
  }
  /** The same table for a token: its local price times the wave of time; none for an unknown token. */
  async tokenHistory(
    platform: string,
    contract: string,
    currency: string,
    range: PriceRange,
  ): Promise<PricePoint[]> {
    const price = (await this.tokens(platform, [contract], currency))[contract];
    return price === undefined ? [] : localHistory(price, range, this.now());
  }
}

export class CoinGeckoUpstream implements PriceUpstream {
  readonly source = 'coingecko' as const;
  /** The public API (keyless or a Demo key) serves a year of history; a paid plan's host (pro-api) all of it. */
  readonly historyDays: number | undefined;
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly fetchFn: FetchFn,
    private readonly timeoutMs: number,
  ) {
    this.historyDays = baseUrl.includes('pro-api.') ? undefined : PUBLIC_PLAN_HISTORY_DAYS;
  }

  private async get(pathAndQuery: string): Promise<Record<string, Record<string, unknown>>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey)
      headers[this.baseUrl.includes('pro-api.') ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] = this.apiKey;
    // Size-capped read; a non-2xx answer throws (a ProviderError) like a malformed one.
    const res = await httpRequest(this.fetchFn, `${this.baseUrl}${pathAndQuery}`, {
      headers,
      signal: AbortSignal.timeout(this.timeoutMs),
      maxBytes: MAX_PRICE_ANSWER_BYTES,
    });
    const body = parseJson(res.text);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new Error('coingecko: unexpected body');
    return body as Record<string, Record<string, unknown>>;
  }

  async coins(ids: string[], currency: string): Promise<PriceMap> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/price?ids=${encodeURIComponent(ids.join(','))}&vs_currencies=${cur}`,
    );
    const out: PriceMap = {};
    for (const id of ids) {
      const price = parsePrice(body[id]?.[cur]);
      if (price !== null) out[id] = price;
    }
    return out;
  }

  /** /simple/price with `include_24hr_change`: `{ id: { usd: 1, usd_24h_change: -1.2 } }`, each value checked. */
  async coinsWithChange(ids: string[], currency: string): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/price?ids=${encodeURIComponent(ids.join(','))}&vs_currencies=${cur}&include_24hr_change=true`,
    );
    const prices: PriceMap = {};
    const changes: PriceMap = {};
    for (const id of ids) {
      const price = parsePrice(body[id]?.[cur]);
      if (price === null) continue;
      prices[id] = price;
      const change = parsePriceChange(body[id]?.[`${cur}_24h_change`]);
      if (change !== null) changes[id] = change;
    }
    return { prices, changes };
  }

  async tokens(platform: string, contracts: string[], currency: string): Promise<PriceMap> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/token_price/${encodeURIComponent(platform)}?contract_addresses=${encodeURIComponent(contracts.join(','))}&vs_currencies=${cur}`,
    );
    const out: PriceMap = {};
    for (const c of contracts) {
      const price = parsePrice((body[c] ?? body[c.toLowerCase()])?.[cur]);
      if (price !== null) out[c] = price;
    }
    return out;
  }

  /** /simple/token_price with `include_24hr_change`: `{ contract: { usd: 1, usd_24h_change: 0.01 } }`, checked. */
  async tokensWithChange(
    platform: string,
    contracts: string[],
    currency: string,
  ): Promise<{ prices: PriceMap; changes: PriceMap }> {
    const cur = currency.toLowerCase();
    const body = await this.get(
      `/simple/token_price/${encodeURIComponent(platform)}?contract_addresses=${encodeURIComponent(contracts.join(','))}&vs_currencies=${cur}&include_24hr_change=true`,
    );
    const prices: PriceMap = {};
    const changes: PriceMap = {};
    for (const c of contracts) {
      const entry = body[c] ?? body[c.toLowerCase()];
      const price = parsePrice(entry?.[cur]);
      if (price === null) continue;
      prices[c] = price;
      const change = parsePriceChange(entry?.[`${cur}_24h_change`]);
      if (change !== null) changes[c] = change;
    }
    return { prices, changes };
  }

  /** One documented /coins/{platform}/contract/{address} call per contract; a failed one is left out. */
  async tokenImages(platform: string, contracts: string[]): Promise<ImageMap> {
    const out: ImageMap = {};
    const results = await Promise.allSettled(
      contracts.map((c) =>
        this.get(`/coins/${encodeURIComponent(platform)}/contract/${encodeURIComponent(c)}`),
      ),
    );
    if (results.every((r) => r.status === 'rejected')) throw new Error('coingecko: no token image');
    results.forEach((r, i) => {
      const image =
        r.status === 'fulfilled' ? (r.value.image as Record<string, unknown> | undefined) : undefined;
      const url = image?.small ?? image?.thumb;
      if (typeof url === 'string' && url.startsWith('https://')) out[contracts[i]!] = url;
    });
    return out;
  }

  /** One documented /coins/{id}/market_chart call; the answer checked and thinned (history.ts). */
  async history(id: string, currency: string, range: PriceRange): Promise<PricePoint[]> {
    const body = await this.get(
      `/coins/${encodeURIComponent(id)}/market_chart?vs_currency=${encodeURIComponent(currency.toLowerCase())}&days=${RANGE_DAYS[range]}`,
    );
    return parseMarketChart(body, range, Date.now());
  }

  /** One documented /coins/{platform}/contract/{address}/market_chart call; checked and thinned like a coin's. */
  async tokenHistory(
    platform: string,
    contract: string,
    currency: string,
    range: PriceRange,
  ): Promise<PricePoint[]> {
    const body = await this.get(
      `/coins/${encodeURIComponent(platform)}/contract/${encodeURIComponent(contract)}/market_chart?vs_currency=${encodeURIComponent(currency.toLowerCase())}&days=${RANGE_DAYS[range]}`,
    );
    return parseMarketChart(body, range, Date.now());
  }

  /**
   * One documented market_chart/range call, a coin's (/coins/{id}/…) or a token's (/coins/{platform}/contract/{c}/…),
   * with UNIX seconds; the answer checked and reduced to a point a day (history.ts).
   */
  async daily(asset: PriceAsset, currency: string, from: number, to: number): Promise<PricePoint[]> {
    const path =
      'id' in asset
        ? `/coins/${encodeURIComponent(asset.id)}`
        : `/coins/${encodeURIComponent(asset.platform)}/contract/${encodeURIComponent(asset.contract)}`;
    const body = await this.get(
      `${path}/market_chart/range?vs_currency=${encodeURIComponent(currency.toLowerCase())}&from=${Math.floor(from / 1000)}&to=${Math.ceil(to / 1000)}`,
    );
    return parseRangeChart(body, from, to);
  }

  /** USD -> X derived from bitcoin's price in every currency (one documented /simple/price call). */
  async fiat(): Promise<PriceMap> {
    const list = FIAT_CURRENCIES.map((c) => c.toLowerCase()).join(',');
    const btc = (await this.get(`/simple/price?ids=bitcoin&vs_currencies=${list}`)).bitcoin ?? {};
    const usd = parsePrice(btc.usd);
    if (usd === null) throw new Error('coingecko: no USD price');
    const out: PriceMap = {};
    for (const c of FIAT_CURRENCIES) {
      const price = parsePrice(btc[c.toLowerCase()]);
      const rate = price === null ? null : divideToFiatRate(price, usd);
      if (rate !== null) out[c] = rate;
    }
    return out;
  }
}

export interface PriceService {
  readonly source: 'local' | 'coingecko';
  /** Synchronous cache lookup (hot path). */
  peek(key: string): PriceAnswer | undefined;
  coins(ids: string[], currency: string): Promise<PriceAnswer>;
  tokens(platform: string, contracts: string[], currency: string): Promise<PriceAnswer>;
  fiat(): Promise<PriceAnswer>;
  tokenImages(platform: string, contracts: string[]): Promise<PriceAnswer>;
  /**
   * A coin's historical prices, cached per id, currency and range ({@link HISTORY_TTL_MS}); null when they cannot
   * be read (no stale copy): the chart shows them as missing.
   */
  history(id: string, currency: string, range: PriceRange): Promise<HistoryAnswer>;
  /** A token's historical prices by platform and contract, cached and answered like a coin's ({@link history}). */
  tokenHistory(
    platform: string,
    contract: string,
    currency: string,
    range: PriceRange,
  ): Promise<HistoryAnswer>;
  /**
   * An asset's daily prices between `from` and `to` (ms, whole UTC days), cached per asset, currency and span; the
   * part older than the upstream serves is not asked ({@link DailyAnswer}'s `servedFrom`).
   */
  daily(asset: PriceAsset, currency: string, from: number, to: number): Promise<DailyAnswer>;
  /** Number of upstream calls made (for tests and metrics). */
  readonly upstreamCalls: number;
}

/** A coin's historical prices as cached: null when unreadable; `stale` when a failed refresh kept the last good ones. */
export interface HistoryAnswer {
  points: PricePoint[] | null;
  stale?: boolean;
}

/**
 * An asset's daily prices as cached: null when unreadable. `servedFrom` (ms): the upstream serves no prices before
 * this time (CoinGecko's public plan: the past 365 days), so earlier days have none and are not asked.
 */
export interface DailyAnswer {
  points: PricePoint[] | null;
  servedFrom?: number;
}

/** How long daily points are kept (CoinGecko caches ranges above 90 days for 12 hours). */
export const DAILY_TTL_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const historyKey = (id: string, currency: string, range: PriceRange) => `h|${id}|${currency}|${range}`;
export const coinsKey = (ids: string[], currency: string) => `c|${currency}|${ids.join(',')}`;
export const tokensKey = (platform: string, contracts: string[], currency: string) =>
  `t|${platform}|${currency}|${contracts.join(',')}`;
export const FIAT_KEY = 'f';
export const imagesKey = (platform: string, contracts: string[]) => `i|${platform}|${contracts.join(',')}`;

/** Checked decimal prices as the answer's JSON numbers (exact: at most 12 significant digits). */
const toWire = (prices: PriceMap): Record<string, number> =>
  Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, priceToJsonNumber(v)]));

/** Stale values older than this are not served after a failed refresh. */
const MAX_STALE_MS = 60 * 60 * 1000;

export function createPriceService(config: Config, fetchFn: FetchFn, upstream?: PriceUpstream): PriceService {
  const up: PriceUpstream =
    upstream ??
    (config.profile === 'local'
      ? new LocalPriceUpstream()
      : new CoinGeckoUpstream(
          config.coingecko.apiUrl,
          config.coingecko.apiKey,
          fetchFn,
          config.upstreamTimeoutMs,
        ));
  const cache = new SingleFlightCache<PriceAnswer & { ok: boolean }>();
  let calls = 0;
  const histories = new SingleFlightCache<HistoryAnswer>();
  const dailies = new SingleFlightCache<DailyAnswer>();

  const load = (
    key: string,
    field: 'prices' | 'rates' | 'images',
    meta: Record<string, unknown>,
    call: () => Promise<Record<string, number> | ImageMap>,
    extra?: () => Record<string, unknown>,
  ) =>
    cache.get(key, async () => {
      calls++;
      try {
        const data = await call();
        const body = JSON.stringify({
          source: up.source,
          ...meta,
          [field]: data,
          ...extra?.(),
          updatedAt: new Date().toISOString(),
        });
        return { value: { body, ok: true }, ttlMs: config.prices.ttlMs };
      } catch {
        const prev = cache.stale(key);
        if (prev?.value.ok && prev.ageMs < MAX_STALE_MS) {
          const parsed = JSON.parse(prev.value.body) as Record<string, unknown>;
          return {
            value: { body: JSON.stringify({ ...parsed, stale: true }), ok: true },
            ttlMs: config.prices.failureTtlMs,
          };
        }
        const body = JSON.stringify({
          source: up.source,
          ...meta,
          [field]: {},
          error: 'price service unavailable',
        });
        return { value: { body, ok: false }, ttlMs: config.prices.failureTtlMs };
      }
    });

  /** A range's points, cached for {@link HISTORY_TTL_MS}; a failed refresh serves the last good ones a while. */
  const readHistory = (key: string, range: PriceRange, call: () => Promise<PricePoint[]>) =>
    histories.get(key, async () => {
      calls++;
      try {
        return { value: { points: await call() }, ttlMs: HISTORY_TTL_MS[range] };
      } catch {
        const prev = histories.stale(key);
        if (prev?.value.points && prev.ageMs < Math.max(MAX_STALE_MS, 2 * HISTORY_TTL_MS[range]))
          return { value: { points: prev.value.points, stale: true }, ttlMs: config.prices.failureTtlMs };
        return { value: { points: null }, ttlMs: config.prices.failureTtlMs };
      }
    });

  return {
    source: up.source,
    peek: (key) => cache.peek(key),
    coins: (ids, currency) => {
      // `prices` as before; `changes24h` (percent per coin id, JSON numbers) beside it when the upstream gives it.
      let changes: Record<string, number> | undefined;
      return load(
        coinsKey(ids, currency),
        'prices',
        { currency },
        async () => {
          if (!up.coinsWithChange) return toWire(await up.coins(ids, currency));
          const both = await up.coinsWithChange(ids, currency);
          changes = toWire(both.changes);
          return toWire(both.prices);
        },
        () => (changes ? { changes24h: changes } : {}),
      );
    },
    tokens: (platform, contracts, currency) => {
      // `prices` as before; `changes24h` (percent per contract, JSON numbers) beside it when the upstream gives it.
      let changes: Record<string, number> | undefined;
      return load(
        tokensKey(platform, contracts, currency),
        'prices',
        { platform, currency },
        async () => {
          if (!up.tokensWithChange) return toWire(await up.tokens(platform, contracts, currency));
          const both = await up.tokensWithChange(platform, contracts, currency);
          changes = toWire(both.changes);
          return toWire(both.prices);
        },
        () => (changes ? { changes24h: changes } : {}),
      );
    },
    fiat: () => load(FIAT_KEY, 'rates', { base: 'USD' }, () => up.fiat().then(toWire)),
    tokenImages: (platform, contracts) =>
      load(imagesKey(platform, contracts), 'images', { platform }, () => up.tokenImages(platform, contracts)),
    history: (id, currency, range) =>
      readHistory(historyKey(id, currency, range), range, () => up.history(id, currency, range)),
    tokenHistory: (platform, contract, currency, range) => {
      const read = up.tokenHistory?.bind(up);
      if (!read) return Promise.resolve({ points: null });
      return readHistory(historyKey(assetKey({ platform, contract }), currency, range), range, () =>
        read(platform, contract, currency, range),
      );
    },
    daily: (asset, currency, from, to) => {
      const servedFrom =
        up.historyDays === undefined
          ? undefined
          : Math.floor((Date.now() - up.historyDays * DAY_MS) / DAY_MS + 1) * DAY_MS;
      const start = servedFrom === undefined ? from : Math.max(from, servedFrom);
      const limit = servedFrom === undefined ? {} : { servedFrom };
      if (start > to || !up.daily) return Promise.resolve({ points: start > to ? [] : null, ...limit });
      const read = up.daily.bind(up);
      return dailies.get(`d|${assetKey(asset)}|${currency}|${start}|${to}`, async () => {
        calls++;
        try {
          return { value: { points: await read(asset, currency, start, to), ...limit }, ttlMs: DAILY_TTL_MS };
        } catch {
          return { value: { points: null, ...limit }, ttlMs: config.prices.failureTtlMs };
        }
      });
    },
    get upstreamCalls() {
      return calls;
    },
  };
}
