/**
 * The portfolio's value over a range (issue 33): each asset's balance points times its historical prices, summed
 * with decimal arithmetic on a regular grid of times. Missing is never zero: an asset with no prices at all (or
 * whose balances cannot be read) is left out of the line and named; a time where an included asset's balance or
 * price is unknown is a gap (value null), not a dip.
 */
import { unitsToDecimal } from '@secux-companion/core';
import type { BalancePoint, ValueRange } from './balanceHistory';
import { VALUE_RANGE_MS } from './balanceHistory';
import type { PricePoint } from '../accounts/history/csvExport';

/** A price point (time in ms, checked decimal price text), as the history CSV reads it. */
export type { PricePoint };

export interface AssetHistory {
  /** The asset's name in the note (a coin symbol). */
  key: string;
  decimals: number;
  /** Oldest first, a step line; null when unreadable. */
  balances: BalancePoint[] | null;
  /** Oldest first; null or empty when the price service has none. */
  prices: PricePoint[] | null;
}

export interface ValuePoint {
  time: number;
  /** Decimal text in the display currency; null where some included asset's balance or price is unknown. */
  value: string | null;
}

export interface ValueSeries {
  points: ValuePoint[];
  /** Assets with a balance left out of the line because their prices are missing. */
  missingPrices: string[];
  /** Assets left out because their balances could not be read. */
  missingBalances: string[];
}

/** Points of the grid per range (the chart is a few hundred pixels wide). */
export const GRID_POINTS: Record<ValueRange, number> = { day: 49, week: 57, month: 61, year: 53 };

/** The step line's value at `time`: the last point at or before it; undefined before the first. */
function balanceAt(points: BalancePoint[], time: number): bigint | undefined {
  let found: bigint | undefined;
  for (const p of points) {
    if (p.time > time) break;
    found = p.balance;
  }
  return found;
}

/**
 * The price at `time`: the last point at or before it, or the first point when `time` is at most `tolerance` before
 * it; undefined when the series does not cover the time (more than `tolerance` outside its first and last points).
 */
function priceAt(points: PricePoint[], time: number, tolerance: number): string | undefined {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || time < first.time - tolerance || time > last.time + tolerance) return undefined;
  let found = first;
  for (const p of points) {
    if (p.time > time) break;
    found = p;
  }
  return found.price;
}

export function valueSeries(assets: readonly AssetHistory[], range: ValueRange, now: number): ValueSeries {
  const span = VALUE_RANGE_MS[range];
  const n = GRID_POINTS[range];
  const step = span / (n - 1);
  const tolerance = 2 * step;
  const from = now - span;
  const missingPrices: string[] = [];
  const missingBalances: string[] = [];
  const included: AssetHistory[] = [];
  for (const a of assets) {
    if (!a.balances) {
      missingBalances.push(a.key);
      continue;
    }
    // An asset without a balance over the whole range adds nothing: no price is needed.
    const held = a.balances.some((p) => p.balance !== 0n);
    if (!held) continue;
    if (!a.prices || !a.prices.length) missingPrices.push(a.key);
    else included.push(a);
  }
  const points: ValuePoint[] = [];
  for (let i = 0; i < n; i++) {
    const time = i === n - 1 ? now : Math.round(from + i * step);
    let sum = unitsToDecimal(0n, 0);
    let known = true;
    for (const a of included) {
      const balance = balanceAt(a.balances!, time);
      if (balance === undefined) {
        known = false;
        break;
      }
      if (balance === 0n) continue;
      const price = priceAt(a.prices!, time, tolerance);
      if (price === undefined) {
        known = false;
        break;
      }
      sum = sum.plus(unitsToDecimal(balance, a.decimals).mul(price));
    }
    points.push({ time, value: known && included.length ? sum.toFixed() : null });
  }
  return { points, missingPrices, missingBalances };
}

/** The first and last known values and the change between them (decimal text), or null without two known points. */
export function seriesChange(points: readonly ValuePoint[]): {
  start: ValuePoint & { value: string };
  end: ValuePoint & { value: string };
  change: string;
  pct: string | null;
} | null {
  const known = points.filter((p): p is ValuePoint & { value: string } => p.value !== null);
  if (known.length < 2) return null;
  const start = known[0]!;
  const end = known[known.length - 1]!;
  const a = unitsToDecimal(0n, 0).plus(start.value);
  const change = unitsToDecimal(0n, 0).plus(end.value).minus(a);
  return {
    start,
    end,
    change: change.toFixed(),
    pct: a.isZero() ? null : change.div(a).mul(100).toFixed(2),
  };
}
