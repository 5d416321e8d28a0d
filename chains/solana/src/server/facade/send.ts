/** What the send needs: simulation, a blockhash and its validity, the broadcast. */
import { base58 } from '@scure/base';
import type { BroadcastResult } from '@secux-companion/server-kit/facade';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import { height } from '../bounds.js';
import type { SolanaContext } from './context.js';

/** The first signature of a wire transaction (base64): its id. Undefined when the bytes carry none. */
function firstSignature(base64: string): string | undefined {
  const bytes = Buffer.from(base64, 'base64');
  // compact-u16 signature count (one byte below 128), then the 64-byte signatures.
  const count = bytes[0] ?? 0;
  if (count < 1 || count > 127 || bytes.length < 65) return undefined;
  return base58.encode(bytes.subarray(1, 65));
}

export async function simulate(ctx: SolanaContext, tx: string) {
  const r = await ctx.run(
    'simulate',
    (p, s) => p.simulateTransaction(tx, s),
    (v) => {
      if (v.unitsConsumed !== null) height(v.unitsConsumed, 'units consumed');
    },
  );
  const err = r.value.err;
  return {
    unitsConsumed: r.value.unitsConsumed,
    err:
      err === null || err === undefined
        ? null
        : typeof err === 'string'
          ? err
          : JSON.stringify(err).slice(0, 300),
    provider: r.provider,
  };
}

export async function blockhash(ctx: SolanaContext) {
  // One node answers both, so the height and the blockhash's last valid height come from the same view.
  const r = await ctx.run(
    'blockhash',
    async (p, s) => {
      const [b, h] = await Promise.all([p.getLatestBlockhash(s), p.getBlockHeight(s)]);
      return { ...b, blockHeight: h };
    },
    (v) => {
      height(v.lastValidBlockHeight, 'last valid block height');
      height(v.blockHeight, 'block height');
    },
  );
  return { ...r.value, provider: r.provider };
}

export async function blockhashStatus(ctx: SolanaContext, id: string) {
  const blockhash = ctx.address(id, 'blockhash');
  const r = await ctx.run(
    'blockhash',
    async (p, s) => {
      const [valid, h] = await Promise.all([p.isBlockhashValid(blockhash, s), p.getBlockHeight(s)]);
      return { valid, blockHeight: h };
    },
    (v) => height(v.blockHeight, 'block height'),
  );
  return { ...r.value, provider: r.provider };
}

export async function broadcast(ctx: SolanaContext, rawTx: string): Promise<BroadcastResult> {
  try {
    const r = await ctx.run('broadcast', (p, s) => p.sendTransaction(rawTx, s), undefined, { cls: 'submit' });
    return { hash: r.value, provider: r.provider };
  } catch (e) {
    // The node already processed this very transaction (a resend of the same bytes after a timeout): its id is its
    // first signature, and the send succeeded.
    const already =
      e instanceof ChainApiError &&
      e.code === 'rejected' &&
      (e.extra.upstreamCode === 'AlreadyProcessed' || /already been processed/i.test(e.message));
    const signature = already ? firstSignature(rawTx) : undefined;
    if (signature)
      return { hash: signature, provider: String(e instanceof ChainApiError ? e.extra.provider : '') };
    throw e;
  }
}
