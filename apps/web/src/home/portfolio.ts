/**
 * The home portfolio (issue 20): the value of all accounts of all coins in the display currency. The device
 * is only read coin by coin, so each coin's total is remembered (in this browser, cleared by Reset) when its
 * account list is read, with the last price seen; home adds them up with today's prices. A coin whose price
 * cannot be read now keeps its last known value and is marked stale; a coin never priced is shown without a
 * value and left out of the shares — never counted as 0.
 */
import Decimal from 'decimal.js';
import { formatUnits } from '@secux-companion/core';
import { WALLET_KEY_PREFIX } from '@secux-companion/web-kit/state/walletStorage';

/** Local-storage key of the remembered totals (its prefix puts it in Reset's list). */
export const PORTFOLIO_STORAGE_KEY = `${WALLET_KEY_PREFIX}portfolio`;
/** A coin's balances read longer ago than this are marked stale. */
export const PORTFOLIO_STALE_MS = 24 * 60 * 60 * 1000;

export interface CoinHolding {
  /** Total of the coin's accounts in the smallest unit (decimal text: bigint does not go through JSON). */
  total: string;
  decimals: number;
  symbol: string;
  /** When the balances were read (ms). */
  updatedAt: number;
  /** The last price seen and its currency, for a stale value when no price can be read. */
  lastPrice?: { price: string; currency: string; at: number };
}

export type Holdings = Record<string, CoinHolding>;

export function readHoldings(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): Holdings {
  try {
    const raw = storage?.getItem(PORTFOLIO_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    const out: Holdings = {};
    for (const [coin, h] of Object.entries(parsed as Record<string, Partial<CoinHolding>>)) {
      if (!h || typeof h.total !== 'string' || !/^\d{1,80}$/.test(h.total)) continue;
      if (
        typeof h.decimals !== 'number' ||
        !Number.isInteger(h.decimals) ||
        h.decimals < 0 ||
        h.decimals > 36
      )
        continue;
      if (typeof h.updatedAt !== 'number' || typeof h.symbol !== 'string') continue;
      const lp = h.lastPrice;
      out[coin] = {
        total: h.total,
        decimals: h.decimals,
        symbol: h.symbol.slice(0, 16),
        updatedAt: h.updatedAt,
        ...(lp && typeof lp.price === 'string' && typeof lp.currency === 'string' && typeof lp.at === 'number'
          ? { lastPrice: { price: lp.price, currency: lp.currency, at: lp.at } }
          : {}),
      };
    }
    return out;
  } catch {
    return {};
  }
}

export function writeHoldings(
  h: Holdings,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(PORTFOLIO_STORAGE_KEY, JSON.stringify(h));
  } catch {
    // storage unavailable: the portfolio is simply not remembered
  }
}

/** A coin's total after its accounts were read; `price` (when known) becomes its last price. */
export function recordHolding(
  h: Holdings,
  coin: string,
  total: bigint,
  unit: { decimals: number; symbol: string },
  now: number,
  price?: { price: string; currency: string } | null,
): Holdings {
  const prev = h[coin];
  const lastPrice = price ? { ...price, at: now } : prev?.lastPrice;
  return {
    ...h,
    [coin]: {
      total: total.toString(),
      decimals: unit.decimals,
      symbol: unit.symbol,
      updatedAt: now,
      ...(lastPrice ? { lastPrice } : {}),
    },
  };
}

export interface PortfolioRow {
  coin: string;
  symbol: string;
  /** The coin amount (plain decimal text). */
  amount: string;
  /** Fiat value (exact decimal text), or null when never priced in this currency. */
  value: string | null;
  /** Share of the total value in percent (one decimal), or null without a value. */
  share: string | null;
  /** The value is not current: last known price, or balances read long ago. */
  stale: boolean;
  updatedAt: number;
}

export interface PortfolioView {
  /** Sum of the coins' values (exact decimal text), or null when no coin has a value. */
  total: string | null;
  rows: PortfolioRow[];
  /** Some value in the total is stale. */
  stale: boolean;
  /** The oldest reading in the total (when it was last updated). */
  updatedAt: number | null;
}

/**
 * The portfolio in `currency` from the remembered holdings and today's prices (`prices[coin]`: text, or
 * null when it cannot be read now). Rows by value, largest first; coins with nothing held are left out.
 */
export function portfolioView(
  h: Holdings,
  prices: Record<string, string | null | undefined>,
  currency: string,
  now: number,
): PortfolioView {
  const rows: (PortfolioRow & { dec: Decimal | null })[] = [];
  for (const [coin, x] of Object.entries(h)) {
    const units = BigInt(x.total);
    if (units === 0n) continue;
    const coins = new Decimal(x.total).div(new Decimal(10).pow(x.decimals));
    const live = prices[coin];
    let dec: Decimal | null = null;
    let stale = now - x.updatedAt > PORTFOLIO_STALE_MS;
    const usable = (p: string | null | undefined) => {
      if (!p) return null;
      try {
        const d = new Decimal(p);
        return d.isFinite() && !d.isNegative() ? d : null;
      } catch {
        return null;
      }
    };
    const livePrice = usable(live);
    if (livePrice) dec = coins.mul(livePrice);
    else {
      const last = x.lastPrice && x.lastPrice.currency === currency ? usable(x.lastPrice.price) : null;
      if (last) {
        dec = coins.mul(last);
        stale = true;
      }
    }
    rows.push({
      coin,
      symbol: x.symbol,
      amount: formatUnits(units, x.decimals),
      value: dec ? dec.toFixed() : null,
      share: null,
      stale: stale || !dec,
      updatedAt: x.updatedAt,
      dec,
    });
  }
  const valued = rows.filter((r) => r.dec);
  const sum = valued.reduce((s, r) => s.plus(r.dec!), new Decimal(0));
  for (const r of valued)
    r.share = sum.isZero() ? '0.0' : r.dec!.div(sum).mul(100).toFixed(1, Decimal.ROUND_HALF_UP);
  rows.sort((a, b) => (b.dec ? b.dec.comparedTo(a.dec ?? 0) : a.dec ? -1 : a.coin.localeCompare(b.coin)));
  return {
    total: valued.length ? sum.toFixed() : null,
    rows: rows.map(({ dec: _dec, ...r }) => r),
    stale: valued.some((r) => r.stale),
    updatedAt: valued.length ? Math.min(...valued.map((r) => r.updatedAt)) : null,
  };
}
