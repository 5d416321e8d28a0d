/**
 * mempool.space fee API (Bitcoin): GET {base}/v1/fees/recommended → fastestFee / halfHourFee / hourFee (sat/vB,
 * JSON numbers) as high / medium / low. When every fee source fails the facade uses the spec's fallback 200/120/60.
 * Shapes: shared/reference/apis/mempool-space.md (503 plain text when out of sync, 429 when rate limited).
 */
import { z } from 'zod';
import type { FeeProvider } from '../backend.js';
import { ProviderError, getJson, type FetchFn } from '../../../failover.js';

const Recommended = z.object({
  fastestFee: z.number().positive(),
  halfHourFee: z.number().positive(),
  hourFee: z.number().positive(),
  economyFee: z.number().optional(),
  minimumFee: z.number().optional(),
});

export interface MempoolOptions {
  name: string;
  /** API base, e.g. https://mempool.space/api (or /testnet/api). */
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
}

export function createMempool(o: MempoolOptions): FeeProvider {
  const base = o.url.replace(/\/+$/, '');
  return {
    name: o.name,
    kind: 'mempool',
    timeoutMs: o.timeoutMs,
    async recommendedFees(signal) {
      const r = await getJson(o.fetch, `${base}/v1/fees/recommended`, Recommended, 'mempool fees', {
        signal,
      });
      if (r.fastestFee > 1_000_000) throw new ProviderError('malformed', 'implausible fee rate');
      return { high: r.fastestFee, medium: r.halfHourFee, low: r.hourFee };
    },
  };
}
