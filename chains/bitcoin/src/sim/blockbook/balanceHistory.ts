/**
 * `/api/v2/balancehistory/<xpub | descriptor | address>?from=&to=&groupBy=` as Blockbook answers it: the confirmed
 * transactions of the subject grouped into buckets of `groupBy` seconds (default 3600), oldest first, each
 * `{time, txs, received, sent, sentToSelf}` (amounts in satoshi as decimal text; `time` the bucket's start in unix
 * seconds). `received` is what the subject's outputs got, `sent` what its inputs spent, `sentToSelf` the part of
 * `received` in transactions the subject sent (its change). `from` / `to` (unix seconds) bound the block times.
 * Blockbook adds `rates` when it keeps fiat rates; this stand-in keeps none, so it leaves them out.
 */
import type { UtxoChain } from '../chain.js';
import { bad, type Answer } from './answer.js';
import { DEFAULT_GAP, subjectOf, type DerivedCache } from './subject.js';

const DEFAULT_GROUP_BY = 3600;

export function balanceHistory(
  chain: UtxoChain,
  derived: DerivedCache,
  arg: string,
  q: URLSearchParams,
): Answer {
  // Blockbook tells an xpub or descriptor from an address by parsing it.
  const s =
    subjectOf(chain, derived, arg, true, DEFAULT_GAP) ?? subjectOf(chain, derived, arg, false, DEFAULT_GAP);
  if (!s) return bad(`Invalid address or xpub, ${arg}`);
  const num = (k: string): number | undefined => {
    const v = q.get(k);
    return v !== null && /^\d{1,12}$/.test(v) ? Number(v) : undefined;
  };
  const from = num('from') ?? 0;
  const to = num('to') ?? Number.MAX_SAFE_INTEGER;
  const groupBy = Math.max(1, num('groupBy') ?? DEFAULT_GROUP_BY);
  const own = new Set(s.addresses().map((a) => a.address));
  const ids = new Set<string>();
  for (const a of own) for (const id of chain.byAddress.get(a) ?? []) ids.add(id);
  const buckets = new Map<number, { txs: number; received: bigint; sent: bigint; sentToSelf: bigint }>();
  for (const id of ids) {
    const r = chain.txs.get(id)!;
    if (r.height === null || r.time < from || r.time > to) continue;
    let received = 0n;
    let sent = 0n;
    r.tx.outs.forEach((o, v) => {
      if (own.has(chain.coins.get(`${id}:${v}`)?.address ?? '')) received += BigInt(o.value);
    });
    for (const p of r.prevouts) if (p.address && own.has(p.address)) sent += p.value;
    const time = r.time - (r.time % groupBy);
    const b = buckets.get(time) ?? { txs: 0, received: 0n, sent: 0n, sentToSelf: 0n };
    b.txs += 1;
    b.received += received;
    b.sent += sent;
    if (sent > 0n) b.sentToSelf += received;
    buckets.set(time, b);
  }
  const body = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([time, b]) => ({
      time,
      txs: b.txs,
      received: b.received.toString(),
      sent: b.sent.toString(),
      sentToSelf: b.sentToSelf.toString(),
    }));
  return { status: 200, body };
}
