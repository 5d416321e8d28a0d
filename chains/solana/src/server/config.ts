/**
 * Which Solana nodes serve SOL, from the server's own configuration (never from a client):
 *
 * - mainnet profile: two public JSON-RPC nodes (reference/apis/solana-jsonrpc.md), a random one first and the other as
 *   the retry; CHAIN_SOL_RPC replaces them (comma-separated URLs, `none` for no SOL);
 * - local profile: the localnet's LiteSVM-backed nodes from DATA_DIR/localnet/endpoints.json (`solana.rpcUrls`, with
 *   the localnet mints' names in `solana.tokens`) or LOCAL_SOLANA_RPC_URL.
 * Every node's genesis hash is checked (genesis.ts): mainnet-beta's in the mainnet profile, the file's
 * `solana.genesisHash` (else the first node's) in the local one; another cluster's node is `wrongChain`.
 * Each call has its class's timeout and balance calls 3 s (spec 02 "SOL"; CHAIN_SOL_TIMEOUT_MS replaces every class's,
 * CHAIN_SOL_BALANCE_TIMEOUT_MS the balance calls'), and the public RPC's client-side rate (CHAIN_SOL_RATE).
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
import { breakerOf, withBreaker } from '@secux-companion/server-kit/failover';
import { SOL_BALANCE_TIMEOUT_MS, SolanaFacade } from './facade.js';
import { SOLANA_MAINNET_GENESIS_HASH, withGenesisCheck, type GenesisExpectation } from './genesis.js';
import { createSolanaRpc } from './providers/jsonRpc.js';
import { cleanMeta, type TokenMeta } from './tokens.js';

export const SOL_SYMBOLS = ['SOL'] as const;
export const SOL_TIMEOUT_MS = 30_000;
export const MAINNET_SOLANA_RPC = [
  'https://api.mainnet-beta.solana.com',
  'https://solana-rpc.publicnode.com',
] as const;

export const SolGlobalEnv = z.object({
  LOCAL_SOLANA_RPC_URL: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
});
export const SolPerChainEnv = z.object({
  RPC: urlList.optional(),
  TIMEOUT_MS: chainTimeout,
  BALANCE_TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
});

const LocalnetFile = z.object({
  solana: z.object({
    rpcUrls: z.array(z.string().refine(httpUrl)).min(1).max(4),
    /** What the local nodes answer to getGenesisHash (the chain check). */
    genesisHash: z
      .string()
      .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
      .optional(),
    tokens: z
      .array(
        z.object({ mint: z.string(), symbol: z.string(), name: z.string(), listed: z.boolean().optional() }),
      )
      .max(50)
      .optional(),
  }),
});

export function solanaChains(ctx: FamilyContext): ServedChain<SolanaFacade>[] {
  const g = SolGlobalEnv.parse(clean(ctx.env, Object.keys(SolGlobalEnv.shape)));
  const pc = SolPerChainEnv.parse(perChainRaw(ctx.env, 'SOL', Object.keys(SolPerChainEnv.shape)));
  if (none(pc.RPC)) return [];
  let source: ChainSource = 'config';
  let urls: readonly string[] | undefined = pc.RPC;
  const tokens: Record<string, TokenMeta> = {};
  // The chain check: mainnet-beta's genesis in the mainnet profile; in the local profile the file's, else the one
  // the first node reports.
  const file = LocalnetFile.safeParse(ctx.localnet);
  const genesis: GenesisExpectation = ctx.local
    ? file.success && file.data.solana.genesisHash
      ? { hash: file.data.solana.genesisHash }
      : {}
    : { hash: SOLANA_MAINNET_GENESIS_HASH };
  if (!urls && ctx.local) {
    urls = g.LOCAL_SOLANA_RPC_URL ? [g.LOCAL_SOLANA_RPC_URL] : file.success ? file.data.solana.rpcUrls : [];
    for (const t of file.success ? (file.data.solana.tokens ?? []) : []) {
      // A token the local list leaves out is named from the chain only (its Metaplex account), as on mainnet.
      if (t.listed === false) continue;
      const meta = cleanMeta(t.symbol, t.name);
      if (meta) tokens[t.mint] = meta;
    }
    source = 'local';
  }
  urls ??= MAINNET_SOLANA_RPC;
  if (!urls.length) return [];
  const timeoutMs = pc.TIMEOUT_MS ?? SOL_TIMEOUT_MS;
  const balanceMs = pc.BALANCE_TIMEOUT_MS ?? SOL_BALANCE_TIMEOUT_MS;
  const providers = urls.map((url, i) =>
    withGenesisCheck(
      withBreaker(
        createSolanaRpc({ name: `solana#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
        ctx.policy.breaker,
        pc.TIMEOUT_MS,
      ),
      genesis,
    ),
  );
  declareRates(ctx.policy, urls, 'solana', pc.RATE);
  // The same node with the balance calls' shorter timeout, sharing the node's circuit breaker.
  const balanceProviders = providers.map((p) =>
    Object.assign(Object.create(p) as typeof p, {
      timeoutMs: balanceMs,
      timeouts: { ...p.timeouts, read: balanceMs },
      breaker: breakerOf(p),
    }),
  );
  const facade = new SolanaFacade({
    chain: 'SOL',
    providers,
    balanceProviders,
    tokens,
    policy: ctx.policy,
    ...(ctx.log ? { log: ctx.log } : {}),
  });
  return [{ facade, summary: { chain: 'SOL', providers: providers.map((p) => p.name), source } }];
}
