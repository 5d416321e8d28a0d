/**
 * The price of a coin or a token at the time of each operation, for the history CSV (issue 33), from the price
 * service's historical prices. A coin's operation takes the finest range that covers its time (`GET
 * /api/prices/history?ids=&currency=&range=day|week|month|year`); an operation older than a year, and a token's
 * operation at any age, take the day's price (`GET /api/prices/daily?id=|platform=&contract=&currency=&from=&to=`:
 * one request a coin or token over the days its operations span). A coin without a price id, a token its chain has
 * no price platform for, a failed answer, or a day the service does not keep (CoinGecko's public plan keeps a year:
 * the answer's `servedFrom`) has no price: its CSV cell stays empty, never zero. Every answer is size-capped and its
 * points checked (increasing times, prices through core's parsePrice).
 */
import { CHAINS, parsePrice, type ChainSymbol } from '@secux-companion/core';
import { priceAt, type PricePoint } from './csvExport';

export const PRICE_HISTORY_RANGES = ['day', 'week', 'month', 'year'] as const;
export type PriceHistoryRange = (typeof PRICE_HISTORY_RANGES)[number];

const DAY = 86_400_000;
/** How far back each range reaches. */
export const RANGE_SPAN_MS: Record<PriceHistoryRange, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** Most points read from one answer (the service thins to 400). */
const MAX_POINTS = 2_000;
/** Largest answer read (bytes of text). */
const MAX_ANSWER_CHARS = 512_000;

type Fetch = (input: string) => Promise<Pick<Response, 'ok' | 'text'>>;

/** An answer's JSON within the size cap; undefined when it is too large or not JSON. */
function parsedAnswer(text: string): unknown {
  if (text.length > MAX_ANSWER_CHARS) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Price points as the server writes them, checked: a positive time, a price core accepts, times rising; else null. */
function checkedPoints(points: readonly unknown[]): PricePoint[] | null {
  const out: PricePoint[] = [];
  for (const p of points) {
    const { time, price } = (p ?? {}) as { time?: unknown; price?: unknown };
    const checked = parsePrice(price);
    if (typeof time !== 'number' || !Number.isSafeInteger(time) || time <= 0 || checked === null) return null;
    if (out.length && time <= out[out.length - 1]!.time) return null;
    out.push({ time, price: checked });
  }
  return out;
}

/** The points of one coin in one answer, checked; null when the answer is not one. */
export function readHistoryAnswer(text: string, id: string): PricePoint[] | null {
  const body = parsedAnswer(text);
  if (body === undefined) return null;
  const series = (body as { prices?: Record<string, unknown> } | null)?.prices?.[id];
  if (!Array.isArray(series) || series.length > MAX_POINTS) return null;
  return checkedPoints(series);
}

/** Most points read from a daily answer (the service serves at most 3,660 days). */
const MAX_DAILY_POINTS = 3_700;
/** Longest span of one daily request (the service's bound). */
export const DAILY_MAX_DAYS = 3660;
/** Most tokens of one export priced (one daily request each). */
export const CSV_MAX_PRICED_TOKENS = 20;

export interface DailyAnswer {
  points: PricePoint[];
  /** The service keeps no prices before this time (ms). */
  servedFrom: number | null;
}

/** A daily answer's points and `servedFrom`, checked; null when the answer is not one. */
export function readDailyAnswer(text: string): DailyAnswer | null {
  const body = parsedAnswer(text);
  if (body === undefined) return null;
  const { points, servedFrom } = (body ?? {}) as { points?: unknown; servedFrom?: unknown };
  if (!Array.isArray(points) || points.length > MAX_DAILY_POINTS) return null;
  const out = checkedPoints(points);
  if (!out) return null;
  const limit = typeof servedFrom === 'number' && Number.isSafeInteger(servedFrom) && servedFrom > 0;
  return { points: out, servedFrom: limit ? servedFrom : null };
}

/**
 * The daily prices of an asset (`id=…`, or `platform=…&contract=…`) over the UTC days from `first` to `last` (ms),
 * at most {@link DAILY_MAX_DAYS} days back from `last`; null when the service cannot give them.
 */
async function loadDaily(
  asset: string,
  currency: string,
  first: number,
  last: number,
  fetchFn: Fetch,
): Promise<DailyAnswer | null> {
  const to = Math.ceil(last / DAY) * DAY;
  // The service's days: from 2009 on, at most DAILY_MAX_DAYS back from the last.
  const from = Math.max(Math.floor(first / DAY) * DAY, to - DAILY_MAX_DAYS * DAY, Date.UTC(2009, 0, 1));
  if (from > to) return null;
  try {
    const res = await fetchFn(
      `/api/prices/daily?${asset}&currency=${encodeURIComponent(currency.toLowerCase())}&from=${from}&to=${to}`,
    );
    if (!res.ok) return null;
    return readDailyAnswer(await res.text());
  } catch {
    return null;
  }
}

/** Spacing of a series' points (its step); how far from a point an operation may be and still take its price. */
function spacing(points: readonly PricePoint[]): number {
  if (points.length < 2) return DAY;
  return (points[points.length - 1]!.time - points[0]!.time) / (points.length - 1);
}

/** Prices at the time of a coin's operations. */
export interface PriceLookup {
  /** The price at a time in the display currency, or null when unknown (never zero). */
  priceAt: (time: number | null) => string | null;
  /** The service had any prices at all. */
  available: boolean;
  /** The service keeps no prices before this time (ms; CoinGecko's public plan: a year), or null. */
  servedFrom: number | null;
}

/**
 * The coin's price at any time the operations need, in `currency`: one request per range that some operation
 * needs. Returns a lookup (null: no price for that time) and whether the service had any prices at all.
 */
export async function loadPriceLookup(
  coin: ChainSymbol | null,
  currency: string,
  times: readonly (number | null)[],
  options: { now?: number; fetchFn?: Fetch; signal?: AbortSignal } = {},
): Promise<PriceLookup> {
  const none = { priceAt: () => null, available: false, servedFrom: null };
  const id = coin ? CHAINS[coin].priceId : undefined;
  if (!id) return none;
  const now = options.now ?? Date.now();
  const fetchFn: Fetch = options.fetchFn ?? ((url) => fetch(url, { signal: options.signal ?? null }));
  const rangeOf = (time: number): PriceHistoryRange | null =>
    PRICE_HISTORY_RANGES.find((r) => now - time <= RANGE_SPAN_MS[r]) ?? null;
  const needed = new Set<PriceHistoryRange>();
  const older: number[] = [];
  for (const t of times) {
    const r = t === null ? null : rangeOf(t);
    if (r) needed.add(r);
    else if (t !== null && t > 0) older.push(t);
  }
  const series = new Map<PriceHistoryRange, PricePoint[]>();
  // Operations older than a year: the day's price, in one request over their days.
  const oldDays = older.length
    ? loadDaily(`id=${encodeURIComponent(id)}`, currency, Math.min(...older), Math.max(...older), fetchFn)
    : Promise.resolve(null);
  await Promise.all(
    [...needed].map(async (range) => {
      try {
        const res = await fetchFn(
          `/api/prices/history?ids=${encodeURIComponent(id)}&currency=${encodeURIComponent(currency.toLowerCase())}&range=${range}`,
        );
        if (!res.ok) return;
        const points = readHistoryAnswer(await res.text(), id);
        if (points?.length) series.set(range, points);
      } catch {
        // no prices for this range: those cells stay empty
      }
    }),
  );
  const daily = await oldDays;
  options.signal?.throwIfAborted();
  const servedFrom = daily?.servedFrom ?? null;
  if (series.size === 0 && !daily?.points.length) return { ...none, servedFrom };
  return {
    available: true,
    servedFrom,
    priceAt: (time) => {
      if (time === null) return null;
      if (!rangeOf(time)) return daily ? priceAt(daily.points, time) : null;
      // The finest range with points that covers the time; a coarser one when the finer answer failed.
      for (const r of PRICE_HISTORY_RANGES) {
        if (now - time > RANGE_SPAN_MS[r]) continue;
        const points = series.get(r);
        if (!points) continue;
        const p = priceAt(points, time, spacing(points));
        if (p !== null) return p;
      }
      return null;
    },
  };
}

/** Prices at the time of a chain's token operations. */
export interface TokenPriceLookup {
  /** A token's price (by contract, as the operations name it) at a time, or null when unknown (never zero). */
  priceAt: (contract: string, time: number | null) => string | null;
  /** Tokens priced at least once. */
  priced: number;
  /** The service keeps no prices before this time (ms), or null. */
  servedFrom: number | null;
}

/**
 * The prices of a chain's tokens at the times of their operations: one daily request a token (by contract on the
 * coin's price platform, core's chain table) over the days its operations span, for at most
 * {@link CSV_MAX_PRICED_TOKENS} tokens (the most active first). A chain without a price platform prices none.
 */
export async function loadTokenPriceLookup(
  coin: ChainSymbol | null,
  currency: string,
  operations: readonly { contract: string; time: number | null }[],
  options: { fetchFn?: Fetch; signal?: AbortSignal } = {},
): Promise<TokenPriceLookup> {
  const platform = coin ? CHAINS[coin].pricePlatform : undefined;
  const none: TokenPriceLookup = { priceAt: () => null, priced: 0, servedFrom: null };
  if (!platform) return none;
  const fetchFn: Fetch = options.fetchFn ?? ((url) => fetch(url, { signal: options.signal ?? null }));
  const times = new Map<string, number[]>();
  for (const op of operations) {
    if (op.time === null || op.time <= 0 || !/^[A-Za-z0-9]{20,64}$/.test(op.contract)) continue;
    times.set(op.contract, [...(times.get(op.contract) ?? []), op.time]);
  }
  const tokens = [...times].sort((a, b) => b[1].length - a[1].length).slice(0, CSV_MAX_PRICED_TOKENS);
  const series = new Map<string, PricePoint[]>();
  let servedFrom: number | null = null;
  await Promise.all(
    tokens.map(async ([contract, ts]) => {
      const asset = `platform=${encodeURIComponent(platform)}&contract=${encodeURIComponent(contract)}`;
      const answer = await loadDaily(asset, currency, Math.min(...ts), Math.max(...ts), fetchFn);
      if (answer?.servedFrom) servedFrom = answer.servedFrom;
      if (answer?.points.length) series.set(contract, answer.points);
    }),
  );
  options.signal?.throwIfAborted();
  return {
    priced: series.size,
    servedFrom,
    priceAt: (contract, time) => {
      const points = series.get(contract);
      return points ? priceAt(points, time) : null;
    },
  };
}
