/** Historical prices from the server's price service (GET /api/prices/history), read and checked. */
import { readHistoryAnswer } from '../accounts/history/priceHistory';
import type { ValueRange } from './balanceHistory';
import type { PricePoint } from './valueSeries';

/**
 * Each coin's price points (oldest first) in the display currency; a coin missing from the answer, or whose
 * points are not plausible (times not increasing, values that are no price), is left out: missing, never zero.
 * A failed request, or an answer too large to be one, leaves every coin out. The answer is read and checked as the
 * history CSV reads it (priceHistory.ts).
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
    const text = await res.text();
    for (const id of unique) {
      const points = readHistoryAnswer(text, id);
      if (points?.length) out[id] = points;
    }
  } catch {
    // prices are optional: every coin is missing
  }
  return out;
}
