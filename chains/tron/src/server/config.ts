/**
 * Which TRON nodes serve TRX, from the server's own configuration (never from a client):
 *
 * - mainnet profile: full nodes TronGrid (https://api.trongrid.io), then the public full nodes
 *   tron-rpc.publicnode.com and api.tronstack.io (they answer /wallet/*; mainnet-behaviour.md §6); the v1 index
 *   (/v1/*) is TronGrid's alone (no other host serves it). CHAIN_TRX_NODES replaces the full nodes and
 *   CHAIN_TRX_INDEXERS the index hosts (comma-separated URLs, `none` for no TRX); TRON_PRO_API_KEY is sent as
 *   TRON-PRO-API-KEY to TronGrid hosts (trongrid.io and its subdomains) only, never to the other nodes;
 * - local profile: the localnet TRON simulator from DATA_DIR/localnet/endpoints.json (`tron.url`) or LOCAL_TRON_URL;
 *   no TRX when neither is there.
 * Timeouts: each call class's (CHAINS.md "Timeouts and budgets"; CHAIN_TRX_TIMEOUT_MS replaces them for the full
 * nodes, CHAIN_TRX_INDEX_TIMEOUT_MS for the index). Client-side rate: TronGrid's keyless or keyed rate, or
 * CHAIN_TRX_RATE.
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
import { TronFacade } from './facade.js';
import { createTronIndex, createTronNode } from './providers/trongrid.js';
import { withBreaker } from '@secux-companion/server-kit/failover';

export const TRON_SYMBOLS = ['TRX'] as const;
export const TRON_NODE_TIMEOUT_MS = 20_000;
export const TRON_INDEX_TIMEOUT_MS = 30_000;
export const MAINNET_TRONGRID = ['https://api.trongrid.io'] as const;
/** Full nodes (`/wallet/*`): TronGrid, then public full nodes seen serving the same paths (limits not published). */
export const MAINNET_TRON_NODES = [
  ...MAINNET_TRONGRID,
  'https://tron-rpc.publicnode.com',
  'https://api.tronstack.io',
] as const;
/** Only TronGrid serves the v1 index (`/v1/accounts/…`). */
export const MAINNET_TRON_INDEXERS = MAINNET_TRONGRID;
/** TronGrid's hosts: the only ones TRON_PRO_API_KEY is sent to. */
export const isTronGridHost = (url: string): boolean => /(^|\.)trongrid\.io$/i.test(new URL(url).hostname);

export const TronGlobalEnv = z.object({
  LOCAL_TRON_URL: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
  TRON_PRO_API_KEY: z.string().trim().min(1).max(200).optional(),
});
export const TronPerChainEnv = z.object({
  NODES: urlList.optional(),
  INDEXERS: urlList.optional(),
  TIMEOUT_MS: chainTimeout,
  INDEX_TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
});

const LocalnetFile = z.object({ tron: z.object({ url: z.string().refine(httpUrl) }) });

export function tronChains(ctx: FamilyContext): ServedChain<TronFacade>[] {
  const g = TronGlobalEnv.parse(clean(ctx.env, Object.keys(TronGlobalEnv.shape)));
  const pc = TronPerChainEnv.parse(perChainRaw(ctx.env, 'TRX', Object.keys(TronPerChainEnv.shape)));
  if (none(pc.NODES) || none(pc.INDEXERS)) return [];
  let source: ChainSource = 'config';
  let nodes: readonly string[] | undefined = pc.NODES;
  let indexers: readonly string[] | undefined = pc.INDEXERS;
  if (!nodes && ctx.local) {
    const file = LocalnetFile.safeParse(ctx.localnet);
    const local = g.LOCAL_TRON_URL ?? (file.success ? file.data.tron.url : undefined);
    nodes = local ? [local] : [];
    indexers ??= nodes;
    source = 'local';
  }
  nodes ??= MAINNET_TRON_NODES;
  indexers ??= MAINNET_TRON_INDEXERS;
  if (!nodes.length || !indexers.length) return [];
  const key = (url: string) =>
    g.TRON_PRO_API_KEY && isTronGridHost(url) ? { apiKey: g.TRON_PRO_API_KEY } : {};
  const nodeTimeout = pc.TIMEOUT_MS ?? TRON_NODE_TIMEOUT_MS;
  const indexTimeout = pc.INDEX_TIMEOUT_MS ?? TRON_INDEX_TIMEOUT_MS;
  const nodeProviders = nodes.map((url, i) =>
    withBreaker(
      createTronNode({
        name: `tron-node#${i + 1}`,
        url,
        fetch: ctx.fetch,
        timeoutMs: nodeTimeout,
        ...key(url),
      }),
      ctx.policy.breaker,
      pc.TIMEOUT_MS,
    ),
  );
  const indexProviders = indexers.map((url, i) =>
    withBreaker(
      createTronIndex({
        name: `tron-index#${i + 1}`,
        url,
        fetch: ctx.fetch,
        timeoutMs: indexTimeout,
        ...key(url),
      }),
      ctx.policy.breaker,
      pc.INDEX_TIMEOUT_MS,
    ),
  );
  // TronGrid allows more with a key (TRON-PRO-API-KEY); its node and index share one host, so one bucket.
  for (const url of new Set([...nodes, ...indexers]))
    declareRates(ctx.policy, [url], 'apiKey' in key(url) ? 'trongridKey' : 'trongrid', pc.RATE);
  const facade = new TronFacade({
    chain: 'TRX',
    nodes: nodeProviders,
    indexers: indexProviders,
    policy: ctx.policy,
    ...(ctx.log ? { log: ctx.log } : {}),
  });
  return [
    {
      facade,
      summary: {
        chain: 'TRX',
        providers: [...nodeProviders, ...indexProviders].map((p) => p.name),
        source,
      },
    },
  ];
}
