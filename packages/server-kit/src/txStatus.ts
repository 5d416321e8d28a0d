/**
 * `GET /chains/:chain/tx-status/:hash` (CHAINS.md): what the chain has decided about a broadcast transaction, read
 * from each chain's own finality signal by the family's facade. This module holds what every family shares: the read
 * a provider gives (one of the four states), the failover where a provider that does not know the hash hands the
 * question to the next one (a node that has not seen the transaction yet is healthy: its breaker is not charged), and
 * the plausibility check of heights and confirmations (an impossible one is a malformed answer: next provider).
 */
import { ChainApiError, ProviderError, failover, type FailoverHost, type Provider } from './failover.js';
import type { TxStatus } from './types.js';

/** What one provider says about a transaction. */
export type TxRead =
  | { state: 'unknown' }
  | {
      state: 'pending' | 'confirmed' | 'failed';
      /** Blocks on top of the transaction's, its own included; null when the chain gives none. */
      confirmations: number | null;
      /** Its block (ledger, slot); null while in none. */
      blockHeight: number | null;
      reason?: string;
    };

const MAX_HEIGHT = Number.MAX_SAFE_INTEGER;

class UnknownHere extends ProviderError {
  constructor() {
    super('unsupported', 'the provider does not know this transaction');
  }
}

/** A height or count a provider gave: a non-negative safe integer, else the answer is malformed. */
export function plausibleHeight(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > MAX_HEIGHT)
    throw new ProviderError('malformed', `${what}: not a plausible height`);
  return v;
}

/**
 * Confirmations of a transaction in block `height` when the chain's tip is `tip` (the transaction's own block counts:
 * 1 when it is the tip). A transaction above the tip is a lie or a provider out of step: malformed.
 */
export function confirmationsOf(height: number, tip: number): number {
  plausibleHeight(height, 'block height');
  plausibleHeight(tip, 'chain tip');
  if (height > tip) throw new ProviderError('malformed', `block ${height} is above the chain's tip ${tip}`);
  return tip - height + 1;
}

/**
 * The tip to count confirmations from when the transaction and the tip come from two reads: a provider behind a
 * balancer (TronGrid, a Horizon cluster) may answer the tip from a node a block or ledger behind the one that had the
 * transaction. Up to {@link TIP_SKEW} ahead is taken as the tip; further ahead is a lie (confirmationsOf refuses it).
 */
export const TIP_SKEW = 3;
export const nearTip = (height: number, tip: number): number =>
  height > tip && height - tip <= TIP_SKEW ? height : tip;

function check(r: TxRead): void {
  if (r.state === 'unknown') return;
  if (r.blockHeight !== null) plausibleHeight(r.blockHeight, 'block height');
  if (r.confirmations !== null) plausibleHeight(r.confirmations, 'confirmations');
  if ((r.state === 'confirmed' || r.state === 'failed') && r.confirmations === 0)
    throw new ProviderError('malformed', 'a final transaction with no confirmation');
}

/**
 * Asks the providers in order until one knows the transaction. A provider that does not know it (`unknown`) is not a
 * failure: the next one is asked, and when none knows it the answer is `unknown` from the first that said so. Only
 * when no provider answered at all does the call fail (502/503/429 as every failover).
 */
export async function txStatusFailover<P extends Provider>(
  host: FailoverHost,
  hash: string,
  providers: readonly P[],
  read: (p: P, signal: AbortSignal) => Promise<TxRead>,
): Promise<TxStatus> {
  let unknownFrom: string | undefined;
  try {
    const r = await failover(
      host.chain,
      'transaction status',
      providers,
      async (p, signal) => {
        const v = await read(p, signal);
        if (v.state === 'unknown') {
          unknownFrom ??= p.name;
          throw new UnknownHere();
        }
        return v;
      },
      { ...(host.policy ? { policy: host.policy } : {}), check },
    );
    return toStatus(hash, r.value, r.provider);
  } catch (e) {
    if (unknownFrom && e instanceof ChainApiError && e.statusCode >= 500)
      return toStatus(hash, { state: 'unknown' }, unknownFrom);
    throw e;
  }
}

export function toStatus(hash: string, r: TxRead, provider: string): TxStatus {
  if (r.state === 'unknown')
    return { hash, state: 'unknown', final: false, confirmations: null, blockHeight: null, provider };
  return {
    hash,
    state: r.state,
    final: r.state !== 'pending',
    confirmations: r.confirmations,
    blockHeight: r.blockHeight,
    ...(r.reason ? { reason: r.reason.slice(0, 200) } : {}),
    provider,
  };
}
