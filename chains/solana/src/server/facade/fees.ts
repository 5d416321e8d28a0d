/** The Solana facade's fee reads: rent, priority fees of given accounts, the fee tiers. */
import { priorityPrice } from '@secux-companion/chain-solana';
import type { FeeInfo } from '@secux-companion/server-kit/types';
import { lamports, priorityPrices } from '../bounds.js';
import type { SolanaContext } from './context.js';

export async function rent(ctx: SolanaContext, size: number) {
  const r = await ctx.run(
    'rent',
    (p, s) => p.getMinimumBalanceForRentExemption(size, s),
    (v) => lamports(v, 'rent'),
  );
  return { lamports: String(r.value), provider: r.provider };
}

export async function priorityFees(ctx: SolanaContext, accounts: readonly string[]) {
  const r = await ctx.run(
    'priority fees',
    (p, s) => p.getRecentPrioritizationFees(accounts, s),
    priorityPrices,
  );
  return { fees: r.value, provider: r.provider };
}

export async function fees(ctx: SolanaContext): Promise<FeeInfo> {
  let samples: number[] | null = null;
  let provider: string | undefined;
  try {
    const r = await ctx.run('fees', (p, s) => p.getRecentPrioritizationFees([], s), priorityPrices);
    samples = r.value;
    provider = r.provider;
  } catch {
    samples = null;
  }
  const paid = (samples ?? []).filter((v) => v > 0).sort((a, b) => a - b);
  const at = (q: number) =>
    paid.length ? paid[Math.min(paid.length - 1, Math.floor(q * paid.length))]! : priorityPrice(null);
  return {
    chain: ctx.chain,
    unit: 'micro-lamports/CU',
    tiers: { high: at(0.75), medium: priorityPrice(samples), low: at(0.25) },
    source: samples ? 'network' : 'fallback',
    ...(provider ? { provider } : {}),
  };
}
