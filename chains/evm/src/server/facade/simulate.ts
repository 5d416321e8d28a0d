/** The balance changes of a transaction before signing: eth_simulateV1 on the chain's nodes (../simulate.ts). */
import { ChainApiError } from '@secux-companion/server-kit/failover';
import type { EvmSimAnswer, EvmSimRequest } from '../simulate.js';
import type { EvmContext } from './context.js';

/**
 * Asks the nodes in turn; a node without eth_simulateV1 is skipped for the next, and when none has it the answer is
 * `available: false` (the review says there is no simulation). A refusal or revert is the chain's answer.
 */
export async function simulate(
  c: EvmContext,
  tx: EvmSimRequest,
): Promise<EvmSimAnswer & { provider?: string }> {
  try {
    const r = await c.run('simulate', 'simulation', (p, s) => p.simulate(tx, s));
    return { ...r.value, provider: r.provider };
  } catch (e) {
    const attempts = e instanceof ChainApiError && Array.isArray(e.extra.attempts) ? e.extra.attempts : null;
    if (e instanceof ChainApiError && e.code === 'no_provider') return { available: false };
    if (attempts?.length && attempts.every((a: { kind?: string }) => a.kind === 'unsupported'))
      return { available: false };
    throw e;
  }
}
