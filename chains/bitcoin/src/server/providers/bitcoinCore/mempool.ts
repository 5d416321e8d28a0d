/**
 * Pending outputs paying an account: the mempool's transactions (`getrawmempool` + `getrawtransaction` of each new
 * one, cached by txid), or, above `mempoolMax`, the account's watch-only wallet (`listunspent`).
 */
import { z } from 'zod';
import { validate } from '@secux-companion/server-kit/failover';
import type { CoreContext, Resolved } from './context.js';
import { batch, rpc } from './rpc.js';
import { DecodedTx } from './schemas.js';
import { addrOf } from './txs.js';
import { ensureWallet } from './wallet.js';

/** Brings the mempool cache up to date; false when the mempool is larger than `mempoolMax` (cache not used). */
async function refreshMempool(ctx: CoreContext, signal: AbortSignal): Promise<boolean> {
  const { mempool } = ctx;
  const ids = validate(
    z.array(z.string()),
    await rpc(ctx, 'getrawmempool', [false], signal),
    'getrawmempool',
  );
  if (ids.length > ctx.mempoolMax) return false;
  const live = new Set(ids);
  for (const id of mempool.keys()) if (!live.has(id)) mempool.delete(id);
  const missing = ids.filter((id) => !mempool.has(id));
  for (let i = 0; i < missing.length; i += 200) {
    const part = missing.slice(i, i + 200);
    const got = await batch(
      ctx,
      part.map((t) => ({ method: 'getrawtransaction', params: [t, true] })),
      signal,
    );
    got.forEach((g, j) => {
      const p = DecodedTx.safeParse(g);
      if (!p.success) return; // left the mempool meanwhile
      mempool.set(
        part[j]!,
        p.data.vout.map((v) => {
          const address = addrOf(v.scriptPubKey);
          return { n: v.n, ...(address ? { address } : {}) };
        }),
      );
    });
  }
  return true;
}

/** Pending outputs paying the subject's addresses (spent or not; gettxout decides). */
export async function pendingOutputs(ctx: CoreContext, r: Resolved, signal: AbortSignal) {
  const full = await ctx.mempoolMutex.run(() => refreshMempool(ctx, signal));
  const out: { txid: string; vout: number; address: string }[] = [];
  if (full) {
    for (const [txid, vouts] of ctx.mempool)
      for (const v of vouts)
        if (v.address && r.info.has(v.address)) out.push({ txid, vout: v.n, address: v.address });
    return out;
  }
  // Mempool larger than BITCOIN_RPC_MEMPOOL_MAX: ask the account's watch-only wallet instead (it only knows the
  // pending transactions that reached the node after the account was imported).
  const wallet = await ensureWallet(ctx, r, signal);
  const pending = validate(
    z.array(z.object({ txid: z.string(), vout: z.number(), address: z.string().optional() })),
    await rpc(ctx, 'listunspent', [0, 0, [], true], signal, wallet),
    'listunspent',
  );
  for (const u of pending)
    if (u.address && r.info.has(u.address)) out.push({ txid: u.txid, vout: u.vout, address: u.address });
  return out;
}
