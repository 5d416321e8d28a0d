/**
 * Historical prices (issue 33's value chart): a coin's price over a day, week, month or year, as points of
 * (time in ms, checked decimal price text). The mainnet profile reads CoinGecko's /coins/{id}/market_chart
 * (`{"prices": [[ms, price], …], "market_caps": …, "total_volumes": …}`); every answer is size-capped, its
 * points checked for meaning (times inside the asked range and increasing, prices through core's parsePrice) and
 * thinned to at most {@link MAX_HISTORY_POINTS}. The local profile serves a deterministic table: the local price
 * of the coin times a triangle wave of time, so tests can assert exact values.
 */
import { multiplyPrice, parsePrice } from '@secux-companion/core';

export const PRICE_RANGES = ['day', 'week', 'month', 'year'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

export interface PricePoint {
  /** Milliseconds since epoch. */
  time: number;
  /** Checked decimal price text. */
  price: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Length of each range, and CoinGecko's `days` for it. */
export const RANGE_MS: Record<PriceRange, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};
export const RANGE_DAYS: Record<PriceRange, number> = { day: 1, week: 7, month: 30, year: 365 };

/** How long a range's points are kept on the server: about one step of the finest chart that shows them. */
export const HISTORY_TTL_MS: Record<PriceRange, number> = {
  day: 5 * 60_000,
  week: 30 * 60_000,
  month: HOUR,
  year: 6 * HOUR,
};

/** The local table's step per range. */
export const LOCAL_STEP_MS: Record<PriceRange, number> = {
  day: HOUR,
  week: 6 * HOUR,
  month: DAY,
  year: 7 * DAY,
};

/** Most points an answer carries (a chart is a few hundred pixels wide). */
export const MAX_HISTORY_POINTS = 400;
/** Most points read from an upstream answer (CoinGecko's month is ~720 hourly points; a year ~366 daily). */
export const MAX_UPSTREAM_POINTS = 10_000;
/** Slack around the asked range for upstream times (CoinGecko's first point may precede it by a step). */
const TIME_SLACK_MS = 2 * DAY;

/** The local table's wave period (800 hours): its factor goes 0.9 → 1.1 → 0.9, by 0.0005 an hour. */
export const LOCAL_WAVE_MS = 800 * HOUR;

/**
 * The local table's factor at `time` (on an hour boundary) as decimal text: 0.9 at multiples of the period, 1.1
 * half-way, linear in between (integer maths: exact decimal text).
 */
export function localFactor(time: number): string {
  const h = (((Math.floor(time / HOUR) % 800) + 800) % 800) as number;
  const n = 9000 + 5 * Math.min(h, 800 - h); // ten-thousandths
  return `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`;
}

/**
 * The local table's points for a coin priced `price` now (decimal text in the asked currency): one per step, on
 * step boundaries, from the range's start to the last boundary before `now`.
 */
export function localHistory(price: string, range: PriceRange, now: number): PricePoint[] {
  const step = LOCAL_STEP_MS[range];
  const last = Math.floor(now / step) * step;
  const out: PricePoint[] = [];
  for (let t = last - Math.floor(RANGE_MS[range] / step) * step; t <= last; t += step) {
    const p = multiplyPrice(price, localFactor(t));
    if (p !== null) out.push({ time: t, price: p });
  }
  return out;
}

/** At most `max` points: evenly picked, the first and the last kept. */
export function thin<T>(points: readonly T[], max = MAX_HISTORY_POINTS): T[] {
  if (points.length <= max) return [...points];
  const out: T[] = [];
  for (let i = 0; i < max; i++) out.push(points[Math.round((i * (points.length - 1)) / (max - 1))]!);
  return out;
}

/**
 * CoinGecko's market_chart answer → checked points; throws (the answer is refused) when `prices` is not a list of
 * [time, price] pairs, has too many, a time outside the range or out of order, or a value that is no price.
 */
export function parseMarketChart(body: unknown, range: PriceRange, now: number): PricePoint[] {
  return thin(chartPoints(body, now - RANGE_MS[range] - TIME_SLACK_MS, now + HOUR));
}

/**
 * CoinGecko's market_chart/range answer (a coin's, or a token's by contract) → one checked point per UTC day between
 * `from` and `to` (ms), the day's first; throws like {@link parseMarketChart}.
 */
export function parseRangeChart(body: unknown, from: number, to: number): PricePoint[] {
  return daily(chartPoints(body, from - TIME_SLACK_MS, to + HOUR));
}

/** The first point of each UTC day (points sorted by time). */
export function daily(points: readonly PricePoint[]): PricePoint[] {
  const out: PricePoint[] = [];
  let day = -Infinity;
  for (const p of points) {
    const d = Math.floor(p.time / DAY);
    if (d !== day) out.push(p);
    day = d;
  }
  return out;
}

/** Longest span of one daily request (about ten years of daily points). */
export const DAILY_MAX_DAYS = 3660;
/**
 * How far back CoinGecko's public API (keyless or Demo key) serves historical prices: "restricted to the past 365
 * days" (docs.coingecko.com, market_chart and market_chart/range); the paid plans serve the complete range.
 */
export const PUBLIC_PLAN_HISTORY_DAYS = 365;

/** The local table's daily points for an asset priced `price` now: one per UTC day boundary within [from, to]. */
export function localDaily(price: string, from: number, to: number): PricePoint[] {
  const out: PricePoint[] = [];
  for (let t = Math.ceil(from / DAY) * DAY; t <= to; t += DAY) {
    const p = multiplyPrice(price, localFactor(t));
    if (p !== null) out.push({ time: t, price: p });
  }
  return out;
}

/** The checked [time, price] pairs of a chart answer within [from, to], in order. */
function chartPoints(body: unknown, from: number, to: number): PricePoint[] {
  const list = (body as { prices?: unknown } | null)?.prices;
  if (!Array.isArray(list)) throw new Error('coingecko: no prices in the chart');
  if (list.length > MAX_UPSTREAM_POINTS) throw new Error('coingecko: too many chart points');
  const out: PricePoint[] = [];
  let prev = -Infinity;
  for (const entry of list) {
    if (!Array.isArray(entry) || entry.length !== 2) throw new Error('coingecko: bad chart point');
    const [time, value] = entry as [unknown, unknown];
    if (typeof time !== 'number' || !Number.isInteger(time) || time < from || time > to)
      throw new Error('coingecko: chart time out of range');
    if (time < prev) throw new Error('coingecko: chart times out of order');
    const price = parsePrice(value);
    if (price === null) throw new Error('coingecko: chart value is no price');
    // CoinGecko repeats the latest time as the last point; keep one.
    if (time === prev) out[out.length - 1] = { time, price };
    else out.push({ time, price });
    prev = time;
  }
  if (!out.length) throw new Error('coingecko: empty chart');
  return out;
}
