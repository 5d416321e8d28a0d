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
  const unique = [...new Set(ids)];
  return readAnswer(
    unique,
    `/api/prices/history?ids=${unique.map(encodeURIComponent).join(',')}&currency=${encodeURIComponent(currency.toLowerCase())}&range=${range}`,
  );
}

/**
 * The tokens' price points of one price platform (core's `pricePlatform`), keyed by the contract as asked (the
 * portfolio's `priceContract`: EVM in lower case), read and checked like a coin's: one request for the platform's
 * tokens (`GET /api/prices/history?platform=&contracts=`).
 */
export async function fetchTokenPriceHistory(
  platform: string,
  contracts: readonly string[],
  currency: string,
  range: ValueRange,
): Promise<Record<string, PricePoint[]>> {
  const unique = [...new Set(contracts)].sort();
  return readAnswer(
    unique,
    `/api/prices/history?platform=${encodeURIComponent(platform)}&contracts=${unique.map(encodeURIComponent).join(',')}&currency=${encodeURIComponent(currency.toLowerCase())}&range=${range}`,
  );
}

async function readAnswer(keys: readonly string[], url: string): Promise<Record<string, PricePoint[]>> {
  const out: Record<string, PricePoint[]> = {};
  if (!keys.length) return out;
  try {
    const res = await fetch(url);
    if (!res.ok) return out;
    const text = await res.text();
    for (const key of keys) {
      const points = readHistoryAnswer(text, key);
      if (points?.length) out[key] = points;
    }
  } catch {
    // prices are optional: every asset is missing
  }
  return out;
}
