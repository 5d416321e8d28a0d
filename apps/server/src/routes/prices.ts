/**
 * Prices: /api/prices/coins, /api/prices/history (points of time and decimal price text per coin by `ids`, or per
 * token by `platform` and `contracts`; an asset whose prices cannot be read is listed in `missing`, never given zeros), /api/prices/daily (one asset's daily prices over
 * any span of days: a coin by id or a token by contract, for the history CSV), /api/prices/tokens (with `changes24h`
 * where the upstream gives them), /api/prices/token-images, /api/prices/fiat. Cached (single-flight); upstream
 * failures give 200 with empty prices, never 5xx. Cache hits are answered synchronously with the pre-serialised body.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { FIAT_CURRENCIES, TOKEN_PLATFORMS } from '../prices/constants.js';
import { FIAT_KEY, coinsKey, tokensKey, type HistoryAnswer, type PriceAnswer } from '../prices/service.js';
import { DAILY_MAX_DAYS, PRICE_RANGES, type PricePoint } from '../prices/history.js';

const FIAT_LOWER = new Set<string>(FIAT_CURRENCIES.map((c) => c.toLowerCase()));
const PLATFORMS = new Set<string>(TOKEN_PLATFORMS);

const currency = z
  .string()
  .trim()
  .toLowerCase()
  .refine((c) => FIAT_LOWER.has(c), { message: `must be one of ${FIAT_CURRENCIES.join(', ')}` })
  .default('usd');

/** Comma list -> unique sorted items (sorting makes the cache key independent of order). */
const csv = (item: RegExp, max: number, what: string) =>
  z
    .string()
    .max(max * 80)
    .transform((s) =>
      [
        ...new Set(
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ].sort(),
    )
    .refine((l) => l.length >= 1, { message: `at least one ${what} is required` })
    .refine((l) => l.length <= max, { message: `at most ${max} ${what}s` })
    .refine((l) => l.every((x) => item.test(x)), { message: `contains an invalid ${what}` });

const CoinsQuery = z.object({ ids: csv(/^[a-z0-9][a-z0-9._-]{0,79}$/, 100, 'coin id'), currency });
/** Most coins of one history request (the portfolio's coins). */
const MAX_HISTORY_IDS = 30;
const HistoryQuery = z.object({
  ids: csv(/^[a-z0-9][a-z0-9._-]{0,79}$/, MAX_HISTORY_IDS, 'coin id'),
  currency,
  range: z.enum(PRICE_RANGES).default('day'),
});
/** Most tokens of one history request (the portfolio's valued tokens of one platform). */
const MAX_HISTORY_CONTRACTS = 30;
/** The value chart's tokens: the same answer keyed by contract (EVM in lower case, base58 as given). */
const TokenHistoryQuery = z.object({
  platform: z.string().trim(),
  contracts: csv(/^[A-Za-z0-9]{20,64}$/, MAX_HISTORY_CONTRACTS, 'contract'),
  currency,
  range: z.enum(PRICE_RANGES).default('day'),
});
const ImagesQuery = z.object({
  platform: z.string().trim(),
  contracts: csv(/^[A-Za-z0-9]{20,64}$/, 20, 'contract'),
});
const TokensQuery = z.object({
  platform: z.string().trim(),
  contracts: csv(/^[A-Za-z0-9]{20,64}$/, 50, 'contract'),
  currency,
});

const DAY_MS = 86_400_000;
/** A whole UTC day (ms) from 2009 on. */
const dayTime = z.coerce
  .number()
  .int()
  .refine((t) => t % DAY_MS === 0 && t >= Date.UTC(2009, 0, 1) && t <= Date.now() + DAY_MS, {
    message: 'must be a UTC day (ms) from 2009 to tomorrow',
  });
const DailyQuery = z
  .object({
    id: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9._-]{0,79}$/)
      .optional(),
    platform: z.string().trim().optional(),
    contract: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{20,64}$/)
      .optional(),
    currency,
    from: dayTime,
    to: dayTime,
  })
  .refine((q) => (q.id === undefined) !== (q.platform === undefined && q.contract === undefined), {
    message: 'give a coin id, or a platform and a contract',
  })
  .refine((q) => q.id !== undefined || (q.platform !== undefined && q.contract !== undefined), {
    message: 'a token needs its platform and its contract',
  })
  .refine((q) => q.from <= q.to && q.to - q.from <= DAILY_MAX_DAYS * DAY_MS, {
    message: `from must precede to, at most ${DAILY_MAX_DAYS} days apart`,
  });

/** EVM contracts are case-insensitive: lower case; base58 (Tron, Solana) keeps its case. Unique and sorted. */
function normaliseContracts(contracts: string[]): string[] {
  return [...new Set(contracts.map((c) => (/^0x[0-9a-fA-F]{40}$/.test(c) ? c.toLowerCase() : c)))].sort();
}

function send(reply: FastifyReply, a: PriceAnswer) {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'public, max-age=30')
    .send(a.body);
}

/**
 * Raw request URL -> normalised cache key, remembered only after the query validated. Lets a repeated request skip
 * query parsing and validation entirely (the hot path of the price endpoints).
 */
class UrlKeyMemo {
  private readonly map = new Map<string, string>();
  constructor(private readonly max = 10_000) {}
  get(url: string): string | undefined {
    return this.map.get(url);
  }
  set(url: string, key: string): void {
    if (url.length > 2048) return;
    if (this.map.size >= this.max) this.map.clear();
    this.map.set(url, key);
  }
}

export function registerPriceRoutes(api: FastifyInstance, { prices }: AppDeps): void {
  const memo = new UrlKeyMemo();

  api.get('/prices/coins', (req, reply) => {
    const known = memo.get(req.url);
    const fast = known !== undefined ? prices.peek(known) : undefined;
    if (fast) return send(reply, fast);
    const q = parseInput(CoinsQuery, req.query, 'query');
    const ids = q.ids.map((x) => x.toLowerCase());
    const key = coinsKey(ids, q.currency);
    memo.set(req.url, key);
    const hit = prices.peek(key);
    return hit ? send(reply, hit) : prices.coins(ids, q.currency).then((a) => send(reply, a));
  });

  api.get('/prices/tokens', (req, reply) => {
    const known = memo.get(req.url);
    const fast = known !== undefined ? prices.peek(known) : undefined;
    if (fast) return send(reply, fast);
    const q = parseInput(TokensQuery, req.query, 'query');
    if (!PLATFORMS.has(q.platform))
      throw new HttpError(400, 'Invalid coingecko platfrom', { platforms: [...PLATFORMS] });
    const contracts = normaliseContracts(q.contracts);
    const key = tokensKey(q.platform, contracts, q.currency);
    memo.set(req.url, key);
    const hit = prices.peek(key);
    return hit
      ? send(reply, hit)
      : prices.tokens(q.platform, contracts, q.currency).then((a) => send(reply, a));
  });

  api.get('/prices/token-images', async (req, reply) => {
    const q = parseInput(ImagesQuery, req.query, 'query');
    if (!PLATFORMS.has(q.platform))
      throw new HttpError(400, 'Invalid coingecko platfrom', { platforms: [...PLATFORMS] });
    return send(reply, await prices.tokenImages(q.platform, normaliseContracts(q.contracts)));
  });

  api.get('/prices/history', async (req, reply) => {
    // A coin by id, or (the value chart's tokens) a token by platform and contract: one or the other.
    const query = (req.query ?? {}) as Record<string, unknown>;
    const byToken =
      query.ids === undefined && (query.platform !== undefined || query.contracts !== undefined);
    let q: { currency: string; range: (typeof PRICE_RANGES)[number] };
    let keys: string[];
    let read: (key: string) => Promise<HistoryAnswer>;
    let platform: string | undefined;
    if (byToken) {
      const t = parseInput(TokenHistoryQuery, req.query, 'query');
      if (!PLATFORMS.has(t.platform))
        throw new HttpError(400, 'Invalid coingecko platfrom', { platforms: [...PLATFORMS] });
      q = t;
      platform = t.platform;
      keys = normaliseContracts(t.contracts);
      read = (c) => prices.tokenHistory(t.platform, c, t.currency, t.range);
    } else {
      const c = parseInput(HistoryQuery, req.query, 'query');
      q = c;
      keys = [...new Set(c.ids.map((x) => x.toLowerCase()))];
      read = (id) => prices.history(id, c.currency, c.range);
    }
    const answers = await Promise.all(keys.map(read));
    const series: Record<string, PricePoint[]> = {};
    const missing: string[] = [];
    let stale = false;
    answers.forEach((a, i) => {
      if (a.points && a.points.length) series[keys[i]!] = a.points;
      else missing.push(keys[i]!);
      stale ||= a.stale === true;
    });
    return reply.header('cache-control', 'public, max-age=60').send({
      source: prices.source,
      ...(platform !== undefined ? { platform } : {}),
      currency: q.currency,
      range: q.range,
      prices: series,
      missing,
      ...(stale ? { stale: true } : {}),
    });
  });

  api.get('/prices/daily', async (req, reply) => {
    const q = parseInput(DailyQuery, req.query, 'query');
    if (q.platform !== undefined && !PLATFORMS.has(q.platform))
      throw new HttpError(400, 'Invalid coingecko platfrom', { platforms: [...PLATFORMS] });
    const asset =
      q.id !== undefined
        ? { id: q.id }
        : { platform: q.platform!, contract: normaliseContracts([q.contract!])[0]! };
    const a = await prices.daily(asset, q.currency, q.from, q.to);
    // `servedFrom`: the price service has no prices before it (CoinGecko's public plan keeps a year): say so.
    return reply.header('cache-control', 'public, max-age=300').send({
      source: prices.source,
      currency: q.currency,
      from: q.from,
      to: q.to,
      points: a.points ?? [],
      ...(a.points === null ? { missing: true } : {}),
      ...(a.servedFrom !== undefined ? { servedFrom: a.servedFrom } : {}),
    });
  });

  api.get('/prices/fiat', async (_req, reply) => send(reply, prices.peek(FIAT_KEY) ?? (await prices.fiat())));
}
