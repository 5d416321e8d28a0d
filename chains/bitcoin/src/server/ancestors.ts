/**
 * The unconfirmed ancestors of a pending transaction, for child-pays-for-parent (spec 02 §7: "GET /api/tx/{txid} …
 * walks unconfirmed parents for CPFP"): the transaction and every unconfirmed transaction it descends from, their
 * fees and vsizes summed, as a node's getmempoolentry gives them (`fees.ancestor`, `ancestorsize`, `ancestorcount`).
 *
 * The walk reads one transaction at a time through the mempool service and is bounded by Bitcoin Core's own package
 * limits (-limitancestorcount 25, -limitancestorsize 101 kvB): a chain beyond them cannot take a child anyway, and a
 * service that keeps naming new parents cannot make the walk run on; so is the number of reads (confirmed parents
 * cost a read each). A confirmed parent ends its branch.
 */
import { ChainApiError } from '@secux-companion/server-kit/failover';
import type { PackageTx } from './providers/mempoolTx.js';

export interface AncestorLimits {
  /** Transactions in the package, the pending one included (Core: 25). */
  count: number;
  /** Their total vsize (Core: 101 000 vB). */
  vsize: number;
  /** Transactions read, confirmed parents included (each input of a package member may name one). */
  reads: number;
}

export const ANCESTOR_LIMITS: AncestorLimits = { count: 25, vsize: 101_000, reads: 100 };
/** Reads in flight at once (a public service's rate limit is shared by every user of the server). */
const PARALLEL = 4;

export interface Ancestry {
  txid: string;
  /** Satoshis paid by the transaction and its unconfirmed ancestors. */
  fee: bigint;
  /** Their vsize. */
  vsize: number;
  /** How many transactions that is (1: the transaction alone). */
  count: number;
}

/**
 * Walks from `txid` through its unconfirmed parents (breadth first, each transaction read once). A confirmed
 * `txid` has no package: 409 `confirmed`. Past the limits: 422 `too_many_ancestors`. A failed read fails the walk.
 */
export async function walkAncestors(
  chain: string,
  txid: string,
  readTx: (txid: string) => Promise<PackageTx>,
  limits: AncestorLimits = ANCESTOR_LIMITS,
): Promise<Ancestry> {
  const start = txid.toLowerCase();
  const seen = new Set([start]);
  let level = [start];
  let fee = 0n;
  let vsize = 0;
  let count = 0;
  const tooMany = () =>
    new ChainApiError(
      422,
      'too_many_ancestors',
      `More unconfirmed ancestors than a node relays a child for (${limits.count} transactions, ${limits.vsize} vB)`,
      { chain, txid: start },
    );
  while (level.length) {
    if (seen.size > limits.reads) throw tooMany();
    const read: PackageTx[] = [];
    for (let i = 0; i < level.length; i += PARALLEL)
      read.push(...(await Promise.all(level.slice(i, i + PARALLEL).map(readTx))));
    const next: string[] = [];
    for (const t of read) {
      if (t.confirmed) {
        if (t.txid === start)
          throw new ChainApiError(409, 'confirmed', 'The transaction is already confirmed', {
            chain,
            txid: start,
          });
        continue;
      }
      count += 1;
      fee += t.fee;
      vsize += t.vsize;
      if (count > limits.count || vsize > limits.vsize) throw tooMany();
      for (const p of t.parents)
        if (!seen.has(p)) {
          seen.add(p);
          next.push(p);
        }
    }
    level = next;
  }
  return { txid: start, fee, vsize, count };
}
