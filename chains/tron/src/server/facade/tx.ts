/** The TRON facade's transactions: their info, their status (the solidity node's finality), the broadcast. */
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import { parseHexHash } from '@secux-companion/server-kit/params';
import type { BroadcastResult } from '@secux-companion/server-kit/facade';
import { ChainApiError, ProviderError } from '@secux-companion/server-kit/failover';
import {
  confirmationsOf,
  nearTip,
  plausibleHeight,
  txStatusFailover,
  type TxRead,
} from '@secux-companion/server-kit/txStatus';
import type { TxStatus } from '@secux-companion/server-kit/types';
import type { TronContext } from './context.js';

/**
 * gettransactioninfobyid: whether a broadcast transaction is in a block yet, what it burned and its receipt's result
 * (SUCCESS, REVERT, OUT_OF_ENERGY …; `result: 'FAILED'` at the top level for a failed call).
 */
export async function tx(ctx: TronContext, id: string) {
  const txid = parseInput(
    z.object({ id: z.string().regex(/^[0-9a-fA-F]{64}$/, { message: 'must be a txID' }) }),
    { id },
    'params',
  ).id;
  const r = await ctx.node('tx', (p, s) => p.getTransactionInfo(txid.toLowerCase(), s));
  const info = r.value;
  const receipt =
    typeof info.receipt === 'object' && info.receipt !== null
      ? (info.receipt as Record<string, unknown>)
      : {};
  const n = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0);
  const found = typeof info.id === 'string';
  const answer = {
    chain: ctx.chain,
    hash: txid.toLowerCase(),
    found,
    blockNumber: found ? n(info.blockNumber) : null,
    fee: String(n(info.fee)),
    energyUsed: String(n(receipt.energy_usage)),
    energyFee: String(n(receipt.energy_fee)),
    netFee: String(n(receipt.net_fee)),
    result: typeof receipt.result === 'string' ? receipt.result.slice(0, 40) : found ? 'SUCCESS' : null,
    failed: info.result === 'FAILED',
    provider: r.provider,
  };
  return answer;
}

/**
 * TRON's finality is the solidity node's: a transaction in a solidified block (`walletsolidity/
 * gettransactioninfobyid`) is final — failed when the call failed (`result: FAILED`, the receipt's REVERT,
 * OUT_OF_ENERGY …), confirmed otherwise. In a block not yet solidified (the full node's info) it is pending.
 */
export async function txStatus(ctx: TronContext, id: string): Promise<TxStatus> {
  const hash = parseHexHash(id, 'a txID').toLowerCase();
  return txStatusFailover(ctx.cfg, hash, ctx.cfg.nodes, async (p, s): Promise<TxRead> => {
    // A java-tron FullNode serves /walletsolidity on its own port: a node without it hands over (unsupported).
    const solid = await p.getSolidTransactionInfo(hash, s).catch((e: unknown) => {
      throw e instanceof ProviderError && e.kind === 'notFound'
        ? new ProviderError('unsupported', 'no solidity API (walletsolidity) on this node')
        : e;
    });
    if (typeof solid.id === 'string') {
      const height = plausibleHeight(solid.blockNumber, 'blockNumber');
      const tip = (await p.getNowBlock(s)).blockNumber;
      const receipt =
        typeof solid.receipt === 'object' && solid.receipt !== null
          ? (solid.receipt as Record<string, unknown>)
          : {};
      const code = typeof receipt.result === 'string' ? receipt.result.slice(0, 40) : undefined;
      const failed = solid.result === 'FAILED' || (code !== undefined && code !== 'SUCCESS');
      return {
        state: failed ? 'failed' : 'confirmed',
        confirmations: confirmationsOf(height, nearTip(height, tip)),
        blockHeight: height,
        ...(failed ? { reason: code ?? 'FAILED' } : {}),
      };
    }
    const info = await p.getTransactionInfo(hash, s);
    if (typeof info.id !== 'string') return { state: 'unknown' };
    const height = plausibleHeight(info.blockNumber, 'blockNumber');
    const tip = (await p.getNowBlock(s)).blockNumber;
    return {
      state: 'pending',
      confirmations: confirmationsOf(height, nearTip(height, tip)),
      blockHeight: height,
    };
  });
}

/** broadcasthex: the id when the node says result true, otherwise its code and message. */
export async function broadcast(ctx: TronContext, rawTx: string): Promise<BroadcastResult> {
  const r = await ctx.node('broadcast', (p, s) => p.broadcastHex(rawTx, s), undefined, 'submit');
  const b = r.value;
  if (b.result && /^[0-9a-f]{64}$/.test(b.txid)) return { hash: b.txid, provider: r.provider };
  // The node already has this very transaction (a resend of the same bytes after a timeout): the send succeeded.
  if (b.code === 'DUP_TRANSACTION_ERROR' && /^[0-9a-f]{64}$/.test(b.txid))
    return { hash: b.txid, provider: r.provider };
  throw new ChainApiError(422, 'rejected', b.message || b.code, { chain: ctx.chain, nodeCode: b.code });
}
