/**
 * The bitcoin facade's fee tiers: the preset tiers, or the fee providers' and nodes' estimates with the spec's
 * fallback tiers (200-120-60) when every source failed, flagged `source: 'fallback'`.
 */
import {
  ChainApiError,
  breakerOf,
  failover,
  having,
  type Provider,
} from '@secux-companion/server-kit/failover';
import type { FeeInfo, FeeTiers } from '@secux-companion/server-kit/types';
import type { UtxoContext } from './context.js';

type TierSource = Provider & { tiers(s: AbortSignal): Promise<FeeTiers<number>> };

/** The fee providers then the nodes; the wrappers keep each provider's breaker and failure hook. */
function tierSources(c: UtxoContext): TierSource[] {
  return [
    ...c.cfg.feeProviders.map((p) => ({
      name: p.name,
      timeoutMs: p.timeoutMs,
      breaker: breakerOf(p),
      onFailure: () => p.onFailure?.(),
      tiers: (s: AbortSignal) => p.recommendedFees(s),
    })),
    ...having(c.cfg.providers, 'estimateFees').map((p) => ({
      name: p.name,
      timeoutMs: p.timeoutMs,
      breaker: breakerOf(p),
      onFailure: () => p.onFailure?.(),
      tiers: (s: AbortSignal) => p.estimateFees(s),
    })),
  ];
}

export async function fees(c: UtxoContext): Promise<FeeInfo> {
  const base = { chain: c.cfg.chain, unit: 'sat/vB' as const };
  if (c.cfg.feeSource === 'preset') return { ...base, tiers: c.cfg.feeTiers, source: 'preset' };
  // Fee lookups have their own short budget: the spec's tiers are served within seconds when the sources fail.
  // Sources that are all cooling down are not waited for: the spec's tiers are served at once.
  const policy = {
    ...c.cfg.policy,
    budgetMs: c.cfg.policy?.feesBudgetMs ?? 5_000,
    lastResort: false,
  };
  try {
    const r = await failover(
      c.cfg.chain,
      'fees',
      tierSources(c),
      (p, s) => p.tiers(s),
      c.opts(c.bounds.fees, policy),
    );
    return { ...base, tiers: r.value, source: 'network', provider: r.provider };
  } catch (e) {
    if (!(e instanceof ChainApiError)) throw e;
    // Spec 02 §7: when the fee service fails, high 200, medium 120, low 60.
    return { ...base, tiers: c.cfg.feeTiers, source: 'fallback' };
  }
}
