/**
 * The server's token list (spec 02 §7 "GET /bsc_token_list: reads code (0 is success) and data, mapped and
 * deduplicated by contract"; "token-list failures give empty results silently") and the discovery it feeds: the
 * listed contracts' balances are read in one batch (balanceOf) and the tokens the account holds are offered.
 *
 * network/ reads the answer's shape (code, data, the fields of an entry); this file bounds and normalises the
 * entries: a 0x contract (checksummed), decimals 0–77, name and symbol stripped of non-ASCII letters and capped,
 * at most {@link TOKEN_LIST_MAX} entries, the first entry of a contract kept (case-insensitive).
 */
import { stripNonAscii } from '@secux-companion/core';
import { getAddress, isAddress } from 'viem';
import type { TokenMetadata } from './tokens';

/** At most this many listed tokens are considered (the rest of a longer list is ignored). */
export const TOKEN_LIST_MAX = 500;
/** Name and symbol are cut to this many characters. */
export const TOKEN_TEXT_MAX = 64;

/** One entry as network/ read it: fields present with the right JSON types, nothing else checked. */
export interface TokenListEntry {
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
}

/**
 * Normalised, bounded and deduplicated list. Entries with an invalid contract, decimals outside 0–77 or no
 * name and no symbol left after stripping are dropped; the first entry of a contract wins.
 */
export function normalizeTokenList(entries: readonly TokenListEntry[]): TokenMetadata[] {
  const out: TokenMetadata[] = [];
  const seen = new Set<string>();
  for (const e of entries.slice(0, TOKEN_LIST_MAX)) {
    const contract = e.contract.trim();
    if (!/^0x[0-9a-fA-F]{40}$/.test(contract) || !isAddress(contract, { strict: false })) continue;
    if (!Number.isInteger(e.decimals) || e.decimals < 0 || e.decimals > 77) continue;
    const key = contract.toLowerCase();
    if (seen.has(key)) continue;
    const symbol = stripNonAscii(e.symbol).trim().slice(0, TOKEN_TEXT_MAX);
    const name = stripNonAscii(e.name).trim().slice(0, TOKEN_TEXT_MAX) || symbol;
    if (!name) continue;
    seen.add(key);
    out.push({ contract: getAddress(contract), name, symbol: symbol || name, decimals: e.decimals });
  }
  return out;
}

/** A listed token the account holds, with its balance. */
export interface HeldToken extends TokenMetadata {
  balance: bigint;
}

/** The listed tokens whose balance is above 0, in list order (balances keyed by contract in any case). */
export function heldTokens(
  list: readonly TokenMetadata[],
  balances: ReadonlyMap<string, bigint>,
): HeldToken[] {
  const byKey = new Map<string, bigint>();
  for (const [c, b] of balances) byKey.set(c.toLowerCase(), b);
  return list.flatMap((t) => {
    const balance = byKey.get(t.contract.toLowerCase()) ?? 0n;
    return balance > 0n ? [{ ...t, balance }] : [];
  });
}
