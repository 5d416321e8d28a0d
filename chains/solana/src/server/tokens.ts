/**
 * The server's own token list by mint address (well-known mainnet mints, the localnet's listed mints from its
 * endpoints file): the names it serves as verified. Names a mint gives itself on chain (its Metaplex metadata
 * account, its Token-2022 TokenMetadata extension) are read in metaplex.ts and served as unverified. Names are
 * checked as plain short text (the web renders them as text, never HTML).
 */
export interface TokenMeta {
  symbol: string;
  name: string;
}

/** Mainnet mints a new user most likely holds (their own mint accounts say nothing of a name). */
export const KNOWN_MINTS: Readonly<Record<string, TokenMeta>> = {
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: { symbol: 'USDC', name: 'USD Coin' },
  Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: { symbol: 'USDT', name: 'Tether USD' },
  So11111111111111111111111111111111111111112: { symbol: 'wSOL', name: 'Wrapped SOL' },
  '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo': { symbol: 'PYUSD', name: 'PayPal USD' },
};

const SAFE = /^[\p{L}\p{N} ._\-$()+&]{1,32}$/u;

/** A name or symbol as served: trimmed, printable, short; anything else is dropped. */
export function cleanMeta(symbol: unknown, name: unknown): TokenMeta | null {
  if (typeof symbol !== 'string' || typeof name !== 'string') return null;
  const s = symbol.trim();
  const n = name.trim();
  if (!SAFE.test(s) || !SAFE.test(n)) return null;
  return { symbol: s, name: n };
}
