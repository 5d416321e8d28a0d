/** What the node served: getSignaturesForAddress and getSignatureStatuses (confirmed, then finalized). */
import type { SolanaLedger } from './ledger.js';

/** Slots on top of a transaction's before its slot is rooted (finalized): the tower's 32-vote lockout. */
export const FINALIZED_DEPTH = 32;

/** An address's signatures, newest first: at most `limit` (≤ 1000), those older than `before` when given. */
export function signaturesForAddress(l: SolanaLedger, a: string, c: Record<string, unknown>) {
  const limit = Math.min(1000, typeof c.limit === 'number' ? c.limit : 1000);
  let list = l.byAddress.get(a) ?? [];
  if (typeof c.before === 'string') {
    const i = list.indexOf(c.before);
    list = i >= 0 ? list.slice(i + 1) : [];
  }
  return list.slice(0, limit).map((s) => {
    const t = l.bySignature.get(s)!;
    return {
      signature: s,
      slot: t.slot,
      err: t.err,
      memo: null,
      blockTime: t.blockTime,
      confirmationStatus: 'confirmed',
    };
  });
}

export function signatureStatuses(l: SolanaLedger, param: unknown) {
  const sigs = Array.isArray(param) ? (param as string[]) : [];
  return sigs.map((s) => {
    const t = l.bySignature.get(s);
    if (!t) return null;
    // agave: `confirmations` counts the blocks voted on top of the transaction's, null once its slot is rooted
    // (finalized: 32 slots of lockout, about 12.8 s); below that the cluster has only confirmed it.
    const depth = Number(l.slot) - t.slot;
    const rooted = depth >= FINALIZED_DEPTH;
    return {
      slot: t.slot,
      confirmations: rooted ? null : depth,
      err: t.err,
      status: t.err === null ? { Ok: null } : { Err: t.err },
      confirmationStatus: rooted ? 'finalized' : 'confirmed',
    };
  });
}
