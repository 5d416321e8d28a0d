/** Fee tiers: /api/v2/estimatefee for 2, 6 and 12 blocks (coins per kB → sat/vB). */
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { FeeTiers } from '@secux-companion/server-kit/types';
import { call, checkChain, type BlockbookContext } from './context.js';
import { BbResult } from './schemas.js';

export async function estimateFees(ctx: BlockbookContext, signal: AbortSignal): Promise<FeeTiers<number>> {
  await checkChain(ctx, signal);
  const one = async (blocks: number) => {
    const r = validate(
      BbResult,
      await call(ctx, `/api/v2/estimatefee/${blocks}`, signal),
      'Blockbook estimatefee',
    );
    const perKb = Number(r.result);
    if (!Number.isFinite(perKb) || perKb <= 0)
      throw new ProviderError('unsupported', 'no fee estimate available');
    // coins per kB → sat/vB (rounded to 3 decimals)
    return Math.round(perKb * 1e8) / 1000;
  };
  const [high, medium, low] = await Promise.all([one(2), one(6), one(12)]);
  return { high: high!, medium: medium!, low: low! };
}
