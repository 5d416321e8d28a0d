/**
 * An account's balance over a chart range (issue 33's value chart). A family with a better source answers through
 * its `balanceHistory` slot (bitcoin: Blockbook's balance history); every other family gets this module's default,
 * which reconstructs it from the account's history: starting from the current balance it walks back through the
 * operations, newest first, undoing each one's effect on the coin balance (received value, sent value and the fee
 * the account paid), a bounded number of pages.
 *
 * The points are a step line: the balance is a point's balance from its time until the next point's. Before the
 * first point the balance is unknown (history beyond the pages read): the chart shows that time as missing.
 */
import type { Operation } from '@secux-companion/chain-common';
import type { AnyFamily, BalancePoint, FamilyChain, ValueRange, WalletAccount } from '../family/types';

export type { BalancePoint, ValueRange };
export const VALUE_RANGES: readonly ValueRange[] = ['day', 'week', 'month', 'year'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const VALUE_RANGE_MS: Record<ValueRange, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** Most history pages read for one account's reconstruction (10 operations a page). */
export const MAX_HISTORY_PAGES = 20;

/**
 * The operation's effect on the account's coin balance: + received, − sent, − the fee the account paid. A token
 * transfer moves no coin (its fee still counts); a failed transaction moves nothing but its fee.
 */
export function balanceEffect(op: Operation): bigint {
  const fee = op.isOwnTransaction ? op.fee : 0n;
  if (op.token || op.failed) return -fee;
  if (op.direction === 'in') return op.value;
  if (op.direction === 'out') return -op.value - fee;
  return -fee;
}

/**
 * Walks back from `current` through history pages (newest first) until an operation older than `from`, the end of
 * the history, or `maxPages`. Pending operations (no block yet) count as now: the current balance includes them.
 */
export async function reconstructBalanceHistory(
  readPage: (cursor: string | null) => Promise<{ operations: Operation[]; cursor: string | null }>,
  current: bigint,
  from: number,
  now: number,
  maxPages = MAX_HISTORY_PAGES,
): Promise<BalancePoint[]> {
  const newestFirst: BalancePoint[] = [{ time: now, balance: current }];
  let balance = current;
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const p = await readPage(cursor);
    for (const op of p.operations) {
      const time = op.blockHeight === null || op.time === null ? now : Math.min(op.time, now);
      if (time < from) return finish(newestFirst, balance, from);
      newestFirst.push({ time, balance });
      balance -= balanceEffect(op);
      // An inconsistent history (the balance would go below zero): only what was walked so far is known.
      if (balance < 0n) return toOldestFirst(newestFirst);
    }
    if (!p.cursor) return finish(newestFirst, balance, from);
    cursor = p.cursor;
  }
  // Pages exhausted: the balance before the oldest operation read is known, not since when.
  return toOldestFirst(newestFirst);
}

/** The walk reached `from` (or the account's first operation): the balance then is known. */
function finish(newestFirst: BalancePoint[], balance: bigint, from: number): BalancePoint[] {
  newestFirst.push({ time: from, balance });
  return toOldestFirst(newestFirst);
}

/** Oldest first, one point per time (the balance after the last operation of that time). */
function toOldestFirst(newestFirst: BalancePoint[]): BalancePoint[] {
  const out: BalancePoint[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const p = newestFirst[i]!;
    if (out.length && out[out.length - 1]!.time === p.time) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}

/**
 * An account's balance points over the range: the family's own `balanceHistory` when it has one, else the default
 * reconstruction from the account's history through the chain's adapter.
 */
export function accountBalanceHistory(
  family: AnyFamily,
  chain: FamilyChain,
  account: WalletAccount,
  range: ValueRange,
  now = Date.now(),
): Promise<BalancePoint[]> {
  if (family.balanceHistory) return family.balanceHistory(chain, account, range);
  const descriptor = family.descriptor(chain, account);
  return reconstructBalanceHistory(
    (cursor) => chain.adapter.getHistory(descriptor, cursor),
    account.balance,
    now - VALUE_RANGE_MS[range],
    now,
  );
}
