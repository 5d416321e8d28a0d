/**
 * Bounds every provider answer must respect (issue 19): the families' bounds.ts apply these to each answer in ONE
 * place (their facade's failover `check`). A value out of bounds is a malformed answer: the failover asks the next
 * provider and the client never sees it.
 */
import { ProviderError } from './failover.js';
import type { Operation } from './types.js';

/** The integer types chains keep amounts in: what a token amount is bounded by when its supply is not known here. */
export const INT64_MAX = 2n ** 63n - 1n;
export const UINT64_MAX = 2n ** 64n - 1n;
export const UINT256_MAX = 2n ** 256n - 1n;

/** Counts, heights, indexes and sizes: JSON integers a client can hold exactly (≤ 2^53 - 1, below 2^64). */
export const COUNT_MAX = Number.MAX_SAFE_INTEGER;

export function outOfBounds(what: string, v: unknown): never {
  const shown = typeof v === 'string' ? v.slice(0, 40) : String(v).slice(0, 40);
  throw new ProviderError('malformed', `out of bounds: ${what} = ${shown}`);
}

/** A decimal integer string (or a bigint already parsed) in [signed ? -max : 0, max]. */
export function amount(v: unknown, max: bigint, what: string, signed = false): void {
  if (typeof v !== 'bigint' && (typeof v !== 'string' || !(signed ? /^-?\d{1,90}$/ : /^\d{1,90}$/).test(v)))
    outOfBounds(what, v);
  const n = BigInt(v);
  if (n > max || n < (signed ? -max : 0n)) outOfBounds(what, v);
}

/** A non-negative integer count (JSON number). */
export function count(v: unknown, what: string): void {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) outOfBounds(what, v);
}

export function optCount(v: unknown, what: string): void {
  if (v !== undefined && v !== null) count(v, what);
}

/** The earliest block of any chain this wallet serves: Bitcoin's genesis, 2009-01-03 18:15:05 UTC (ms). */
export const EARLIEST_BLOCK_MS = Date.UTC(2009, 0, 3, 18, 15, 5);
/** How far past the server's clock an upstream time may be: clock skew, a mempool's first-seen time. */
export const FUTURE_SLACK_MS = 15 * 60_000;

/**
 * A time (ms since the epoch) that can be true: not before the first block of any chain, not later than now plus
 * {@link FUTURE_SLACK_MS}. A history dated in the year 3000 is a provider's lie (issue 29), not a value to show.
 */
export function plausibleTime(v: unknown, what: string): void {
  count(v, what);
  if ((v as number) < EARLIEST_BLOCK_MS || (v as number) > Date.now() + FUTURE_SLACK_MS) outOfBounds(what, v);
}

/** What {@link operations} bounds a history's amounts by, when not one figure for all. */
export interface OperationBounds {
  /** Token amounts (an operation with `token`): the token's type (its supply is not known here); default `max`. */
  tokenMax?: bigint;
  /** The fee of an operation (native); default `max`. */
  feeMax?: bigint;
}

/**
 * History Operations: native amounts (values, counterparty values) within `max` — the coin's supply —, token amounts
 * within `b.tokenMax`, fees within `b.feeMax`; heights, times and sizes counts.
 */
export function operations(ops: readonly Operation[], max: bigint, b: OperationBounds = {}): void {
  for (const o of ops) {
    const valueMax = o.token ? (b.tokenMax ?? max) : max;
    amount(o.value, valueMax, o.token ? 'token operation value' : 'operation value');
    amount(o.fee, b.feeMax ?? max, 'operation fee');
    optCount(o.blockHeight, 'block height');
    if (o.time !== undefined && o.time !== null) plausibleTime(o.time, 'time');
    optCount(o.vsize, 'vsize');
    optCount(o.nonce, 'nonce');
    if (o.gasUsed !== undefined) amount(o.gasUsed, max, 'gas used');
    if (o.gasPrice !== undefined) amount(o.gasPrice, max, 'gas price');
    for (const c of [...o.senders, ...o.recipients]) amount(c.value, valueMax, 'counterparty value');
  }
}
