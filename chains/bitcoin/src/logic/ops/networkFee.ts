/** The network's relay minimum (a node's getmempoolinfo, else the mempool service's) and every build's check. */
import { CoreError } from '@secux-companion/core';
import type { BitcoinContext } from './context';

/** How long the network's relay minimum is reused (builds of one send, the send-all preview). */
const MIN_FEE_TTL_MS = 60_000;

/** The network's relay minimum (sat/vB), asked at most once a minute; null when it cannot be read. */
export function networkMinFeeRate(ctx: BitcoinContext): Promise<number | null> {
  const { backend } = ctx;
  if (!backend.getNetworkMinFeeRate) return Promise.resolve(null);
  if (ctx.minFee && Date.now() - ctx.minFee.at < MIN_FEE_TTL_MS) return ctx.minFee.value;
  const value = backend.getNetworkMinFeeRate().catch((e: unknown) => {
    // Any failure of the check itself falls back to the fee provider's own rates (the draft's rate came from them).
    console.warn('network fee check unavailable', e);
    ctx.minFee = null;
    return null;
  });
  ctx.minFee = { at: Date.now(), value };
  return value;
}

/**
 * Spec 02 §5 network-fee check: a rate below the network's relay minimum (node RPC or mempool service) is refused
 * with the min-relay-fee error, which reaches the caller as it is; other failures of the check do not stop the send.
 */
export async function checkNetworkFee(ctx: BitcoinContext, rate: number): Promise<void> {
  const minimum = await networkMinFeeRate(ctx);
  if (minimum !== null && rate < minimum) throw new CoreError('minRelayFeeNotMet', { minimum });
}
