/** One EVM chain's facade from its settings: its RPC pool, explorers, Blockbooks and block scans. */
import { declareRates } from '@secux-companion/server-kit/env';
import type { ChainSource, FamilyContext, ServedChain } from '@secux-companion/server-kit/facade';
import { withBreaker } from '@secux-companion/server-kit/failover';
import { EvmFacade, type EvmChainConfig } from '../facade.js';
import { createBlockbookEvm } from '../providers/blockbookEvm.js';
import { createEtherscan } from '../providers/etherscan.js';
import { createEvmBlockScan } from '../providers/evmBlockScan.js';
import { createEvmRpc, createEvmRpcPool } from '../providers/evmRpc.js';
import { tokenListFor } from '../tokenList.js';
import {
  BSC_ALL_FAILED_PREFIX,
  BSC_CHAINS,
  BSC_TIMEOUT_MS,
  ETHERSCAN_PAID_ONLY_CHAIN_IDS,
  ETHERSCAN_V2,
  ETHERSCAN_V2_CHAINS,
  GAS_ORACLE_FIRST,
  MAINNET_BLOCKBOOK_EVM,
  MAINNET_BLOCKSCOUT,
  isBlockscoutHost,
  isEtherscanHost,
} from './defaults.js';
import type { Global, PerChain } from './env.js';

export interface EvmChainOptions {
  scan?: boolean;
  explorerDefault?: boolean;
  name?: string;
  source: ChainSource;
  /** A localnet node: its ERC-20 listed, and no shipped (mainnet) token list. */
  local?: { erc20?: string };
}

/** What every provider of one chain is built with. */
interface ChainBuild {
  readonly ctx: FamilyContext;
  readonly g: Global;
  readonly sym: string;
  readonly chainId: number;
  readonly pc: PerChain;
  readonly opts: EvmChainOptions;
  readonly timeoutMs: number;
  readonly ownTimeoutMs: number | undefined;
}

function rpcProviders(b: ChainBuild, rpcUrls: string[]) {
  const { ctx, opts, pc } = b;
  const rpcs = rpcUrls.map((u, i) =>
    withBreaker(
      createEvmRpc({
        name: opts.name && i === 0 ? opts.name : `rpc#${i + 1}`,
        url: u,
        fetch: ctx.fetch,
        timeoutMs: b.timeoutMs,
        chainId: b.chainId,
      }),
      ctx.policy.breaker,
      b.ownTimeoutMs,
    ),
  );
  for (const u of rpcUrls)
    declareRates(ctx.policy, [u], /\bbsc-dataseed/.test(u) ? 'bscDataseed' : 'evmRpc', pc.RATE);
  return rpcs;
}

/** The chain's explorers: its own CHAIN_<SYM>_EXPLORER, else the defaults (Etherscan V2 with a key, Blockscout). */
function explorerProviders(b: ChainBuild) {
  const { ctx, g, sym, chainId, pc, opts } = b;
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
        timeoutMs: b.timeoutMs,
      }),
      ctx.policy.breaker,
      b.ownTimeoutMs,
    ),
  );
  for (const e of explorerList) declareRates(ctx.policy, [e.url], e.dialect, pc.RATE);
  return explorers;
}

/** The chain's Blockbooks: CHAIN_<SYM>_BLOCKBOOK, else the keyless defaults when no explorer is configured. */
function blockbookProviders(b: ChainBuild) {
  const { ctx, sym, pc, opts } = b;
  const blockbookUrls = pc.BLOCKBOOK
    ? pc.BLOCKBOOK.includes('none')
      ? []
      : pc.BLOCKBOOK
    : opts.explorerDefault && !pc.EXPLORER
      ? (MAINNET_BLOCKBOOK_EVM[sym] ?? [])
      : [];
  const blockbooks = blockbookUrls.map((url, i) =>
    withBreaker(
      createBlockbookEvm({ name: `blockbook#${i + 1}`, url, fetch: ctx.fetch, timeoutMs: b.timeoutMs }),
      ctx.policy.breaker,
      b.ownTimeoutMs,
    ),
  );
  declareRates(ctx.policy, blockbookUrls, 'blockbook', pc.RATE);
  return blockbooks;
}

/** One block scan per RPC (the pool's order: the healthy ones first), so that a dead RPC fails over like the rest. */
function blockScans(b: ChainBuild, rpcUrls: string[]) {
  const { ctx, opts } = b;
  return rpcUrls.map((url, i) =>
    withBreaker(
      createEvmBlockScan({
        name: rpcUrls.length > 1 ? `block-scan#${i + 1}` : 'block-scan',
        url,
        fetch: ctx.fetch,
        timeoutMs: b.timeoutMs,
        chainId: b.chainId,
        // the local chain is short: NFT transfers are searched from block 0
        ...(opts.scan ? { nftFromBlock: 0 } : {}),
      }),
      ctx.policy.breaker,
      b.ownTimeoutMs,
    ),
  );
}

/** What would give the chain history when nothing does (EVM-<chainId> chains have no settings of their own). */
function historySettings(sym: string, chainId: number, source: ChainSource): string[] {
  return source === 'registry'
    ? []
    : [
        `CHAIN_${sym}_EXPLORER`,
        `CHAIN_${sym}_BLOCKBOOK`,
        ...(ETHERSCAN_V2_CHAINS.has(sym) ? ['ETHERSCAN_API_KEY'] : []),
        ...(ETHERSCAN_V2_CHAINS.has(sym) && ETHERSCAN_PAID_ONLY_CHAIN_IDS.has(chainId)
          ? ['ETHERSCAN_PAID_PLAN']
          : []),
        `CHAIN_${sym}_BLOCK_SCAN`,
      ];
}

export function evmChain(
  ctx: FamilyContext,
  g: Global,
  sym: string,
  chainId: number,
  rpcUrls: string[],
  pc: PerChain,
  opts: EvmChainOptions,
): ServedChain<EvmFacade> | null {
  // BSC's calls have the spec's 20 s whatever their class (as if CHAIN_BSC_TIMEOUT_MS=20000); the others their class's.
  const ownTimeoutMs = pc.TIMEOUT_MS ?? (BSC_CHAINS.has(sym) ? BSC_TIMEOUT_MS : undefined);
  const timeoutMs = ownTimeoutMs ?? ctx.timeoutMs;
  if (!rpcUrls.length) return null;
  const b: ChainBuild = { ctx, g, sym, chainId, pc, opts, timeoutMs, ownTimeoutMs };
  const rpcs = rpcProviders(b, rpcUrls);
  const explorers = explorerProviders(b);
  const blockbooks = blockbookProviders(b);
  const scanOn = pc.BLOCK_SCAN ?? opts.scan ?? false;
  const cfg: EvmChainConfig = {
    chain: sym,
    chainId,
    ...(GAS_ORACLE_FIRST.has(sym) ? { gasOracleFirst: true } : {}),
    ...(BSC_CHAINS.has(sym) ? { allFailedPrefix: BSC_ALL_FAILED_PREFIX } : {}),
    pool: createEvmRpcPool(rpcs, { healthTimeoutMs: g.CHAIN_HEALTH_TIMEOUT_MS }),
    explorers: [...explorers, ...blockbooks],
    historySettings: historySettings(sym, chainId, opts.source),
    tokenList: tokenListFor(sym, pc.TOKEN_LIST, opts.local?.erc20, !opts.local),
    policy: ctx.policy,
    ...(scanOn ? { scans: blockScans(b, rpcUrls) } : {}),
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
