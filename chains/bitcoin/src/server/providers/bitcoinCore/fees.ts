/** Fee tiers from `estimatesmartfee` for 2, 6 and 12 blocks (coins/kvB → sat/vB). */
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { FeeTiers } from '@secux-companion/server-kit/types';
import type { CoreContext } from './context.js';
import { batch, checkChain } from './rpc.js';
import { SmartFee } from './schemas.js';

export async function estimateFees(ctx: CoreContext, signal: AbortSignal): Promise<FeeTiers<number>> {
  await checkChain(ctx, signal);
  const got = await batch(
    ctx,
    [2, 6, 12].map((b) => ({ method: 'estimatesmartfee', params: [b] })),
    signal,
  );
  const rates = got.map((g) => {
    if (g instanceof ProviderError) throw g;
    const f = validate(SmartFee, g, 'estimatesmartfee');
    if (f.feerate === undefined || f.feerate <= 0)
      throw new ProviderError('unsupported', `no fee estimate: ${f.errors?.join('; ') ?? 'unknown'}`);
    return Math.round(f.feerate * 1e8) / 1000; // coins/kvB → sat/vB
  });
  return { high: rates[0]!, medium: rates[1]!, low: rates[2]! };
}
