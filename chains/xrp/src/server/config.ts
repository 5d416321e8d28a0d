/**
 * Which rippled servers serve XRP, from the server's own configuration (never from a client):
 *
 * - mainnet profile: the public servers named in reference/apis/xrpl.md (xrplcluster.com, s1.ripple.com), in order,
 *   with failover; CHAIN_XRP_RIPPLED replaces them (comma-separated JSON-RPC URLs, `none` for no XRP);
 * - local profile: the localnet XRP Ledger simulator from DATA_DIR/localnet/endpoints.json (`xrpl.rpcUrl`) or
 *   LOCAL_XRPL_RPC_URL; no XRP when neither is there.
 * Each call has its class's timeout (CHAINS.md "Timeouts and budgets"; CHAIN_XRP_TIMEOUT_MS replaces them all) and
 * rippled's client-side rate (CHAIN_XRP_RATE).
 */
import { z } from 'zod';
import {
  chainRate,
  chainTimeout,
  clean,
  declareRates,
  httpUrl,
  none,
  perChainRaw,
  urlList,
} from '@secux-companion/server-kit/env';
import type { ChainSource, FamilyContext, ServedChain } from '@secux-companion/server-kit/facade';
import { XrpFacade } from './facade.js';
import { createRippled } from './providers/rippled.js';
import { withBreaker } from '@secux-companion/server-kit/failover';

export const XRP_SYMBOLS = ['XRP'] as const;
export const XRP_TIMEOUT_MS = 30_000;
export const MAINNET_RIPPLED = ['https://xrplcluster.com', 'https://s1.ripple.com:51234'] as const;

export const XrpGlobalEnv = z.object({
  LOCAL_XRPL_RPC_URL: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
});
export const XrpPerChainEnv = z.object({
  RIPPLED: urlList.optional(),
  TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
});

const LocalnetFile = z.object({ xrpl: z.object({ rpcUrl: z.string().refine(httpUrl) }) });

export function xrpChains(ctx: FamilyContext): ServedChain<XrpFacade>[] {
  const g = XrpGlobalEnv.parse(clean(ctx.env, Object.keys(XrpGlobalEnv.shape)));
  const pc = XrpPerChainEnv.parse(perChainRaw(ctx.env, 'XRP', Object.keys(XrpPerChainEnv.shape)));
  if (none(pc.RIPPLED)) return [];
  let source: ChainSource = 'config';
  let urls: readonly string[] | undefined = pc.RIPPLED;
  if (!urls && ctx.local) {
    const file = LocalnetFile.safeParse(ctx.localnet);
    const local = g.LOCAL_XRPL_RPC_URL ?? (file.success ? file.data.xrpl.rpcUrl : undefined);
    urls = local ? [local] : [];
    source = 'local';
  }
  urls ??= MAINNET_RIPPLED;
  if (!urls.length) return [];
  const timeoutMs = pc.TIMEOUT_MS ?? XRP_TIMEOUT_MS;
  const providers = urls.map((url, i) =>
    withBreaker(
      createRippled({ name: `rippled#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
      ctx.policy.breaker,
      pc.TIMEOUT_MS,
    ),
  );
  declareRates(ctx.policy, urls, 'rippled', pc.RATE);
  const facade = new XrpFacade({
    chain: 'XRP',
    providers,
    policy: ctx.policy,
    ...(ctx.log ? { log: ctx.log } : {}),
  });
  return [{ facade, summary: { chain: 'XRP', providers: providers.map((p) => p.name), source } }];
}
