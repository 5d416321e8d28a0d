/**
 * An account's balance over a chart range from Blockbook's balance history (the portfolio's value chart): the
 * confirmed received and sent per bucket, walked back from the current confirmed balance. The pending part is the
 * step at `now`. The buckets cover the whole window, so the balance at `from` is known.
 */
import type { AccountDescriptor } from '@secux-companion/chain-common';
import { xpubOf, type BitcoinContext } from './context';

const HOUR_S = 3600;
const DAY_MS = 86_400_000;

/** Bucket length (seconds) for a window: hours up to a week, 6 hours up to a month, days beyond. */
export function groupByFor(spanMs: number): number {
  if (spanMs <= 7 * DAY_MS) return HOUR_S;
  if (spanMs <= 31 * DAY_MS) return 6 * HOUR_S;
  return 24 * HOUR_S;
}

export async function getBalanceHistory(
  ctx: BitcoinContext,
  account: AccountDescriptor,
  current: { balance: bigint; pending: bigint },
  from: number,
  now: number,
): Promise<{ time: number; balance: bigint }[]> {
  const read = ctx.backend.getBalanceHistory;
  if (!read) throw new Error('no balance history on this backend');
  const groupBy = groupByFor(now - from);
  // A local chain's block times may run a little ahead of the clock: the window ends an hour after now.
  const buckets = await read.call(
    ctx.backend,
    xpubOf(account),
    account.bip,
    Math.floor(from / 1000),
    Math.ceil(now / 1000) + HOUR_S,
    groupBy,
  );
  const newestFirst = [{ time: now, balance: current.balance }];
  let balance = current.balance - current.pending;
  for (let i = buckets.length - 1; i >= 0; i--) {
    const b = buckets[i]!;
    newestFirst.push({ time: Math.min(now, Math.max(from, b.time)), balance });
    balance -= b.received - b.sent;
  }
  newestFirst.push({ time: from, balance });
  // Oldest first, one point per time: the latest state of that time.
  const out: { time: number; balance: bigint }[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const p = newestFirst[i]!;
    if (out.length && out[out.length - 1]!.time === p.time) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}
