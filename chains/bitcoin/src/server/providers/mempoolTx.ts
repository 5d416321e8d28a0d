/**
 * mempool.space's transaction endpoint, GET {base}/tx/{txid} (Esplora format, shared/reference/apis/mempool-space.md),
 * read for the child-pays-for-parent walk (spec 02 §7): its fee, weight, confirmed status and the txids it spends.
 *
 * The answer is size-capped and checked for meaning, not only for type: it is the transaction asked for, its weight
 * is one a relayed transaction can have, and an unconfirmed one pays exactly its inputs minus its outputs (a fee
 * above what it spends, or inputs the answer leaves out, is a lie and refused as malformed).
 */
import { z } from 'zod';
import { ProviderError, getJson, type FetchFn } from '@secux-companion/server-kit/failover';

/** Bitcoin Core's MAX_STANDARD_TX_WEIGHT: nothing heavier is relayed, so no unconfirmed transaction is. */
export const MAX_STANDARD_TX_WEIGHT = 400_000;
/** Consensus block weight: no confirmed transaction is heavier. */
const MAX_BLOCK_WEIGHT = 4_000_000;
/** Bitcoin Core's MIN_STANDARD_TX_NONWITNESS_SIZE (65 bytes) as weight: nothing lighter is relayed. */
const MIN_TX_WEIGHT = 65 * 4;
/** Most inputs / outputs a standard transaction can hold (41-byte input, 9-byte output within 400 000 WU). */
const MAX_INPUTS = Math.floor(MAX_STANDARD_TX_WEIGHT / (41 * 4));
const MAX_OUTPUTS = Math.floor(MAX_STANDARD_TX_WEIGHT / (9 * 4));
/** Largest answer read: a standard transaction's JSON with its prevouts and witnesses stays well below it. */
const MAX_TX_ANSWER_BYTES = 4 * 1024 * 1024;

const TXID = /^[0-9a-f]{64}$/;
const sats = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const EsploraTx = z.object({
  txid: z.string(),
  vin: z
    .array(
      z.object({
        txid: z.string(),
        vout: z.number().int().nonnegative(),
        is_coinbase: z.boolean().optional(),
        prevout: z.object({ value: sats }).nullable().optional(),
      }),
    )
    .min(1)
    .max(MAX_BLOCK_WEIGHT / (41 * 4)),
  vout: z
    .array(z.object({ value: sats }))
    .min(1)
    .max(MAX_BLOCK_WEIGHT / (9 * 4)),
  weight: z.number().int(),
  fee: sats,
  status: z.object({ confirmed: z.boolean() }),
});

/** What the walk needs of one transaction. */
export interface PackageTx {
  txid: string;
  confirmed: boolean;
  /** Satoshis paid (unconfirmed: inputs minus outputs, checked). */
  fee: bigint;
  /** ceil(weight / 4). */
  vsize: number;
  /** The distinct transactions whose outputs it spends. */
  parents: string[];
}

const lie = (what: string) => new ProviderError('malformed', `mempool transaction: ${what}`);

/** An Esplora transaction answer → PackageTx, checked against the txid asked for. */
export function parsePackageTx(raw: unknown, asked: string): PackageTx {
  const t = EsploraTx.safeParse(raw);
  if (!t.success) throw lie(t.error.issues[0]?.message ?? 'unexpected shape');
  const tx = t.data;
  const txid = tx.txid.toLowerCase();
  if (!TXID.test(txid)) throw lie('txid is not a transaction id');
  if (txid !== asked.toLowerCase()) throw lie('another transaction than the one asked for');
  const confirmed = tx.status.confirmed;
  const maxWeight = confirmed ? MAX_BLOCK_WEIGHT : MAX_STANDARD_TX_WEIGHT;
  if (tx.weight < MIN_TX_WEIGHT || tx.weight > maxWeight) throw lie(`implausible weight ${tx.weight}`);
  const parents = new Set<string>();
  for (const i of tx.vin) {
    if (i.is_coinbase) {
      if (!confirmed) throw lie('an unconfirmed coinbase');
      continue;
    }
    const p = i.txid.toLowerCase();
    if (!TXID.test(p)) throw lie('an input txid is not a transaction id');
    if (p === txid) throw lie('spends itself');
    parents.add(p);
  }
  if (!confirmed) {
    if (tx.vin.length > MAX_INPUTS || tx.vout.length > MAX_OUTPUTS)
      throw lie('more inputs or outputs than fit');
    let spent = 0n;
    for (const i of tx.vin) {
      if (!i.prevout) throw lie('an input without the output it spends');
      spent += BigInt(i.prevout.value);
    }
    const paid = tx.vout.reduce((s, o) => s + BigInt(o.value), 0n);
    const fee = BigInt(tx.fee);
    if (fee > spent) throw lie('fee above its inputs');
    if (spent - paid !== fee) throw lie('fee is not its inputs minus its outputs');
  }
  return { txid, confirmed, fee: BigInt(tx.fee), vsize: Math.ceil(tx.weight / 4), parents: [...parents] };
}

/** GET {base}/tx/{txid}: unknown txids are mempool's plain-text 404 (notFound), malformed ones its 400. */
export async function getPackageTx(
  fetchFn: FetchFn,
  base: string,
  txid: string,
  signal: AbortSignal,
): Promise<PackageTx> {
  if (!TXID.test(txid.toLowerCase())) throw new ProviderError('badRequest', 'not a transaction id');
  const raw = await getJson(fetchFn, `${base}/tx/${txid.toLowerCase()}`, z.unknown(), 'mempool transaction', {
    signal,
    maxBytes: MAX_TX_ANSWER_BYTES,
  });
  return parsePackageTx(raw, txid);
}
