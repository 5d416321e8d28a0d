/** The display currency's conversion rate (spec 01 §7 "fabricateCurrencyRatio"), from GET /api/prices/fiat. */

import { parseFiatRate } from '@secux-companion/core';

/** How long the 'Failed to load the currency rates.' toast stays (spec 01 §8: currency loading error, 5 s). */
export const CURRENCY_TOAST_MS = 5000;

/**
 * The rate of `code` against USD as decimal text, or null when the rates cannot be loaded (a failed or empty answer: the
 * server answers 200 with no rates when its price service is down).
 */
export async function fetchCurrencyRate(code: string): Promise<string | null> {
  try {
    const res = await fetch('/api/prices/fiat', { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { rates?: Record<string, unknown> } | null;
    // Decimal text, checked for meaning (core's parseFiatRate: positive and plausibly bounded).
    return parseFiatRate(body?.rates?.[code.toUpperCase()]);
  } catch {
    return null;
  }
}
