/** The bitcoin facade's broadcast: a node that already has the very transaction counts as a sent one. */
import type { BroadcastResult } from '@secux-companion/server-kit/facade';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import type { UtxoContext } from './context.js';
import { txidOf } from './txid.js';

/**
 * A node's refusal that says it already has this very transaction (Bitcoin Core, Litecoin Core, through Blockbook's
 * sendtx too): in the mempool, or mined.
 */
const ALREADY_HAVE =
  /txn-already-in-mempool|txn-already-known|transaction already in block chain|outputs already in utxo set/i;

export async function broadcast(c: UtxoContext, hex: string): Promise<BroadcastResult> {
  try {
    const r = await c.run('broadcast', 'broadcast', (p, s) => p.broadcast(hex, s), undefined, 'submit');
    return { hash: r.value, provider: r.provider };
  } catch (e) {
    // The node already has this very transaction (a resend of the same bytes after a timeout): in its mempool
    // (txn-already-in-mempool, txn-already-known) or mined (-27 'already in block chain', 'outputs already in utxo
    // set'). These refusals are about the transaction's own txid, so the send succeeded.
    if (e instanceof ChainApiError && e.code === 'rejected' && ALREADY_HAVE.test(e.message)) {
      const txid = txidOf(hex);
      if (txid) return { hash: txid, provider: String(e.extra.provider ?? '') };
    }
    throw e;
  }
}
