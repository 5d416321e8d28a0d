/**
 * Bounds of every Solana value the facade serves (issues 19, 29): lamports (balances, rent, history values and fees)
 * within the SOL that exist, token amounts u64 (a token's supply is not known here), decimals at most 255 (a u8),
 * counts and heights JSON-safe, prioritization fees below a price no real market reaches. An answer out of bounds is
 * malformed: the other node is asked and the client never sees it — each is the `check` of the node's failover call.
 */
import { UINT64_MAX, amount, count, operations, outOfBounds } from '@secux-companion/server-kit/bounds';
import { ProviderError } from '@secux-companion/server-kit/failover';
import type { Operation } from '@secux-companion/server-kit/types';

/**
 * The most lamports any amount can be: 2 billion SOL (1 SOL = 10^9 lamports). About 500 M SOL at genesis (2020-03),
 * ≈ 600 M in 2025 with inflation of about 4–5 % a year, falling by 15 % a year towards 1.5 % (solana.com
 * "Inflation schedule"); more than three times today's supply is decades away (issue 29: a history amount of 10^19
 * lamports, 10 G SOL, was served with 200).
 */
export const SOL_MAX_LAMPORTS = 2_000_000_000n * 1_000_000_000n;
/**
 * micro-lamports per compute unit: 10^9 × 1.4 M CU (a transaction's most) would be 1.4 SOL of priority fee, 0.2 SOL
 * at the default 200 000 CU — getRecentPrioritizationFees reports each slot's lowest fee, which sits in the
 * thousands to millions even when the network is busy.
 */
export const PRIORITY_PRICE_MAX = 1_000_000_000;
/** The largest account the runtime allows (10 MiB). */
export const ACCOUNT_SIZE_MAX = 10 * 1024 * 1024;

export const lamports = (v: number | bigint | string, what: string) =>
  amount(String(v), SOL_MAX_LAMPORTS, what);
export const tokenAmount = (v: unknown, what: string) => amount(v, UINT64_MAX, what);
export function decimals(v: unknown, what = 'decimals'): void {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 255) outOfBounds(what, v);
}
/** A slot, height, epoch or compute-unit count: a JSON-safe integer ({@link count}). */
export const height = count;
export function priorityPrices(list: readonly number[]): void {
  if (list.length > 1000) throw new ProviderError('malformed', 'out of bounds: too many prioritization fees');
  for (const f of list)
    if (!Number.isSafeInteger(f) || f < 0 || f > PRIORITY_PRICE_MAX) outOfBounds('prioritization fee', f);
}
/** A getSignaturesForAddress page: at most the `limit` asked for. */
export function signatures(list: readonly unknown[], limit: number): void {
  if (list.length > limit) outOfBounds('signatures', list.length);
}
export function accountSize(v: unknown): void {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > ACCOUNT_SIZE_MAX)
    outOfBounds('account size', v);
}

/** A transaction's operations (mapped by chain-solana): SOL values and fees within the supply, tokens within u64. */
export function history(ops: readonly Operation[]): void {
  operations(ops, SOL_MAX_LAMPORTS, { tokenMax: UINT64_MAX });
}
