/**
 * A pending transaction's fee and vsize with its unconfirmed ancestors, what a CPFP child pays for
 * (GET /chains/:chain/tx/:txid/ancestors): a node's getmempoolentry when a node RPC is configured, else (or when
 * every node fails) the walk through the mempool service's transaction endpoint (spec 02 §7; ../ancestors.ts).
 */
import { z } from 'zod';
import { ChainApiError, failover, ProviderError } from '@secux-companion/server-kit/failover';
import { parseHexHash } from '@secux-companion/server-kit/params';
import { walkAncestors } from '../ancestors.js';
import type { PackageTx } from '../providers/mempoolTx.js';
import type { UtxoContext } from './context.js';

/** A pending transaction with its unconfirmed ancestors (GET /chains/:chain/tx/:txid/ancestors). */
export interface AncestorsAnswer {
  chain: string;
  txid: string;
  /** Satoshis, decimal string. */
  fee: string;
  vsize: number;
  count: number;
  source: 'node' | 'mempool';
  provider: string;
}

/** getmempoolentry: the transaction with its unconfirmed ancestors (fees.ancestor in coins; older nodes ancestorfees). */
const MempoolEntry = z.object({
  ancestorcount: z.number().int().min(1).max(10_000),
  ancestorsize: z.number().int().positive().max(10_000_000),
  ancestorfees: z.number().int().nonnegative().optional(),
  fees: z.object({ ancestor: z.number().nonnegative().max(21e6) }).optional(),
});

async function fromMempool(c: UtxoContext, txid: string): Promise<AncestorsAnswer> {
  const providers = new Set<string>();
  const a = await walkAncestors(c.cfg.chain, txid, async (t) => {
    const r = await failover(
      c.cfg.chain,
      'transaction',
      c.mempoolOf('getPackageTx'),
      (p, s) => p.getPackageTx(t, s),
      c.opts<PackageTx>((x) => {
        if (x.txid !== t) throw new ProviderError('malformed', 'another transaction');
        if (x.fee > c.cfg.maxSats) throw new ProviderError('malformed', 'fee above the supply');
      }),
    );
    providers.add(r.provider);
    return r.value;
  });
  return {
    chain: c.cfg.chain,
    txid,
    fee: a.fee.toString(),
    vsize: a.vsize,
    count: a.count,
    source: 'mempool',
    provider: [...providers].join(','),
  };
}

async function fromNode(c: UtxoContext, txid: string): Promise<AncestorsAnswer> {
  const r = await c.run('rpc', 'getmempoolentry', async (p, s) => {
    const e = MempoolEntry.safeParse(await p.rpc('getmempoolentry', [txid], s));
    if (!e.success) throw new ProviderError('malformed', 'getmempoolentry: not a mempool entry');
    const fee =
      e.data.fees !== undefined
        ? BigInt(Math.round(e.data.fees.ancestor * 1e8))
        : e.data.ancestorfees !== undefined
          ? BigInt(e.data.ancestorfees)
          : undefined;
    if (fee === undefined || fee > c.cfg.maxSats)
      throw new ProviderError('malformed', 'getmempoolentry: no ancestor fee');
    return { fee, vsize: e.data.ancestorsize, count: e.data.ancestorcount };
  });
  return {
    chain: c.cfg.chain,
    txid,
    fee: r.value.fee.toString(),
    vsize: r.value.vsize,
    count: r.value.count,
    source: 'node',
    provider: r.provider,
  };
}

export async function ancestors(c: UtxoContext, id: string): Promise<AncestorsAnswer> {
  const txid = parseHexHash(id, 'a txid').toLowerCase();
  if (!c.hasNode) return fromMempool(c, txid);
  try {
    return await fromNode(c, txid);
  } catch (e) {
    if (e instanceof ChainApiError && c.mempoolOf('getPackageTx').length) return fromMempool(c, txid);
    throw e;
  }
}
