/**
 * An account's balance history: /api/v2/balancehistory/<xpub | descriptor | address>?from=&to=&groupBy= (buckets
 * of `groupBy` seconds, oldest first: `{time, txs, received, sent, sentToSelf, rates?}`, satoshi as decimal text).
 * Checked for meaning: a bounded list, times inside the asked window and increasing, amounts whole satoshi.
 */
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { BalanceBucket, BalanceHistoryQuery, UtxoSubject } from '../../backend.js';
import { call, checkChain, type BlockbookContext } from './context.js';
import { descriptorOf } from './mappers.js';

/** Most buckets read (a year by the hour is 8,760). */
export const MAX_BALANCE_BUCKETS = 10_000;

const sats = z.string().regex(/^\d{1,20}$/);
const BbBalanceHistory = z
  .array(
    z.object({
      time: z.number().int().nonnegative(),
      txs: z.number().int().nonnegative(),
      received: sats,
      sent: sats,
      sentToSelf: sats.optional(),
    }),
  )
  .max(MAX_BALANCE_BUCKETS);

export async function getBalanceHistory(
  ctx: BlockbookContext,
  subject: UtxoSubject,
  q: BalanceHistoryQuery,
  signal: AbortSignal,
): Promise<BalanceBucket[]> {
  await checkChain(ctx, signal);
  const params = new URLSearchParams({ from: String(q.from), to: String(q.to), groupBy: String(q.groupBy) });
  const list = validate(
    BbBalanceHistory,
    await call(ctx, `/api/v2/balancehistory/${encodeURIComponent(descriptorOf(subject))}?${params}`, signal),
    'Blockbook balance history',
  );
  let prev = -1;
  return list.map((b) => {
    // A bucket starts at most one bucket before `from` (its start is rounded down).
    if (b.time < q.from - q.groupBy || b.time > q.to || b.time <= prev)
      throw new ProviderError(
        'malformed',
        `balance history time ${b.time} outside the asked window or order`,
      );
    prev = b.time;
    return { time: b.time * 1000, txs: b.txs, received: b.received, sent: b.sent };
  });
}
