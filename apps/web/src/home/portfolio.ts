/**
 * The home portfolio's maths (issues 20, 33): every coin's total (from discovery at connect: the device's stored
 * balances, then the network's) times its price in the display currency, each coin's share, and the 24 h change per
 * coin and in total. Decimal arithmetic only (decimal.js); a price or change that is missing stays missing: a coin
 * without a price has no value and no share, a total whose coins' changes are not all known has no change — never 0.
 */
import Decimal from 'decimal.js';
import { formatUnits } from '@secux-companion/core';

/** One coin's holding as discovery shows it. */
export interface HoldingInput {
  coin: string;
  symbol: string;
  decimals: number;
  /** Total in the smallest unit; null when not known (a stored balance unreadable). */
  total: bigint | null;
}

/** A coin's price and 24 h change in percent (decimal text); null when missing. */
export interface QuoteInput {
  price: string | null;
  change24h: string | null;
}

export interface PortfolioRow {
  coin: string;
  symbol: string;
  /** The amount held (plain decimal text), or null when not known. */
  amount: string | null;
  units: bigint | null;
  /** Fiat value (exact decimal text), or null when the price (or the amount) is missing. */
  value: string | null;
  /** Share of the total value in percent (one decimal), or null without a value. */
  share: string | null;
  /** 24 h price change in percent, or null when missing. */
  change24h: string | null;
  /** What the value changed in 24 h in fiat (exact decimal text, signed), or null when not known. */
  changeValue: string | null;
}

export interface PortfolioSummary {
  /** Sum of the coins' values (exact decimal text), or null when no coin has a value. */
  total: string | null;
  /** The total's 24 h change in fiat and in percent: null unless every valued coin's change is known. */
  changeValue: string | null;
  changePct: string | null;
  rows: PortfolioRow[];
  /** Coins held whose price is missing (left out of the total and the shares, never counted as 0). */
  unpriced: string[];
}

function usable(text: string | null | undefined, signed = false): Decimal | null {
  if (text === null || text === undefined) return null;
  try {
    const d = new Decimal(text);
    return d.isFinite() && (signed || !d.isNegative()) ? d : null;
  } catch {
    return null;
  }
}

/**
 * The portfolio from the coins' holdings and quotes. Rows: coins holding something (or whose amount is not known),
 * by value, largest first, then the unvalued ones by name.
 */
export function portfolioSummary(
  holdings: readonly HoldingInput[],
  quotes: Readonly<Record<string, QuoteInput | undefined>>,
): PortfolioSummary {
  const rows: (PortfolioRow & { dec: Decimal | null; delta: Decimal | null })[] = [];
  for (const h of holdings) {
    if (h.total === 0n) continue;
    const q = quotes[h.coin];
    const price = usable(q?.price);
    const change = usable(q?.change24h, true);
    const coins =
      h.total === null ? null : new Decimal(h.total.toString()).div(new Decimal(10).pow(h.decimals));
    const dec = coins && price ? coins.mul(price) : null;
    // value 24 h ago = value / (1 + change / 100); a fall of 100 % leaves no earlier value to compare.
    const factor = change ? change.div(100).plus(1) : null;
    const delta = dec && factor && factor.greaterThan(0) ? dec.minus(dec.div(factor)) : null;
    rows.push({
      coin: h.coin,
      symbol: h.symbol,
      amount: h.total === null ? null : formatUnits(h.total, h.decimals),
      units: h.total,
      value: dec ? dec.toFixed() : null,
      share: null,
      change24h: price && change ? change.toFixed() : null,
      changeValue: delta ? delta.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed() : null,
      dec,
      delta,
    });
  }
  const valued = rows.filter((r) => r.dec);
  const sum = valued.reduce((s, r) => s.plus(r.dec!), new Decimal(0));
  for (const r of valued)
    r.share = sum.isZero() ? '0.0' : r.dec!.div(sum).mul(100).toFixed(1, Decimal.ROUND_HALF_UP);
  let changeValue: string | null = null;
  let changePct: string | null = null;
  if (valued.length && valued.every((r) => r.delta)) {
    const delta = valued.reduce((s, r) => s.plus(r.delta!), new Decimal(0));
    const before = sum.minus(delta);
    changeValue = delta.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed();
    changePct = before.greaterThan(0)
      ? delta.div(before).mul(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed()
      : null;
  }
  rows.sort((a, b) =>
    a.dec && b.dec ? b.dec.comparedTo(a.dec) : a.dec ? -1 : b.dec ? 1 : a.coin.localeCompare(b.coin),
  );
  return {
    total: valued.length ? sum.toFixed() : null,
    changeValue,
    changePct,
    rows: rows.map(({ dec: _dec, delta: _delta, ...r }) => r),
    unpriced: rows.filter((r) => r.units !== null && !r.dec).map((r) => r.coin),
  };
}
