/** The Solana facade's transaction status: the signature's commitment (finalized: confirmed or failed). */
import { base58 } from '@scure/base';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import { plausibleHeight, txStatusFailover, type TxRead } from '@secux-companion/server-kit/txStatus';
import type { TxStatus } from '@secux-companion/server-kit/types';
import type { SolanaContext } from './context.js';

/** Bytes of a base58 text (-1 when it is not base58). */
function base58Length(s: string): number {
  try {
    return base58.decode(s).length;
  } catch {
    return -1;
  }
}

/**
 * Solana's finality is the signature's `finalized` commitment (getSignatureStatuses, searching the history): then
 * confirmed, or failed with the transaction's error; processed or confirmed only is pending (a fork can still drop
 * it); a signature no node knows is unknown (not landed yet, or dropped when its blockhash expired).
 */
export async function txStatus(ctx: SolanaContext, id: string): Promise<TxStatus> {
  const signature = parseInput(
    z.object({
      hash: z
        .string()
        .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, { message: 'must be a transaction signature (base58)' }),
    }),
    { hash: id },
    'params',
  ).hash;
  if (base58Length(signature) !== 64)
    throw new HttpError(400, 'invalid params: hash: must be a 64-byte signature');
  return txStatusFailover(ctx.cfg, signature, ctx.order(ctx.cfg.providers), async (p, s): Promise<TxRead> => {
    const v = await p.getSignatureStatus(signature, s);
    if (!v) return { state: 'unknown' };
    const slot = plausibleHeight(v.slot, 'slot');
    const confirmations =
      v.confirmations === null ? null : plausibleHeight(v.confirmations, 'confirmations') + 1;
    if (v.confirmationStatus !== 'finalized') return { state: 'pending', confirmations, blockHeight: slot };
    const failed = v.err !== null && v.err !== undefined;
    return {
      state: failed ? 'failed' : 'confirmed',
      confirmations,
      blockHeight: slot,
      ...(failed ? { reason: typeof v.err === 'string' ? v.err : JSON.stringify(v.err) } : {}),
    };
  });
}
