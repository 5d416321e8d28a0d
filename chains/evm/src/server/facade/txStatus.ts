/** The EVM facade's transaction status: receipt, depth and the node's `finalized` block. */
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import { ProviderError, having, validate } from '@secux-companion/server-kit/failover';
import {
  confirmationsOf,
  plausibleHeight,
  txStatusFailover,
  type TxRead,
} from '@secux-companion/server-kit/txStatus';
import type { TxStatus } from '@secux-companion/server-kit/types';
import type { EvmContext } from './context.js';

/** Blocks deep an EVM transaction counts as final on a node that has no `finalized` block tag. */
export const EVM_FALLBACK_DEPTH = 12;
const HexQty = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/);
const Receipt = z.object({ blockNumber: HexQty, status: HexQty }).passthrough();

/**
 * An EVM transaction is final when its receipt's block is at or below the node's `finalized` block (the beacon
 * chain's finality; BSC's fast finality), or — on a node without that tag — {@link EVM_FALLBACK_DEPTH} blocks deep.
 * Then a receipt with status 1 is confirmed and status 0 failed (reverted, out of gas). No receipt but a
 * transaction the node knows is pending (in its pool); neither is unknown.
 */
export async function txStatus(c: EvmContext, id: string): Promise<TxStatus> {
  const hash = parseInput(
    z.object({
      hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, { message: 'must be a transaction hash (0x + 64 hex)' }),
    }),
    { hash: id },
    'params',
  ).hash.toLowerCase();
  const nodes = having(await c.cfg.pool.ordered(), 'rpc');
  return txStatusFailover(c.cfg, hash, nodes, async (p, s): Promise<TxRead> => {
    const receipt = validate(
      Receipt.nullable(),
      await p.rpc('eth_getTransactionReceipt', [hash], s),
      'receipt',
    );
    if (!receipt) {
      const tx = await p.rpc('eth_getTransactionByHash', [hash], s);
      return tx ? { state: 'pending', confirmations: 0, blockHeight: null } : { state: 'unknown' };
    }
    const height = plausibleHeight(Number(BigInt(receipt.blockNumber)), 'blockNumber');
    const latest = Number(BigInt(validate(HexQty, await p.rpc('eth_blockNumber', [], s), 'eth_blockNumber')));
    const confirmations = confirmationsOf(height, latest);
    let finalized: number | null = null;
    try {
      const b = validate(
        z.object({ number: HexQty }).nullable(),
        await p.rpc('eth_getBlockByNumber', ['finalized', false], s),
        'finalized block',
      );
      finalized = b ? Number(BigInt(b.number)) : null;
    } catch (e) {
      // A node without the tag answers invalid params / unknown block: count the depth instead.
      const noTag =
        e instanceof ProviderError &&
        (e.kind === 'badRequest' ||
          e.kind === 'unsupported' ||
          /finali[sz]ed|unknown block|invalid block/i.test(e.message));
      if (!noTag) throw e;
    }
    const final = finalized !== null ? height <= finalized : confirmations >= EVM_FALLBACK_DEPTH;
    if (!final) return { state: 'pending', confirmations, blockHeight: height };
    const ok = BigInt(receipt.status) === 1n;
    return {
      state: ok ? 'confirmed' : 'failed',
      confirmations,
      blockHeight: height,
      ...(ok ? {} : { reason: 'reverted (receipt status 0)' }),
    };
  });
}
