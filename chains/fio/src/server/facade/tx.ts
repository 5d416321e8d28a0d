/** The FIO facade's transactions: the transfer fee, the broadcast (push_transaction) and the status. */
import { createHash } from 'node:crypto';
import { parseHexHash } from '@secux-companion/server-kit/params';
import type { BroadcastResult } from '@secux-companion/server-kit/facade';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import type { FeeInfo, TxStatus } from '@secux-companion/server-kit/types';
import { confirmationsOf, txStatusFailover, type TxRead } from '@secux-companion/server-kit/txStatus';
import { fioBounds } from '../bounds.js';
import type { FioContext } from './context.js';

export async function fees(ctx: FioContext): Promise<FeeInfo> {
  const r = await ctx.run('fees', (p, s) => p.fee('transfer_tokens_pub_key', '', s), fioBounds.fee);
  const fee = r.value.toString();
  return {
    chain: ctx.chain,
    unit: 'SUF',
    tiers: { high: fee, medium: fee, low: fee },
    source: 'network',
    provider: r.provider,
  };
}

export async function broadcast(ctx: FioContext, rawTx: string): Promise<BroadcastResult> {
  const body = JSON.parse(rawTx) as Record<string, unknown>;
  const r = await ctx.run('broadcast', (p, s) => p.push(body, s), undefined, 'submit');
  if (r.value.ok) return { hash: r.value.transactionId, provider: r.provider };
  // nodeos already has this very transaction (tx_duplicate 3040008: a resend of the same bytes after a timeout):
  // the send succeeded; its id is the SHA-256 of the packed transaction.
  if (r.value.code === 'tx_duplicate')
    return {
      hash: createHash('sha256')
        .update(Buffer.from(String(body.packed_trx), 'hex'))
        .digest('hex'),
      provider: r.provider,
    };
  throw new ChainApiError(422, 'rejected', r.value.message, { chain: ctx.chain, fioCode: r.value.code });
}

/**
 * FIO's finality is nodeos's last irreversible block: an executed transaction (history get_transaction: its
 * block) is confirmed once get_info's last_irreversible_block_num reaches its block, pending before. nodeos never
 * puts a failed transaction in a block (a refusal is the push's answer), so a known one never fails.
 */
export async function txStatus(ctx: FioContext, id: string): Promise<TxStatus> {
  const txid = parseHexHash(id, 'a transaction id').toLowerCase();
  // get_transaction is the history API: asked of the history nodes (an API node need not run the plugin).
  const nodes = ctx.cfg.history ?? ctx.cfg.providers;
  return txStatusFailover(ctx.cfg, txid, nodes, async (p, s): Promise<TxRead> => {
    const t = await p.transaction(txid, s);
    if (!t.found) return { state: 'unknown' };
    const info = await p.info(s);
    const confirmations = confirmationsOf(t.blockNum, Math.max(info.headBlockNum, t.blockNum));
    return {
      state: info.lastIrreversibleBlockNum >= t.blockNum ? 'confirmed' : 'pending',
      confirmations,
      blockHeight: t.blockNum,
    };
  });
}
