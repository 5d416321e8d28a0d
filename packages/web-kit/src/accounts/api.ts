/** Product-API calls of the account screens besides chain data: remote config, prices, transaction log. */
import {
  CHAIN_SYMBOLS,
  CHAINS,
  DEFAULT_HIGHER_FEE_LIMIT,
  DEFAULT_MAX_FEE_LIMIT,
  parsePrice,
  parsePriceChange,
  type ChainSymbol,
} from '@secux-companion/core';

/** Price-service ids of the coins (core's chain table; testnet coins have no price). */
export const PRICE_IDS: Partial<Record<ChainSymbol, string>> = Object.fromEntries(
  CHAIN_SYMBOLS.flatMap((s) => (CHAINS[s].priceId ? [[s, CHAINS[s].priceId]] : [])),
);

/**
 * Price of one coin as decimal text, or null ('Price N/A'; price failures are silent). The answer's value is read
 * with core's parsePrice: a JSON number or decimal text that is a positive, finite, plausible price.
 */
export async function fetchCoinPrice(chain: ChainSymbol, currency: string): Promise<string | null> {
  const id = PRICE_IDS[chain];
  if (!id) return null;
  try {
    const res = await fetch(
      `/api/prices/coins?ids=${encodeURIComponent(id)}&currency=${encodeURIComponent(currency.toLowerCase())}`,
    );
    if (!res.ok) return null;
    const body = (await res.json()) as { prices?: Record<string, unknown> } | null;
    return parsePrice(body?.prices?.[id]);
  } catch {
    return null;
  }
}

/**
 * Token prices by contract on a price platform (core's chain table's `pricePlatform`), as decimal text; contracts
 * are sent and keyed as given (a family with case-insensitive addresses normalizes them). Failures are silent: none.
 */
export async function fetchTokenPrices(
  platform: string,
  contracts: readonly string[],
  currency: string,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!contracts.length) return out;
  try {
    const q = `platform=${encodeURIComponent(platform)}&contracts=${contracts.join(',')}&currency=${encodeURIComponent(currency.toLowerCase())}`;
    const res = await fetch(`/api/prices/tokens?${q}`);
    if (!res.ok) return out;
    const body = (await res.json()) as { prices?: unknown } | null;
    const prices = body?.prices;
    if (!prices || typeof prices !== 'object') return out;
    // Only the contracts asked for, each a checked price (core's parsePrice).
    for (const c of contracts) {
      const price = parsePrice((prices as Record<string, unknown>)[c]);
      if (price !== null) out.set(c, price);
    }
  } catch {
    // prices are optional
  }
  return out;
}

/** Most contracts of one token-price request (the server's bound). */
const TOKEN_PRICE_BATCH = 50;

/**
 * Prices and 24 h changes of tokens on a price platform (`/api/prices/tokens`: `prices` and `changes24h`), keyed by
 * contract as given, each value checked (core's parsePrice, parsePriceChange); one request per 50 contracts. A token
 * the service does not price, or any failure: its quote is missing (both null), never 0.
 */
export async function fetchTokenQuotes(
  platform: string,
  contracts: readonly string[],
  currency: string,
): Promise<Record<string, CoinQuote>> {
  const unique = [...new Set(contracts)];
  const out: Record<string, CoinQuote> = Object.fromEntries(
    unique.map((c) => [c, { price: null, change24h: null }]),
  );
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += TOKEN_PRICE_BATCH)
    batches.push(unique.slice(i, i + TOKEN_PRICE_BATCH));
  await Promise.all(
    batches.map(async (batch) => {
      try {
        const q = `platform=${encodeURIComponent(platform)}&contracts=${batch.map(encodeURIComponent).join(',')}&currency=${encodeURIComponent(currency.toLowerCase())}`;
        const res = await fetch(`/api/prices/tokens?${q}`);
        if (!res.ok) return;
        const body = (await res.json()) as { prices?: unknown; changes24h?: unknown } | null;
        const record = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
        const prices = record(body?.prices);
        const changes = record(body?.changes24h);
        for (const c of batch) {
          const price = parsePrice(prices[c]);
          out[c] = { price, change24h: price === null ? null : parsePriceChange(changes[c]) };
        }
      } catch {
        // prices are optional: missing
      }
    }),
  );
  return out;
}

export interface FeeLimits {
  maxFeeLimit: string;
  higherFeeLimit: string;
  currency: string;
}

/** maxFeeLimit / higherFeeLimit from the remote config (defaults 1000 / 100 USD). */
export async function fetchFeeLimits(): Promise<FeeLimits> {
  const res = await fetch('/api/config');
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const c = (await res.json()) as {
    maxFeeLimit?: unknown;
    higherFeeLimit?: unknown;
    feeLimitCurrency?: unknown;
  };
  const num = (v: unknown, d: string) =>
    typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? String(v) : d;
  return {
    maxFeeLimit: num(c.maxFeeLimit, DEFAULT_MAX_FEE_LIMIT),
    higherFeeLimit: num(c.higherFeeLimit, DEFAULT_HIGHER_FEE_LIMIT),
    currency: typeof c.feeLimitCurrency === 'string' ? c.feeLimitCurrency : 'USD',
  };
}

/** POST /api/txlog after every broadcast; errors are only logged. */
export async function postTxLog(
  hash: string,
  chain: string,
  context: Record<string, unknown>,
): Promise<void> {
  try {
    const res = await fetch('/api/txlog', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hash, chain, context }),
    });
    if (!res.ok) console.warn('transaction log failed', res.status);
  } catch (e) {
    console.warn('transaction log failed', e);
  }
}

/** Why the server does not serve a coin: `GET /api/chains` `unserved` (server variable names, never values). */
export interface UnservedCoin {
  reason: 'no_provider' | 'switched_off';
  /** The server's settings that would serve the coin, e.g. `CHAIN_HME_RPC`. */
  settings: string[];
}

/**
 * Every coin the server says it does not serve (`GET /api/chains` `unserved`), keyed by coin; empty when the server
 * cannot be asked (the coins' own requests then fail or succeed as they will).
 */
export async function fetchUnservedCoins(): Promise<Map<string, UnservedCoin>> {
  const out = new Map<string, UnservedCoin>();
  try {
    const res = await fetch('/api/chains');
    if (!res.ok) return out;
    const body = (await res.json()) as { unserved?: unknown };
    if (!Array.isArray(body.unserved)) return out;
    for (const u of body.unserved.slice(0, 200) as unknown[]) {
      if (!u || typeof u !== 'object') continue;
      const { chain, reason, settings } = u as Record<string, unknown>;
      if (typeof chain !== 'string' || out.has(chain)) continue;
      out.set(chain, {
        reason: reason === 'switched_off' ? 'switched_off' : 'no_provider',
        settings: Array.isArray(settings)
          ? settings
              .slice(0, 20)
              .filter((s): s is string => typeof s === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(s))
          : [],
      });
    }
    return out;
  } catch {
    return out;
  }
}

/**
 * Whether the server says it does not serve `coin` (a provider not configured in its profile, or switched off):
 * the account list then tells which setting is missing instead of failing. Null when the coin is served or the
 * server cannot be asked (the coin's own requests then fail or succeed as they will).
 */
export async function unservedCoin(coin: ChainSymbol): Promise<UnservedCoin | null> {
  return (await fetchUnservedCoins()).get(coin) ?? null;
}

/** A coin's price and its 24 h change in percent (decimal text); each null when missing (never 0). */
export interface CoinQuote {
  price: string | null;
  change24h: string | null;
}

/**
 * Prices and 24 h changes of several coins in one request (`/api/prices/coins`: `prices` and `changes24h`), each
 * value checked (core's parsePrice, parsePriceChange). A coin without a price id, or any failure: its quote is
 * missing (both null).
 */
export async function fetchCoinQuotes(
  coins: readonly ChainSymbol[],
  currency: string,
): Promise<Record<string, CoinQuote>> {
  const out: Record<string, CoinQuote> = Object.fromEntries(
    coins.map((c) => [c, { price: null, change24h: null }]),
  );
  const ids = [...new Set(coins.flatMap((c) => (PRICE_IDS[c] ? [PRICE_IDS[c]] : [])))];
  if (!ids.length) return out;
  try {
    const res = await fetch(
      `/api/prices/coins?ids=${ids.map(encodeURIComponent).join(',')}&currency=${encodeURIComponent(currency.toLowerCase())}`,
    );
    if (!res.ok) return out;
    const body = (await res.json()) as { prices?: unknown; changes24h?: unknown } | null;
    const prices =
      body?.prices && typeof body.prices === 'object' ? (body.prices as Record<string, unknown>) : {};
    const changes =
      body?.changes24h && typeof body.changes24h === 'object'
        ? (body.changes24h as Record<string, unknown>)
        : {};
    for (const c of coins) {
      const id = PRICE_IDS[c];
      if (!id) continue;
      const price = parsePrice(prices[id]);
      out[c] = { price, change24h: price === null ? null : parsePriceChange(changes[id]) };
    }
  } catch {
    // prices are optional: missing
  }
  return out;
}
