/**
 * mempool.space fee API (Bitcoin): GET {base}/v1/fees/recommended → fastestFee / halfHourFee / hourFee (sat/vB,
 * JSON numbers) as high / medium / low. When every fee source fails the facade uses the spec's fallback 200/120/60.
 * Shapes: shared/reference/apis/mempool-space.md (503 plain text when out of sync, 429 when rate limited).
 *
 * The same service's minimumFee (the lowest rate its node relays now, sat/vB) is the network minimum when no node RPC
 * is configured, and GET {base}/tx/{txid} serves the child-pays-for-parent walk (./mempoolTx.ts, ../ancestors.ts).
 *
 * Chain check: GET {base}/block-height/0 (the genesis block's hash, plain text) must be the configured network's
 * genesis; checked on the first call, again every 10 minutes and after any failure of this provider.
 */
import { z } from 'zod';
import type { FeeProvider } from '../backend.js';
import { ProviderError, getJson, httpRequest, type FetchFn } from '@secux-companion/server-kit/failover';
import type { UtxoNetwork } from '../xpub.js';
import { getPackageTx } from './mempoolTx.js';

const Recommended = z.object({
  fastestFee: z.number(),
  halfHourFee: z.number(),
  hourFee: z.number(),
  economyFee: z.number().optional(),
  minimumFee: z.number().optional(),
});

/** Bitcoin genesis block hashes per network (mainnet; testnet3, testnet4, signet; regtest). */
const GENESIS: Record<UtxoNetwork, readonly string[]> = {
  main: ['000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f'],
  test: [
    '000000000933ea01ad0ee984209779baaec3ced90fa3f408719526f8d77f4943',
    '00000000da84f2bafbbc53dee25a72ae507ff4914b867c565be350b0da8bf043',
    '00000008819873e925422c1ff0f99f7cc9bbb232af63a077a480a3633bee1ef6',
  ],
  regtest: ['0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'],
};

export interface MempoolOptions {
  name: string;
  /** API base, e.g. https://mempool.space/api (or /testnet/api). */
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** Expected network (genesis check); default main. */
  network?: UtxoNetwork;
}

export function createMempool(o: MempoolOptions): FeeProvider {
  const base = o.url.replace(/\/+$/, '');
  const want = GENESIS[o.network ?? 'main'];
  let checkedUntil = 0;

  async function checkChain(signal: AbortSignal) {
    if (Date.now() < checkedUntil) return;
    const a = await httpRequest(o.fetch, `${base}/block-height/0`, { signal });
    const hash = a.text.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(hash))
      throw new ProviderError('malformed', 'genesis hash is not a block hash');
    if (!want.includes(hash))
      throw new ProviderError('wrongChain', `mempool serves another chain (genesis ${hash.slice(0, 16)}…)`);
    checkedUntil = Date.now() + 10 * 60_000;
  }

  return {
    name: o.name,
    kind: 'mempool',
    timeoutMs: o.timeoutMs,
    onFailure: () => void (checkedUntil = 0),
    async recommendedFees(signal) {
      await checkChain(signal);
      // Bounds (positive, below the family's maximum rate) are checked by the facade (bounds.ts).
      const r = await getJson(o.fetch, `${base}/v1/fees/recommended`, Recommended, 'mempool fees', {
        signal,
      });
      return { high: r.fastestFee, medium: r.halfHourFee, low: r.hourFee };
    },
    async minRelayFee(signal) {
      await checkChain(signal);
      const r = await getJson(o.fetch, `${base}/v1/fees/recommended`, Recommended, 'mempool fees', {
        signal,
      });
      if (r.minimumFee === undefined) throw new ProviderError('malformed', 'mempool fees: no minimumFee');
      return r.minimumFee;
    },
    async getPackageTx(txid, signal) {
      await checkChain(signal);
      return getPackageTx(o.fetch, base, txid, signal);
    },
  };
}
