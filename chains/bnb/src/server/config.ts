/**
 * Where the BNB Beacon Chain's archive comes from, from the server's own configuration (never from a client). The
 * chain halted on 2024-12-03, so there is NO default: without CHAIN_BNB_ARCHIVE the chain is served in its retired
 * state (GET /chains/BNB says `archive: false`; accounts and histories answer 410 chainRetired). CHAIN_BNB_ARCHIVE is
 * a comma-separated list of archive base URLs speaking the chain's HTTP API (`/api/v1/account/{address}`,
 * `/api/v1/transactions`), tried in order with failover; CHAIN_BNB_TIMEOUT_MS replaces the call classes' timeouts and
 * CHAIN_BNB_RATE sets their client-side rate.
 */
import { z } from 'zod';
import {
  chainRate,
  chainTimeout,
  declareRates,
  none,
  perChainRaw,
  urlList,
} from '@secux-companion/server-kit/env';
import type { FamilyContext, ServedChain } from '@secux-companion/server-kit/facade';
import { BnbFacade } from './facade.js';
import { withBreaker } from '@secux-companion/server-kit/failover';
import { createBnbArchive } from './providers/archive.js';

export const BNB_SYMBOLS = ['BNB'] as const;

export const BnbGlobalEnv = z.object({});
export const BnbPerChainEnv = z.object({
  ARCHIVE: urlList.optional(),
  TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
});

export function bnbChains(ctx: FamilyContext): ServedChain<BnbFacade>[] {
  const pc = BnbPerChainEnv.parse(perChainRaw(ctx.env, 'BNB', Object.keys(BnbPerChainEnv.shape)));
  const urls = none(pc.ARCHIVE) ? [] : (pc.ARCHIVE ?? []);
  const timeoutMs = pc.TIMEOUT_MS ?? ctx.timeoutMs;
  const providers = urls.map((url, i) =>
    withBreaker(
      createBnbArchive({ name: `archive#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
      ctx.policy.breaker,
      pc.TIMEOUT_MS,
    ),
  );
  declareRates(ctx.policy, urls, 'bnbArchive', pc.RATE);
  const facade = new BnbFacade({
    chain: 'BNB',
    providers,
    policy: ctx.policy,
    ...(ctx.log ? { log: ctx.log } : {}),
  });
  return [
    {
      facade,
      summary: {
        chain: 'BNB',
        providers: providers.map((p) => p.name),
        source: 'config',
        retired: true,
        archive: providers.length > 0,
      },
    },
  ];
}
