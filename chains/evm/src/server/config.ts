/**
 * Which providers serve which EVM chain, from the server's own configuration (never from a client):
 *
 * - local profile: ETH → the localnet EVM node (JSON-RPC + block-scan history), from DATA_DIR/localnet/endpoints.json
 *   (`evm`) or LOCAL_EVM_RPC / LOCAL_EVM_CHAIN_ID; TETH, BSC, TBSC, XDC and HME → their own localnet nodes
 *   (`evmCoins.<SYMBOL>`), served the same way; CHAIN_<SYMBOL>_RPC replaces a chain's local node;
 * - mainnet profile: public RPCs per chain; history, token discovery and NFTs from Blockscout's keyless ETH instance
 *   (eth.blockscout.com) and, when ETHERSCAN_API_KEY is set, Etherscan V2 first (ETH, TETH, XDC; BSC and TBSC only
 *   with ETHERSCAN_PAID_PLAN: the free plan does not serve chain ids 56/97); each replaceable with CHAIN_<SYMBOL>_*.
 *   A chain without any of them is served without history (404 `not_configured` naming the settings, facade.ts);
 * - CHAIN_REGISTRY_FILE (default: the shipped snapshot): a chainid.network chains.json whose public https RPCs (no
 *   templates, no loopback/private hosts) serve generic EVM chains as `EVM-<chainId>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CHAINS } from '@secux-companion/core';
import { z } from 'zod';
import { EVM_CHAIN_SNAPSHOT_FILE } from './evmChains/registry.js';
import {
  boolStr,
  chainRate,
  chainTimeout,
  clean,
  declareRates,
  httpUrl,
  int,
  isPrivateHost,
  perChainRaw,
  urlList,
  type Env,
} from '@secux-companion/server-kit/env';
import type { ChainSource, FamilyContext, ServedChain } from '@secux-companion/server-kit/facade';
import { withBreaker } from '@secux-companion/server-kit/failover';
import { EvmFacade, type EvmChainConfig } from './facade.js';
import { createBlockbookEvm } from './providers/blockbookEvm.js';
import { createEtherscan } from './providers/etherscan.js';
import { createEvmBlockScan } from './providers/evmBlockScan.js';
import { createEvmRpc, createEvmRpcPool } from './providers/evmRpc.js';
import { tokenListFor } from './tokenList.js';

/** Chains of this family the server can serve by symbol (plus EVM-<chainId> from the snapshot). */
export const EVM_SYMBOLS = ['ETH', 'TETH', 'BSC', 'TBSC', 'XDC', 'HME'] as const;

export const BSC_DATASEED_NODES = [
  ...[1, 2, 3, 4].map((i) => `https://bsc-dataseed${i}.bnbchain.org`),
  ...[1, 2, 3, 4].map((i) => `https://bsc-dataseed${i}.defibit.io`),
  ...[1, 2, 3, 4].map((i) => `https://bsc-dataseed${i}.ninicoin.io`),
];

const MAINNET_RPC: Record<string, string[]> = {
  // cloudflare-eth.com answers every call with -32046 "Cannot fulfill request" (mainnet-behaviour.md): removed.
  ETH: ['https://ethereum-rpc.publicnode.com', 'https://eth.llamarpc.com'],
  // Spec 02 BSC: "tried across 12 node URLs in turn" — BNB Chain's public dataseed nodes (its own four, under the
  // bnbchain.org name that replaced binance.org, then Defibit's and Ninicoin's four each).
  BSC: BSC_DATASEED_NODES,
  TBSC: ['https://data-seed-prebsc-1-s1.bnbchain.org:8545'],
  // TETH is Sepolia (chain id 11155111 from core's table): Goerli, the testnet of old, is shut down.
  TETH: ['https://ethereum-sepolia-rpc.publicnode.com', 'https://sepolia.drpc.org'],
  // XDC's public RPCs as chain lists name them (viem, the XinFin ones; mainnet-behaviour.md §3.1).
  XDC: [
    'https://rpc.xdcrpc.com',
    'https://erpc.xinfin.network',
    'https://rpc.xinfin.network',
    'https://rpc1.xinfin.network',
  ],
};
/**
 * Keyless explorers: Blockscout's per-instance API (`/api`, about 5 requests a second per IP without a key). Only
 * ETH's instance is documented as Blockscout's own (bsc/xdc instances appear in third-party code only).
 */
export const MAINNET_BLOCKSCOUT: Record<string, string[]> = {
  ETH: ['https://eth.blockscout.com/api'],
};
/**
 * Keyless Blockbooks of EVM chains (Trezor's hosts, mainnet-behaviour.md §1 and §3.6): BSC's history, token discovery
 * and NFTs (Etherscan's free plan does not serve BSC), ETH's after Blockscout. Their REST allows by default 20
 * requests a minute per IP: one address call per history page or token listing. Like the default explorers, they
 * give way to a chain's own CHAIN_<SYM>_EXPLORER (and CHAIN_<SYM>_BLOCKBOOK replaces them).
 */
export const MAINNET_BLOCKBOOK_EVM: Record<string, string[]> = {
  ETH: ['https://eth1.trezor.io', 'https://eth2.trezor.io'],
  BSC: ['https://bsc1.trezor.io', 'https://bsc2.trezor.io'],
};
/** Spec 02 BSC: 20 s for its explorer and node calls (CHAIN_BSC_TIMEOUT_MS overrides). */
export const BSC_TIMEOUT_MS = 20_000;
/** Spec 02 BSC: what a call that every dataseed node failed says, followed by the last failure. */
export const BSC_ALL_FAILED_PREFIX = 'bsc-dataseed server error: ';
const BSC_CHAINS = new Set(['BSC', 'TBSC']);
/** Chains Etherscan V2 serves with one key (chainid parameter). */
const ETHERSCAN_V2 = 'https://api.etherscan.io/v2/api';
const ETHERSCAN_V2_CHAINS = new Set(['ETH', 'TETH', 'BSC', 'TBSC', 'XDC']);
/**
 * Chain ids Etherscan's free plan does not serve (BNB Smart Chain and its testnet, Base, OP Mainnet, Avalanche
 * C-Chain; docs.etherscan.io/supported-chains): it answers HTTP 200 `status:"0"` "Free API access is not supported
 * for this chain", so an Etherscan URL is not used for them unless ETHERSCAN_PAID_PLAN says the key is a paid one.
 */
export const ETHERSCAN_PAID_ONLY_CHAIN_IDS: ReadonlySet<number> = new Set([56, 97, 8453, 10, 43114]);
const isEtherscanHost = (url: string) => /(^|\.)etherscan\.io$/i.test(new URL(url).hostname);
/** A Blockscout instance by its host name (CHAIN_<SYM>_EXPLORER_KIND says so for other names). */
const isBlockscoutHost = (url: string) => /blockscout/i.test(new URL(url).hostname);
/** /fees asks the explorer gas oracle first (spec 02 §7 BSC). */
const GAS_ORACLE_FIRST = new Set(['BSC', 'TBSC']);

export const EvmGlobalEnv = z.object({
  CHAIN_HEALTH_TIMEOUT_MS: int(100, 60_000).default(3_000),
  ETHERSCAN_API_KEY: z.string().trim().min(1).optional(),
  /** The Etherscan key is a paid plan's: Etherscan is then also used for the chains its free plan excludes (BSC). */
  ETHERSCAN_PAID_PLAN: boolStr.optional(),
  CHAIN_REGISTRY_FILE: z.string().trim().min(1).optional(),
  LOCAL_EVM_RPC: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
  LOCAL_EVM_CHAIN_ID: int(1, 2 ** 32).default(31337),
});

export const EvmPerChainEnv = z.object({
  RPC: urlList.optional(),
  CHAIN_ID: int(1, 2 ** 32).optional(),
  EXPLORER: urlList.optional(),
  EXPLORER_KEY: z.string().trim().min(1).optional(),
  /** What CHAIN_<SYM>_EXPLORER speaks: `etherscan` or `blockscout` (default: blockscout when its host says so). */
  EXPLORER_KIND: z.enum(['etherscan', 'blockscout']).optional(),
  /** Blockbook URLs of the chain (history, token discovery, NFTs), or `none`. */
  BLOCKBOOK: urlList.optional(),
  BLOCK_SCAN: boolStr.optional(),
  TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
  /** The chain's token list (GET …/token-list): a JSON file of entries, or 'none' (tokenList.ts). */
  TOKEN_LIST: z.string().trim().min(1).optional(),
});
type PerChain = z.infer<typeof EvmPerChainEnv>;
type Global = z.infer<typeof EvmGlobalEnv>;

const LocalNode = z.object({
  rpcUrl: z.string().refine(httpUrl),
  chainId: z.number().int().positive(),
  contracts: z.object({ erc20: z.string().optional() }).partial().optional(),
});
type LocalNode = z.infer<typeof LocalNode>;
/** endpoints.json: `evm` (ETH) and `evmCoins` (the other symbols), each read on its own. */
const LocalnetFile = z.object({ evm: z.unknown(), evmCoins: z.record(z.string(), z.unknown()) }).partial();

const globalEnv = (env: Env): Global => EvmGlobalEnv.parse(clean(env, Object.keys(EvmGlobalEnv.shape)));

/** The localnet EVM nodes by symbol: ETH's from LOCAL_EVM_RPC, else the file's `evm`; the others' from `evmCoins`. */
function localNodes(g: Global, localnet: unknown): Partial<Record<string, LocalNode>> {
  const f = LocalnetFile.safeParse(localnet);
  const file = f.success ? f.data : {};
  const node = (v: unknown) => {
    const n = LocalNode.safeParse(v);
    return n.success ? n.data : undefined;
  };
  const out: Partial<Record<string, LocalNode>> = {};
  const eth = g.LOCAL_EVM_RPC ? { rpcUrl: g.LOCAL_EVM_RPC, chainId: g.LOCAL_EVM_CHAIN_ID } : node(file.evm);
  if (eth) out.ETH = eth;
  for (const sym of EVM_SYMBOLS) {
    const n = sym === 'ETH' ? undefined : node(file.evmCoins?.[sym]);
    if (n) out[sym] = n;
  }
  return out;
}

function evmChain(
  ctx: FamilyContext,
  g: Global,
  sym: string,
  chainId: number,
  rpcUrls: string[],
  pc: PerChain,
  opts: {
    scan?: boolean;
    explorerDefault?: boolean;
    name?: string;
    source: ChainSource;
    /** A localnet node: its ERC-20 listed, and no shipped (mainnet) token list. */
    local?: { erc20?: string };
  },
): ServedChain<EvmFacade> | null {
  // BSC's calls have the spec's 20 s whatever their class (as if CHAIN_BSC_TIMEOUT_MS=20000); the others their class's.
  const ownTimeoutMs = pc.TIMEOUT_MS ?? (BSC_CHAINS.has(sym) ? BSC_TIMEOUT_MS : undefined);
  const timeoutMs = ownTimeoutMs ?? ctx.timeoutMs;
  if (!rpcUrls.length) return null;
  const rpcs = rpcUrls.map((u, i) =>
    withBreaker(
      createEvmRpc({
        name: opts.name && i === 0 ? opts.name : `rpc#${i + 1}`,
        url: u,
        fetch: ctx.fetch,
        timeoutMs,
        chainId,
      }),
      ctx.policy.breaker,
      ownTimeoutMs,
    ),
  );
  for (const u of rpcUrls)
    declareRates(ctx.policy, [u], /\bbsc-dataseed/.test(u) ? 'bscDataseed' : 'evmRpc', pc.RATE);
  const configured = pc.EXPLORER && !pc.EXPLORER.includes('none') ? pc.EXPLORER : undefined;
  const defaults =
    pc.EXPLORER || !opts.explorerDefault
      ? []
      : [
          ...(ETHERSCAN_V2_CHAINS.has(sym) && g.ETHERSCAN_API_KEY ? [ETHERSCAN_V2] : []),
          ...(MAINNET_BLOCKSCOUT[sym] ?? []),
        ];
  // Etherscan's free plan answers "not supported for this chain" on BSC: never shipped, never used unless paid.
  const freePlanRefuses = (u: string) =>
    isEtherscanHost(u) && ETHERSCAN_PAID_ONLY_CHAIN_IDS.has(chainId) && g.ETHERSCAN_PAID_PLAN !== true;
  const refused = [...(configured ?? []), ...defaults].filter(freePlanRefuses);
  if (refused.length)
    ctx.log?.warn(
      { chain: sym, chainId },
      `Etherscan's free plan does not serve chain id ${chainId}: its explorer is not used (ETHERSCAN_PAID_PLAN=true for a paid key)`,
    );
  const explorerList = [
    ...(configured ?? []).map((url) => ({
      url,
      dialect: pc.EXPLORER_KIND ?? (isBlockscoutHost(url) ? 'blockscout' : 'etherscan'),
      key: pc.EXPLORER_KEY ?? (url.startsWith(ETHERSCAN_V2) ? g.ETHERSCAN_API_KEY : undefined),
    })),
    ...defaults.map((url) =>
      url === ETHERSCAN_V2
        ? { url, dialect: 'etherscan' as const, key: g.ETHERSCAN_API_KEY }
        : { url, dialect: 'blockscout' as const, key: undefined },
    ),
  ].filter((e) => !freePlanRefuses(e.url));
  let etherscans = 0;
  let blockscouts = 0;
  const explorers = explorerList.map((e) =>
    withBreaker(
      createEtherscan({
        name: e.dialect === 'blockscout' ? `blockscout#${++blockscouts}` : `explorer#${++etherscans}`,
        url: e.url,
        dialect: e.dialect,
        ...(e.url.includes('/v2/') ? { chainId } : {}),
        expectChainId: chainId,
        ...(e.key ? { apiKey: e.key } : {}),
        fetch: ctx.fetch,
        timeoutMs,
      }),
      ctx.policy.breaker,
      ownTimeoutMs,
    ),
  );
  for (const e of explorerList) declareRates(ctx.policy, [e.url], e.dialect, pc.RATE);
  const blockbookUrls = pc.BLOCKBOOK
    ? pc.BLOCKBOOK.includes('none')
      ? []
      : pc.BLOCKBOOK
    : opts.explorerDefault && !pc.EXPLORER
      ? (MAINNET_BLOCKBOOK_EVM[sym] ?? [])
      : [];
  const blockbooks = blockbookUrls.map((url, i) =>
    withBreaker(
      createBlockbookEvm({ name: `blockbook#${i + 1}`, url, fetch: ctx.fetch, timeoutMs }),
      ctx.policy.breaker,
      ownTimeoutMs,
    ),
  );
  declareRates(ctx.policy, blockbookUrls, 'blockbook', pc.RATE);
  const scanOn = pc.BLOCK_SCAN ?? opts.scan ?? false;
  const cfg: EvmChainConfig = {
    chain: sym,
    chainId,
    ...(GAS_ORACLE_FIRST.has(sym) ? { gasOracleFirst: true } : {}),
    ...(BSC_CHAINS.has(sym) ? { allFailedPrefix: BSC_ALL_FAILED_PREFIX } : {}),
    pool: createEvmRpcPool(rpcs, { healthTimeoutMs: g.CHAIN_HEALTH_TIMEOUT_MS }),
    explorers: [...explorers, ...blockbooks],
    // what would give the chain history when nothing does (EVM-<chainId> chains have no settings of their own)
    historySettings:
      opts.source === 'registry'
        ? []
        : [
            `CHAIN_${sym}_EXPLORER`,
            `CHAIN_${sym}_BLOCKBOOK`,
            ...(ETHERSCAN_V2_CHAINS.has(sym) ? ['ETHERSCAN_API_KEY'] : []),
            ...(ETHERSCAN_V2_CHAINS.has(sym) && ETHERSCAN_PAID_ONLY_CHAIN_IDS.has(chainId)
              ? ['ETHERSCAN_PAID_PLAN']
              : []),
            `CHAIN_${sym}_BLOCK_SCAN`,
          ],
    tokenList: tokenListFor(sym, pc.TOKEN_LIST, opts.local?.erc20, !opts.local),
    policy: ctx.policy,
    // One block scan per RPC (the pool's order: the healthy ones first), so that a dead RPC fails over like the
    // other calls.
    ...(scanOn
      ? {
          scans: rpcUrls.map((url, i) =>
            withBreaker(
              createEvmBlockScan({
                name: rpcUrls.length > 1 ? `block-scan#${i + 1}` : 'block-scan',
                url,
                fetch: ctx.fetch,
                timeoutMs,
                chainId,
                // the local chain is short: NFT transfers are searched from block 0
                ...(opts.scan ? { nftFromBlock: 0 } : {}),
              }),
              ctx.policy.breaker,
              ownTimeoutMs,
            ),
          ),
        }
      : {}),
  };
  return {
    facade: new EvmFacade(cfg, ctx.log),
    summary: {
      chain: sym,
      chainId,
      providers: [...rpcs, ...cfg.explorers, ...(cfg.scans ?? [])].map((p) => p.name),
      source: opts.source,
    },
  };
}

/** Every configured EVM chain, in EVM_SYMBOLS order. */
export function evmChains(ctx: FamilyContext): ServedChain<EvmFacade>[] {
  const g = globalEnv(ctx.env);
  const nodes = ctx.local ? localNodes(g, ctx.localnet) : {};
  const keys = Object.keys(EvmPerChainEnv.shape);
  return EVM_SYMBOLS.flatMap((sym) => {
    const pc = EvmPerChainEnv.parse(perChainRaw(ctx.env, sym, keys));
    const rpcs = pc.RPC?.includes('none') ? [] : pc.RPC;
    const node = nodes[sym];
    if (node && !rpcs)
      return (
        evmChain(ctx, g, sym, pc.CHAIN_ID ?? node.chainId, [node.rpcUrl], pc, {
          scan: true,
          name: 'localnet-evm',
          source: 'local',
          local: node.contracts?.erc20 ? { erc20: node.contracts.erc20 } : {},
        }) ?? []
      );
    const urls = rpcs ?? (ctx.local ? [] : (MAINNET_RPC[sym] ?? []));
    const chainId = pc.CHAIN_ID ?? CHAINS[sym].chainId;
    if (chainId === undefined) return [];
    return evmChain(ctx, g, sym, chainId, urls, pc, { explorerDefault: !ctx.local, source: 'config' }) ?? [];
  });
}

/**
 * Public RPC hosts known to be gone that chain lists still carry (mainnet-behaviour.md §3.1): cloudflare-eth.com answers
 * every call with -32046 "Cannot fulfill request", eth.public-rpc.com ended public access.
 */
export const DEAD_RPC_HOSTS: ReadonlySet<string> = new Set(['cloudflare-eth.com', 'eth.public-rpc.com']);

/** Public https RPCs of a chain-registry entry (no ${KEY} templates, no private or dead hosts, no websockets). */
export function registryRpcs(entry: { rpc?: unknown }): string[] {
  const rpcs = Array.isArray(entry.rpc) ? entry.rpc.filter((x): x is string => typeof x === 'string') : [];
  return rpcs.filter((u) => {
    if (u.includes('${')) return false;
    try {
      const url = new URL(u);
      return (
        url.protocol === 'https:' &&
        !url.username &&
        !url.password &&
        !isPrivateHost(url.hostname) &&
        !DEAD_RPC_HOSTS.has(url.hostname.toLowerCase())
      );
    } catch {
      return false;
    }
  });
}

const RegistryEntry = z.object({
  chainId: z.number().int().positive(),
  name: z.string(),
  rpc: z.array(z.unknown()),
  nativeCurrency: z.object({ symbol: z.string(), decimals: z.number() }).optional(),
  status: z.string().optional(),
});

/** `EVM-<chainId>` → a facade over the snapshot's public RPCs (read once, built once per chain id). */
export function evmResolver(ctx: FamilyContext): (chain: string) => ServedChain<EvmFacade> | undefined {
  const g = globalEnv(ctx.env);
  let snapshot: Map<number, z.infer<typeof RegistryEntry>> | undefined;
  const built = new Map<number, ServedChain<EvmFacade>>();
  const entry = (chainId: number) => {
    // The shipped chain-registry snapshot unless CHAIN_REGISTRY_FILE names another.
    if (!snapshot) {
      snapshot = new Map();
      try {
        const file = g.CHAIN_REGISTRY_FILE ?? EVM_CHAIN_SNAPSHOT_FILE;
        const data = JSON.parse(fs.readFileSync(path.resolve(file), 'utf8')) as unknown;
        if (Array.isArray(data))
          for (const e of data) {
            const p = RegistryEntry.safeParse(e);
            if (p.success && p.data.status !== 'deprecated') snapshot.set(p.data.chainId, p.data);
          }
      } catch {
        /* unreadable snapshot: no generic chains */
      }
    }
    return snapshot.get(chainId);
  };
  return (chain) => {
    const m = /^EVM-(\d{1,10})$/.exec(chain);
    if (!m) return undefined;
    const chainId = Number(m[1]);
    let hit = built.get(chainId);
    if (!hit) {
      const e = entry(chainId);
      const rpcs = e ? registryRpcs(e).slice(0, 8) : [];
      hit = evmChain(ctx, g, chain, chainId, rpcs, {}, { source: 'registry' }) ?? undefined;
      if (!hit) return undefined;
      built.set(chainId, hit);
    }
    return hit;
  };
}
