/**
 * Price service: pluggable upstream (fixed local table or CoinGecko) behind a single-flight TTL cache.
 * Upstream failures never throw out of here: callers get the last good value (marked stale) or an empty result.
 * Prices are decimal text checked for meaning (core's parsePrice: positive, finite, plausibly bounded) and converted
 * with decimal arithmetic; the answer writes them as JSON numbers of at most 12 significant digits, which a reader
 * gets back as the same decimal (the wire format is unchanged).
 */
import { priceToJsonNumber } from '@secux-companion/core';
import type { Config } from '../config.js';
import { SingleFlightCache } from './cache.js';
import { HISTORY_TTL_MS, type PricePoint, type PriceRange } from './history.js';
import { CoinGeckoUpstream } from './coingecko.js';
import { LocalPriceUpstream } from './localUpstream.js';
import {
  assetKey,
  type FetchFn,
  type ImageMap,
  type PriceAsset,
  type PriceMap,
  type PriceUpstream,
} from './upstream.js';

/** A cached answer: `body` is the serialised JSON, sent as is on cache hits. */
export interface PriceAnswer {
  body: string;
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
