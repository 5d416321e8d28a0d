/**
 * The price of a coin at the time of each operation, for the history CSV (issue 33), from the price service's
 * historical prices (`GET /api/prices/history?ids=&currency=&range=day|week|month|year`: points of time and decimal
 * price text). Each operation takes the finest range that covers its time; an operation older than a year, a coin
 * without a price id, or a failed answer has no price (its CSV cell stays empty, never zero). Every answer is
 * size-capped and its points checked (increasing times, prices through core's parsePrice).
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

/** The points of one coin in one answer, checked; null when the answer is not one. */
export function readHistoryAnswer(text: string, id: string): PricePoint[] | null {
  if (text.length > MAX_ANSWER_CHARS) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  const series = (body as { prices?: Record<string, unknown> } | null)?.prices?.[id];
  if (!Array.isArray(series) || series.length > MAX_POINTS) return null;
  const out: PricePoint[] = [];
  for (const p of series as unknown[]) {
    const { time, price } = (p ?? {}) as { time?: unknown; price?: unknown };
    const checked = parsePrice(price);
    if (typeof time !== 'number' || !Number.isSafeInteger(time) || time <= 0 || checked === null) return null;
    if (out.length && time <= out[out.length - 1]!.time) return null;
    out.push({ time, price: checked });
  }
  return out;
}

/** Spacing of a series' points (its step); how far from a point an operation may be and still take its price. */
function spacing(points: readonly PricePoint[]): number {
  if (points.length < 2) return DAY;
  return (points[points.length - 1]!.time - points[0]!.time) / (points.length - 1);
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
): Promise<{ priceAt: (time: number | null) => string | null; available: boolean }> {
  const none = { priceAt: () => null, available: false };
  const id = coin ? CHAINS[coin].priceId : undefined;
  if (!id) return none;
  const now = options.now ?? Date.now();
  const fetchFn: Fetch = options.fetchFn ?? ((url) => fetch(url, { signal: options.signal ?? null }));
  const rangeOf = (time: number): PriceHistoryRange | null =>
    PRICE_HISTORY_RANGES.find((r) => now - time <= RANGE_SPAN_MS[r]) ?? null;
  const needed = new Set<PriceHistoryRange>();
  for (const t of times) {
    const r = t === null ? null : rangeOf(t);
    if (r) needed.add(r);
  }
  const series = new Map<PriceHistoryRange, PricePoint[]>();
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
  options.signal?.throwIfAborted();
  if (series.size === 0) return none;
  return {
    available: true,
    priceAt: (time) => {
      if (time === null) return null;
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
