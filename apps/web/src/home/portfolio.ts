/**
 * The home portfolio's maths (issues 20, 33): every coin's total (from discovery at connect: the device's stored
 * balances, then the network's) and every funded token's (summed over the coin's accounts) times its price in the
 * display currency, each asset's share, and the 24 h change per asset and in total. Decimal arithmetic only
 * (decimal.js); a price or change that is missing stays missing: an asset without a price has no value and no share,
 * a total whose assets' changes are not all known has no change — never 0.
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

/** A token the accounts of a coin hold, summed over them. */
export interface TokenHoldingInput {
  /** The coin whose accounts hold it. */
  coin: string;
  /** Its contract, mint or id (the family's key). */
  contract: string;
  symbol: string;
  decimals: number;
  /** Total in the token's smallest unit. */
  total: bigint;
  unverified?: boolean;
}

/** The key of a token's quote and row: the coin and the contract. */
export const tokenKey = (coin: string, contract: string) => `${coin}:${contract}`;

/** A coin's price and 24 h change in percent (decimal text); null when missing. */
export interface QuoteInput {
  price: string | null;
  change24h: string | null;
}

export interface PortfolioRow {
  /** The row's key: the coin, or {@link tokenKey} for a token. */
  key: string;
  coin: string;
  /** The token of the row (its contract, and whether its name is unverified); null for the coin itself. */
  token: { contract: string; unverified: boolean } | null;
  symbol: string;
  decimals: number;
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
  /**
   * Assets held whose price is missing (left out of the total and the shares, never counted as 0): a coin by its
   * symbol, a token as 'SYMBOL (COIN)'.
   */
  unpriced: string[];
}

/** A token as one account holds it (the family's `tokenHoldings`). */
export interface AccountTokenInput {
  contract: string;
  symbol: string;
  decimals: number;
  balance: bigint;
  unverified?: boolean;
}

/** The tokens of a coin's accounts summed by contract, in first-seen order; zero balances left out. */
export function tokenTotals(
  coin: string,
  perAccount: readonly (readonly AccountTokenInput[])[],
): TokenHoldingInput[] {
  const out = new Map<string, TokenHoldingInput>();
  for (const list of perAccount)
    for (const t of list) {
      if (t.balance <= 0n) continue;
      const prev = out.get(t.contract);
      out.set(t.contract, {
        coin,
        contract: t.contract,
        symbol: prev?.symbol ?? t.symbol,
        decimals: prev?.decimals ?? t.decimals,
        total: (prev?.total ?? 0n) + t.balance,
        ...(t.unverified || prev?.unverified ? { unverified: true } : {}),
      });
    }
  return [...out.values()];
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
  tokens: readonly TokenHoldingInput[] = [],
  tokenQuotes: Readonly<Record<string, QuoteInput | undefined>> = {},
): PortfolioSummary {
  const rows: (PortfolioRow & { dec: Decimal | null; delta: Decimal | null })[] = [];
  const assets = [
    ...holdings.map((h) => ({ ...h, key: h.coin, token: null, q: quotes[h.coin] })),
    ...tokens.map((t) => {
      const key = tokenKey(t.coin, t.contract);
      const token = { contract: t.contract, unverified: t.unverified === true };
      return { ...t, key, token, q: tokenQuotes[key] };
    }),
  ];
  for (const h of assets) {
    if (h.total === 0n) continue;
    const q = h.q;
    const price = usable(q?.price);
    const change = usable(q?.change24h, true);
    const coins =
      h.total === null ? null : new Decimal(h.total.toString()).div(new Decimal(10).pow(h.decimals));
    const dec = coins && price ? coins.mul(price) : null;
    // value 24 h ago = value / (1 + change / 100); a fall of 100 % leaves no earlier value to compare.
    const factor = change ? change.div(100).plus(1) : null;
    const delta = dec && factor && factor.greaterThan(0) ? dec.minus(dec.div(factor)) : null;
    rows.push({
      key: h.key,
      coin: h.coin,
      token: h.token,
      symbol: h.symbol,
      decimals: h.decimals,
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
    a.dec && b.dec ? b.dec.comparedTo(a.dec) : a.dec ? -1 : b.dec ? 1 : a.key.localeCompare(b.key),
  );
  return {
    total: valued.length ? sum.toFixed() : null,
    changeValue,
    changePct,
    rows: rows.map(({ dec: _dec, delta: _delta, ...r }) => r),
    unpriced: rows
      .filter((r) => r.units !== null && !r.dec)
      .map((r) => (r.token ? `${r.symbol} (${r.coin})` : r.coin)),
  };
}
