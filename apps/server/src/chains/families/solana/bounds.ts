/**
 * Bounds of every Solana value the facade serves (issue 19): lamports and token amounts are u64, decimals at most
 * 255 (a u8), counts and heights JSON-safe, prioritization fees below a price no real market reaches. An answer out
 * of bounds is malformed: the other node is asked and the client never sees it.
 */
import { COUNT_MAX, amount, count, outOfBounds } from '../../bounds.js';
import { ProviderError } from '../../failover.js';

export const U64_MAX = 2n ** 64n - 1n;
/** micro-lamports per compute unit: 1e11 × 1.4M CU would be 140 SOL of priority fee for one transaction. */
export const PRIORITY_PRICE_MAX = 100_000_000_000;
/** The largest account the runtime allows (10 MiB). */
export const ACCOUNT_SIZE_MAX = 10 * 1024 * 1024;

export const lamports = (v: number | bigint | string, what: string) => amount(String(v), U64_MAX, what);
export const tokenAmount = (v: unknown, what: string) => amount(v, U64_MAX, what);
export function decimals(v: unknown, what = 'decimals'): void {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 255) outOfBounds(what, v);
}
export function height(v: unknown, what: string): void {
  count(v, what);
  if ((v as number) > COUNT_MAX) outOfBounds(what, v);
}
export function priorityPrices(list: readonly number[]): void {
  if (list.length > 1000) throw new ProviderError('malformed', 'out of bounds: too many prioritization fees');
  for (const f of list)
    if (!Number.isSafeInteger(f) || f < 0 || f > PRIORITY_PRICE_MAX) outOfBounds('prioritization fee', f);
}
export function accountSize(v: unknown): void {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > ACCOUNT_SIZE_MAX)
    outOfBounds('account size', v);
}
