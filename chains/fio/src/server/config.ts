/**
 * Which FIO API nodes serve FIO and TFIO, from the server's own configuration (spec 03 §7: separate mainnet and
 * testnet hosts, 20 s timeout):
 *
 * - mainnet profile: FIO → API nodes from FIO's own list of mainnet nodes (fioprotocol/fio.mainnet README, see
 *   shared/reference/apis/mainnet-behaviour.md §8), with failover; its history from the list's v1 history nodes only
 *   (an API node need not run the history plugin). TFIO → fiotestnet.blockpane.com then test.fio.eosusa.io, for both.
 *   CHAIN_FIO_NODES / CHAIN_TFIO_NODES replace the API nodes (comma-separated base URLs, `none` for no such chain),
 *   CHAIN_<SYM>_HISTORY_NODES the history nodes (`none`: no history); a chain whose NODES are set without
 *   HISTORY_NODES reads its history from those NODES (the operator's own nodeos);
 * - local profile: the localnet FIO simulator from DATA_DIR/localnet/endpoints.json (`fio.apiUrl`) or
 *   LOCAL_FIO_API_URL, for both symbols and their history; none when neither is there.
 * Each history node numbers an account's actions its own way, so a history cursor names the node that wrote it and
 * the next pages are asked of that node only (facade.ts).
 * Each call has its class's timeout (CHAINS.md "Timeouts and budgets"; CHAIN_<SYM>_TIMEOUT_MS replaces them all) and
 * the nodes' client-side rate (CHAIN_<SYM>_RATE).
 *
 * Staking (issue 17): the staking statistics service the APR comes from — FIO: FIO's own
 * (services-external.fioprotocol.io/staking, see providers/stakingService.ts), TFIO: none known (no APR), local: the
 * simulator's /staking — CHAIN_<SYM>_STAKING_URL replaces it (`none`: no APR); and the default proxy an account that
 * has not voted proxies to before staking (FIO requires a vote or a proxy) — FIO: proxy@secux, TFIO:
 * proxy@fiotestnet, both registered proxies in FIO Dashboard's proxy list (fioprotocol/fio-dashboard server
 * constants FIO_PROXY_LIST, mainnet and testnet), local: the simulator's registered proxy — CHAIN_<SYM>_DEFAULT_PROXY
 * replaces it.
 *
 * Technology provider id (issue 31 item 4, spec 03 §9 "a technology provider id is attached to FIO actions"): the FIO
 * handle every action the wallet builds names as its `tpid` (FIO's docs, dev.fio.net/docs/tpid: "a valid FIO Handle
 * belonging to the entity which has built the specific application"), sent to the web app in `GET /chains/:chain`.
 * FIO: `proxy@secux` — SecuX publishes no TPID of its own that could be found; this is SecuX's public FIO handle, a
 * registered proxy on SecuX's @secux domain (FIO Dashboard's FIO_PROXY_LIST, the default proxy above), so the bounty
 * goes to SecuX and an account that has not voted is auto-proxied to the same proxy the stake form offers. TFIO: none
 * (SecuX has no known testnet handle). Local: the simulator's registered proxy. CHAIN_<SYM>_TPID replaces it (`none`:
 * no TPID, the empty string FIO accepts).
 */
import { isValidHandle } from '@secux-companion/chain-fio';
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
import { FioFacade } from './facade.js';
import { createFioNode } from './providers/fioNode.js';
import { MAINNET_STAKING_URL, createFioStakingService } from './providers/stakingService.js';
import { withBreaker } from '@secux-companion/server-kit/failover';

export const FIO_SYMBOLS = ['FIO', 'TFIO'] as const;
export const FIO_TIMEOUT_MS = 20_000;
/**
 * Mainnet API nodes from FIO's list (fio.mainnet README at b9868ba). `fio.eossweden.org` is not on it: sw/eden's node
 * is `api.fiosweden.org`.
 */
export const MAINNET_NODES: Record<(typeof FIO_SYMBOLS)[number], readonly string[]> = {
  FIO: [
    'https://fio.blockpane.com',
    'https://api.fiosweden.org',
    'https://fio.eosusa.io',
    'https://fio.greymass.com',
    'https://fio.eosphere.io',
  ],
  TFIO: ['https://fiotestnet.blockpane.com', 'https://test.fio.eosusa.io'],
};
/** The list's v1 history nodes (`/v1/history/get_actions`); TFIO: its API nodes (no testnet list is published). */
export const MAINNET_HISTORY_NODES: Record<(typeof FIO_SYMBOLS)[number], readonly string[]> = {
  FIO: [
    'https://fio.blockpane.com',
    'https://api.fiosweden.org',
    'https://fio.greymass.com',
    'https://fio.eosphere.io',
    'https://api.fio.detroitledger.tech',
  ],
  TFIO: MAINNET_NODES.TFIO,
};

export const MAINNET_STAKING: Record<(typeof FIO_SYMBOLS)[number], readonly string[]> = {
  FIO: [MAINNET_STAKING_URL],
  TFIO: [],
};
export const DEFAULT_PROXY: Record<(typeof FIO_SYMBOLS)[number], string> = {
  FIO: 'proxy@secux',
  TFIO: 'proxy@fiotestnet',
};
/** The technology provider id of each chain's actions ('' = none); see the header. */
export const DEFAULT_TPID: Record<(typeof FIO_SYMBOLS)[number], string> = {
  FIO: 'proxy@secux',
  TFIO: '',
};
/** The local simulator's registered proxy (localnet FIO_LOCAL_PROXY) when endpoints.json does not name one. */
const LOCAL_PROXY = 'proxy@secux';

export const FioGlobalEnv = z.object({
  LOCAL_FIO_API_URL: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
});
export const FioPerChainEnv = z.object({
  NODES: urlList.optional(),
  /** v1 history nodes (`/v1/history/get_actions`), or `none` (no history). */
  HISTORY_NODES: urlList.optional(),
  TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
  STAKING_URL: urlList.optional(),
  DEFAULT_PROXY: z
    .string()
    .trim()
    .refine(isValidHandle, { message: 'must be a crypto handle (name@domain)' })
    .optional(),
  /** The technology provider id of every action: a handle, or `none` (no TPID). */
  TPID: z
    .string()
    .trim()
    .refine((v) => v === 'none' || isValidHandle(v), {
      message: 'must be a crypto handle (name@domain) or none',
    })
    .optional(),
});

const LocalnetFile = z.object({
  fio: z.object({
    apiUrl: z.string().refine(httpUrl),
    stakingUrl: z.string().refine(httpUrl).optional(),
    proxy: z.string().refine(isValidHandle).optional(),
  }),
});

export function fioChains(ctx: FamilyContext): ServedChain<FioFacade>[] {
  const g = FioGlobalEnv.parse(clean(ctx.env, Object.keys(FioGlobalEnv.shape)));
  const out: ServedChain<FioFacade>[] = [];
  for (const chain of FIO_SYMBOLS) {
    const pc = FioPerChainEnv.parse(perChainRaw(ctx.env, chain, Object.keys(FioPerChainEnv.shape)));
    if (none(pc.NODES)) continue;
    let source: ChainSource = 'config';
    let urls: readonly string[] | undefined = pc.NODES;
    // the operator's own API nodes also serve their history unless HISTORY_NODES names others
    let historyUrls: readonly string[] | undefined = pc.HISTORY_NODES ?? pc.NODES;
    let stakingUrls: readonly string[] = MAINNET_STAKING[chain];
    let defaultProxy = DEFAULT_PROXY[chain];
    let tpid = DEFAULT_TPID[chain];
    if (!urls && ctx.local) {
      const file = LocalnetFile.safeParse(ctx.localnet);
      const local = g.LOCAL_FIO_API_URL ?? (file.success ? file.data.fio.apiUrl : undefined);
      urls = local ? [local] : [];
      historyUrls ??= urls;
      source = 'local';
      const fromFile = file.success && !g.LOCAL_FIO_API_URL ? file.data.fio : undefined;
      stakingUrls = fromFile?.stakingUrl
        ? [fromFile.stakingUrl]
        : local
          ? [`${local.replace(/\/+$/, '')}/staking`]
          : [];
      defaultProxy = fromFile?.proxy ?? LOCAL_PROXY;
      tpid = defaultProxy;
    }
    urls ??= MAINNET_NODES[chain];
    historyUrls ??= MAINNET_HISTORY_NODES[chain];
    if (historyUrls.includes('none')) historyUrls = [];
    if (pc.STAKING_URL) stakingUrls = none(pc.STAKING_URL) ? [] : pc.STAKING_URL;
    if (pc.DEFAULT_PROXY) defaultProxy = pc.DEFAULT_PROXY;
    if (pc.TPID) tpid = pc.TPID === 'none' ? '' : pc.TPID;
    if (!urls.length) continue;
    const timeoutMs = pc.TIMEOUT_MS ?? FIO_TIMEOUT_MS;
    const providers = urls.map((url, i) =>
      withBreaker(
        createFioNode({ name: `fio-node#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
        ctx.policy.breaker,
        pc.TIMEOUT_MS,
      ),
    );
    const history = historyUrls.map((url, i) =>
      withBreaker(
        createFioNode({ name: `fio-history#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
        ctx.policy.breaker,
        pc.TIMEOUT_MS,
      ),
    );
    const staking = stakingUrls.map((url, i) =>
      withBreaker(
        createFioStakingService({ name: `fio-staking#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
        ctx.policy.breaker,
        pc.TIMEOUT_MS,
      ),
    );
    declareRates(ctx.policy, [...urls, ...historyUrls], 'fio', pc.RATE);
    const facade = new FioFacade({
      chain,
      providers,
      history,
      staking,
      defaultProxy,
      tpid,
      policy: ctx.policy,
      ...(ctx.log ? { log: ctx.log } : {}),
    });
    out.push({
      facade,
      summary: { chain, providers: [...providers, ...history].map((p) => p.name), source },
    });
  }
  return out;
}
