/** Historical prices from the server's price service (GET /api/prices/history), read and checked. */
import { parsePrice } from '@secux-companion/core';
import type { ValueRange } from './balanceHistory';
import type { PricePoint } from './valueSeries';

/** Most points read per coin (the server sends at most 400). */
const MAX_POINTS = 1000;

/**
 * Each coin's price points (oldest first) in the display currency; a coin missing from the answer, or whose
 * points are not plausible (times not increasing, values that are no price), is left out: missing, never zero.
 * A failed request leaves every coin out.
 */
export async function fetchPriceHistory(
  ids: readonly string[],
  currency: string,
  range: ValueRange,
): Promise<Record<string, PricePoint[]>> {
  const out: Record<string, PricePoint[]> = {};
  const unique = [...new Set(ids)];
  if (!unique.length) return out;
  try {
    const res = await fetch(
      `/api/prices/history?ids=${unique.map(encodeURIComponent).join(',')}&currency=${encodeURIComponent(currency.toLowerCase())}&range=${range}`,
    );
    if (!res.ok) return out;
    const body = (await res.json()) as { prices?: unknown } | null;
    const prices = body?.prices;
    if (!prices || typeof prices !== 'object') return out;
    for (const id of unique) {
      const list = (prices as Record<string, unknown>)[id];
      if (!Array.isArray(list) || !list.length || list.length > MAX_POINTS) continue;
      const points: PricePoint[] = [];
      let ok = true;
      for (const p of list as { time?: unknown; price?: unknown }[]) {
        const price = parsePrice(p?.price);
        const time = p?.time;
        const prev = points[points.length - 1]?.time ?? -Infinity;
        if (price === null || typeof time !== 'number' || !Number.isFinite(time) || time <= prev) {
          ok = false;
          break;
        }
        points.push({ time, price });
      }
      if (ok) out[id] = points;
    }
  } catch {
    // prices are optional: every coin is missing
  }
  return out;
}
