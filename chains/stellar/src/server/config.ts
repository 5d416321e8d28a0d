/**
 * Which Horizon servers serve XLM, from the server's own configuration (never from a client):
 *
 * - mainnet profile: SDF's public Horizon (reference/apis/stellar-horizon.md), then a second public Horizon, in order
 *   with failover, on the public network's passphrase; CHAIN_XLM_HORIZON replaces them (comma-separated base URLs,
 *   `none` for no XLM) and CHAIN_XLM_NETWORK_PASSPHRASE names another network;
 * - local profile: localnet's Horizon simulator from DATA_DIR/localnet/endpoints.json (`stellar.horizonUrl`,
 *   `stellar.networkPassphrase`) or LOCAL_STELLAR_HORIZON_URL (standalone passphrase); no XLM when neither is there.
 * Each call has its class's timeout (CHAINS.md "Timeouts and budgets": a submit waits for the ledger close;
 * CHAIN_XLM_TIMEOUT_MS replaces them all) within the request budget, and Horizon's client-side rate (CHAIN_XLM_RATE).
 */
import { STELLAR_PASSPHRASES } from '@secux-companion/chain-stellar';
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
import { StellarFacade } from './facade.js';
import { createHorizon } from './providers/horizon.js';
import { withBreaker } from '@secux-companion/server-kit/failover';

export const STELLAR_SYMBOLS = ['XLM'] as const;
export const STELLAR_TIMEOUT_MS = 100_000;
export const MAINNET_HORIZON = ['https://horizon.stellar.org', 'https://horizon.stellar.lobstr.co'] as const;
/** The local profile's network: localnet's simulator is a standalone network. */
export const LOCAL_NETWORK_PASSPHRASE = STELLAR_PASSPHRASES.standalone;

export const StellarGlobalEnv = z.object({
  LOCAL_STELLAR_HORIZON_URL: z
    .string()
    .trim()
    .refine(httpUrl, { message: 'must be an http(s) URL' })
    .optional(),
});
export const StellarPerChainEnv = z.object({
  HORIZON: urlList.optional(),
  NETWORK_PASSPHRASE: z.string().trim().min(1).max(200).optional(),
  TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
});

const LocalnetFile = z.object({
  stellar: z.object({
    horizonUrl: z.string().refine(httpUrl),
    networkPassphrase: z.string().min(1).optional(),
  }),
});

export function stellarChains(ctx: FamilyContext): ServedChain<StellarFacade>[] {
  const g = StellarGlobalEnv.parse(clean(ctx.env, Object.keys(StellarGlobalEnv.shape)));
  const pc = StellarPerChainEnv.parse(perChainRaw(ctx.env, 'XLM', Object.keys(StellarPerChainEnv.shape)));
  if (none(pc.HORIZON)) return [];
  let source: ChainSource = 'config';
  let urls: readonly string[] | undefined = pc.HORIZON;
  let passphrase = pc.NETWORK_PASSPHRASE;
  if (!urls && ctx.local) {
    const file = LocalnetFile.safeParse(ctx.localnet);
    const local = g.LOCAL_STELLAR_HORIZON_URL ?? (file.success ? file.data.stellar.horizonUrl : undefined);
    urls = local ? [local] : [];
    passphrase ??=
      (file.success ? file.data.stellar.networkPassphrase : undefined) ?? LOCAL_NETWORK_PASSPHRASE;
    source = 'local';
  }
  urls ??= MAINNET_HORIZON;
  passphrase ??= ctx.local && source === 'config' ? LOCAL_NETWORK_PASSPHRASE : STELLAR_PASSPHRASES.public;
  if (!urls.length) return [];
  const timeoutMs = pc.TIMEOUT_MS ?? STELLAR_TIMEOUT_MS;
  const providers = urls.map((url, i) =>
    withBreaker(
      createHorizon({
        name: `horizon#${i + 1}`,
        url,
        networkPassphrase: passphrase,
        fetch: ctx.fetch,
        timeoutMs,
      }),
      ctx.policy.breaker,
      pc.TIMEOUT_MS,
    ),
  );
  declareRates(ctx.policy, urls, 'horizon', pc.RATE);
  const facade = new StellarFacade({
    chain: 'XLM',
    networkPassphrase: passphrase,
    providers,
    policy: ctx.policy,
    ...(ctx.log ? { log: ctx.log } : {}),
  });
  return [{ facade, summary: { chain: 'XLM', providers: providers.map((p) => p.name), source } }];
}
