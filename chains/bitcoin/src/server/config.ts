/**
 * Which providers serve which bitcoin-family chain, from the server's own configuration (never from a client):
 *
 * - local profile: LTC → the localnet litecoind (Bitcoin Core RPC), from DATA_DIR/localnet/endpoints.json (`ltc`) or
 *   LOCAL_LTC_RPC_URL / LOCAL_LTC_RPC_USER / LOCAL_LTC_RPC_PASSWORD; the other coins → the localnet's Blockbook and
 *   mempool stand-ins (`utxo`), through the same Blockbook and mempool providers as on mainnet;
 * - mainnet profile: Trezor's public Blockbooks and mempool.space fees, each replaceable with CHAIN_<SYMBOL>_*;
 * - CHAIN_<SYMBOL>_BITCOIN_RPC adds the operator's own nodes (before the Blockbooks) in either profile.
 */
import { ADDRESS_SCAN_LIMIT, CHAINS, type ChainInfo } from '@secux-companion/core';
import { z } from 'zod';
import {
  chainRate,
  chainTimeout,
  clean,
  declareRates,
  httpUrl,
  int,
  none,
  perChainRaw,
  splitAuth,
  urlList,
} from '@secux-companion/server-kit/env';
import type { ChainSource, FamilyContext, ServedChain } from '@secux-companion/server-kit/facade';
import { withBreaker } from '@secux-companion/server-kit/failover';
import type { FeeProvider, UtxoProvider } from './backend.js';
import { UtxoFacade } from './facade.js';
import { createBitcoinCore } from './providers/bitcoinCore.js';
import { createBlockbook } from './providers/blockbook.js';
import { createMempool } from './providers/mempool.js';
import type { UtxoNetwork } from './xpub.js';

/** Chains of this family the server can serve. */
export const UTXO_SYMBOLS = ['BTC', 'TBTC', 'LTC', 'BCH', 'GRS', 'DASH', 'DGB', 'DOGE'] as const;

const MAINNET_BLOCKBOOK: Record<string, string[]> = {
  BTC: ['https://btc1.trezor.io', 'https://btc2.trezor.io'],
  TBTC: ['https://tbtc1.trezor.io', 'https://tbtc2.trezor.io'],
  LTC: ['https://ltc1.trezor.io', 'https://ltc2.trezor.io'],
  BCH: ['https://bch1.trezor.io', 'https://bch2.trezor.io'],
  DOGE: ['https://doge1.trezor.io', 'https://doge2.trezor.io'],
  // No DASH or DGB: Trezor turned those Blockbooks off on 2025-08-01 and no public one is confirmed
  // (shared/reference/apis/mainnet-behaviour.md); on mainnet they name CHAIN_DASH_BLOCKBOOK / CHAIN_DGB_BLOCKBOOK.
  GRS: ['https://blockbook.groestlcoin.org'],
};
const BLOCKBOOK_COIN: Record<string, string> = {
  BTC: 'Bitcoin',
  TBTC: 'Testnet',
  LTC: 'Litecoin',
  DOGE: 'Dogecoin',
  DASH: 'Dash',
  DGB: 'DigiByte',
  GRS: 'Groestlcoin',
};
const MAINNET_MEMPOOL: Record<string, string> = {
  BTC: 'https://mempool.space/api',
  TBTC: 'https://mempool.space/testnet/api',
};
/**
 * Maximum supply per coin (whole coins): no provider amount may exceed it (bounds.ts). DOGE has no cap (about
 * 150 billion in 2025, 5 billion more a year): 10^12 leaves centuries of room.
 */
export const MAX_SUPPLY: Record<(typeof UTXO_SYMBOLS)[number], bigint> = {
  BTC: 21_000_000n,
  TBTC: 21_000_000n,
  LTC: 84_000_000n,
  BCH: 21_000_000n,
  GRS: 105_000_000n,
  DASH: 18_921_005n,
  DGB: 21_000_000_000n,
  DOGE: 1_000_000_000_000n,
};

/** The local profile's chain (localnet litecoind, regtest). */
const LOCAL_SYMBOL = 'LTC';

export const UtxoGlobalEnv = z.object({
  /** Addresses of each chain of an xpub a node scans: spec 01 §9's address scan of a derived path (100 indexes). */
  BITCOIN_RPC_SCAN_RANGE: int(1, 10_000).default(ADDRESS_SCAN_LIMIT),
  BITCOIN_RPC_RESCAN_SINCE: int(0, 10_000_000_000).default(0),
  BITCOIN_RPC_MEMPOOL_MAX: int(0, 10_000_000).default(50_000),
  BITCOIN_RPC_MAX_WALLETS: int(1, 10_000).default(50),
  BITCOIN_RPC_NEW_WALLETS_PER_HOUR: int(0, 1_000_000).optional(),
  LOCAL_LTC_RPC_URL: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
  LOCAL_LTC_RPC_USER: z.string().optional(),
  LOCAL_LTC_RPC_PASSWORD: z.string().optional(),
});

export const UtxoPerChainEnv = z.object({
  BLOCKBOOK: urlList.optional(),
  BLOCKBOOK_COIN: z.string().trim().min(1).optional(),
  BITCOIN_RPC: urlList.optional(),
  MEMPOOL: urlList.optional(),
  NETWORK: z.enum(['main', 'test', 'regtest']).optional(),
  TIMEOUT_MS: chainTimeout,
  RATE: chainRate,
});
type PerChain = z.infer<typeof UtxoPerChainEnv>;
type Global = z.infer<typeof UtxoGlobalEnv>;

const LocalnetFile = z.object({
  ltc: z.object({ rpcUrl: z.string().refine(httpUrl), rpcUser: z.string(), rpcPassword: z.string() }),
});
type LocalNode = z.infer<typeof LocalnetFile>['ltc'];

/** The localnet's Blockbook (and mempool) stand-ins of the coins without a node of their own. */
const LocalBlockbooks = z.object({
  utxo: z.object({
    coins: z.record(
      z.string(),
      z.object({
        blockbook: z.string().refine(httpUrl),
        mempool: z.string().refine(httpUrl).optional(),
        network: z.enum(['main', 'test']),
      }),
    ),
  }),
});
type LocalBlockbook = z.infer<typeof LocalBlockbooks>['utxo']['coins'][string];

function localBlockbooks(localnet: unknown): Record<string, LocalBlockbook> {
  const f = LocalBlockbooks.safeParse(localnet);
  return f.success ? f.data.utxo.coins : {};
}

/** The localnet litecoind: LOCAL_LTC_* variables win over the localnet file. */
function localNode(g: Global, localnet: unknown): LocalNode | undefined {
  if (g.LOCAL_LTC_RPC_URL)
    return {
      rpcUrl: g.LOCAL_LTC_RPC_URL,
      rpcUser: g.LOCAL_LTC_RPC_USER ?? '',
      rpcPassword: g.LOCAL_LTC_RPC_PASSWORD ?? '',
    };
  const f = LocalnetFile.safeParse(localnet);
  return f.success ? f.data.ltc : undefined;
}

/** The endpoints of one chain: the operator's settings, else the localnet's stand-in, else the mainnet defaults. */
function endpointsOf(
  ctx: FamilyContext,
  sym: (typeof UTXO_SYMBOLS)[number],
  info: ChainInfo,
  pc: PerChain,
  stand: LocalBlockbook | undefined,
) {
  const local = ctx.local;
  const isLocalChain = local && sym === LOCAL_SYMBOL;
  // The localnet's stand-in serves the coin unless the operator named its own providers.
  const standIn = local && stand && !pc.BLOCKBOOK && !pc.BITCOIN_RPC ? stand : undefined;
  const network: UtxoNetwork =
    pc.NETWORK ?? (isLocalChain ? 'regtest' : (standIn?.network ?? (info.testnet ? 'test' : 'main')));
  const blockbooks = none(pc.BLOCKBOOK)
    ? []
    : (pc.BLOCKBOOK ?? (standIn ? [standIn.blockbook] : local ? [] : (MAINNET_BLOCKBOOK[sym] ?? [])));
  const cores = none(pc.BITCOIN_RPC) ? [] : (pc.BITCOIN_RPC ?? []);
  const mempools = none(pc.MEMPOOL)
    ? []
    : (pc.MEMPOOL ??
      (standIn
        ? standIn.mempool
          ? [standIn.mempool]
          : []
        : local
          ? []
          : MAINNET_MEMPOOL[sym]
            ? [MAINNET_MEMPOOL[sym]!]
            : []));
  return { isLocalChain, standIn, network, blockbooks, cores, mempools };
}

type Endpoints = ReturnType<typeof endpointsOf>;

/**
 * The chain's providers, in order: the localnet node, then the operator's own nodes (BITCOIN_RPC), then Blockbooks.
 */
function nodeProviders(
  ctx: FamilyContext,
  g: Global,
  sym: (typeof UTXO_SYMBOLS)[number],
  info: ChainInfo,
  pc: PerChain,
  node: LocalNode | undefined,
  e: Endpoints,
): { list: UtxoProvider[]; source: ChainSource } {
  const timeoutMs = pc.TIMEOUT_MS ?? ctx.timeoutMs;
  const { network, standIn } = e;
  const list: UtxoProvider[] = [];
  let source: ChainSource = 'config';
  const coreOpts = {
    fetch: ctx.fetch,
    timeoutMs,
    network,
    coinType: info.coinType,
    range: g.BITCOIN_RPC_SCAN_RANGE,
    rescanSince: g.BITCOIN_RPC_RESCAN_SINCE,
    mempoolMax: g.BITCOIN_RPC_MEMPOOL_MAX,
    maxWallets: g.BITCOIN_RPC_MAX_WALLETS,
    newWalletsPerHour: g.BITCOIN_RPC_NEW_WALLETS_PER_HOUR ?? 30,
  };
  if (e.isLocalChain && node && !pc.BITCOIN_RPC && !pc.BLOCKBOOK) {
    list.push(
      createBitcoinCore({
        ...coreOpts,
        name: 'localnet-litecoind',
        url: node.rpcUrl,
        user: node.rpcUser,
        password: node.rpcPassword,
        network: pc.NETWORK ?? 'regtest',
        // the local test chain: every test run adds accounts
        newWalletsPerHour: g.BITCOIN_RPC_NEW_WALLETS_PER_HOUR ?? 10_000,
      }),
    );
    source = 'local';
  }
  e.cores.forEach((u, i) =>
    list.push(createBitcoinCore({ ...coreOpts, name: `bitcoin-rpc#${i + 1}`, ...splitAuth(u) })),
  );
  if (standIn) source = 'local';
  e.blockbooks.forEach((u, i) =>
    list.push(
      createBlockbook({
        name: standIn ? 'localnet-blockbook' : `blockbook#${i + 1}`,
        url: u,
        fetch: ctx.fetch,
        timeoutMs,
        network,
        ...(pc.BLOCKBOOK_COIN || BLOCKBOOK_COIN[sym]
          ? { coinName: pc.BLOCKBOOK_COIN ?? BLOCKBOOK_COIN[sym] }
          : {}),
      }),
    ),
  );
  return { list, source };
}

function feeProvidersOf(ctx: FamilyContext, pc: PerChain, e: Endpoints): FeeProvider[] {
  return e.mempools.map((u, i) =>
    withBreaker(
      createMempool({
        name: e.standIn ? 'localnet-mempool' : `mempool#${i + 1}`,
        url: u,
        fetch: ctx.fetch,
        timeoutMs: pc.TIMEOUT_MS ?? ctx.timeoutMs,
        network: e.network,
      }),
      ctx.policy.breaker,
      pc.TIMEOUT_MS,
    ),
  );
}

/** The chain's preset fee tiers: its own, else its fixed fee, else 8/4/2. */
function presetsOf(info: ChainInfo) {
  const fixed = info.fixedFee !== undefined ? Number(info.fixedFee) : undefined;
  return (
    info.feePresets ??
    (fixed !== undefined ? { high: fixed, medium: fixed, low: fixed } : { high: 8, medium: 4, low: 2 })
  );
}

function utxoChain(
  ctx: FamilyContext,
  g: Global,
  sym: (typeof UTXO_SYMBOLS)[number],
  info: ChainInfo,
  pc: PerChain,
  node: LocalNode | undefined,
  stand: LocalBlockbook | undefined,
): ServedChain<UtxoFacade> | null {
  const e = endpointsOf(ctx, sym, info, pc, stand);
  const { network } = e;
  const { list, source } = nodeProviders(ctx, g, sym, info, pc, node, e);
  if (!list.length) return null;
  const providers = list.map((p) => withBreaker(p, ctx.policy.breaker, pc.TIMEOUT_MS));
  // Client-side rates: each Blockbook host its own bucket (Trezor's btc1…btc5 are five); the operator's own nodes none.
  declareRates(ctx.policy, e.blockbooks, 'blockbook', pc.RATE);
  declareRates(ctx.policy, e.mempools, 'mempool', pc.RATE);
  declareRates(ctx.policy, e.cores, 'bitcoinCore', pc.RATE);
  const feeProviders = feeProvidersOf(ctx, pc, e);
  const facade = new UtxoFacade(
    {
      chain: sym,
      network,
      coinType: info.coinType,
      feeSource: info.feeSource === 'networkTiers' ? 'network' : 'preset',
      feeTiers: presetsOf(info),
      providers,
      feeProviders,
      maxSats: MAX_SUPPLY[sym] * 10n ** BigInt(info.decimals),
      policy: ctx.policy,
    },
    ctx.log,
  );
  return {
    facade,
    summary: {
      chain: sym,
      network,
      providers: [...providers, ...feeProviders].map((p) => p.name),
      source,
    },
  };
}

/** Every configured bitcoin-family chain, in UTXO_SYMBOLS order. */
export function utxoChains(ctx: FamilyContext): ServedChain<UtxoFacade>[] {
  const g = UtxoGlobalEnv.parse(clean(ctx.env, Object.keys(UtxoGlobalEnv.shape)));
  const node = ctx.local ? localNode(g, ctx.localnet) : undefined;
  const stands = ctx.local ? localBlockbooks(ctx.localnet) : {};
  const keys = Object.keys(UtxoPerChainEnv.shape);
  return UTXO_SYMBOLS.flatMap((sym) => {
    const pc = UtxoPerChainEnv.parse(perChainRaw(ctx.env, sym, keys));
    return (
      utxoChain(ctx, g, sym, CHAINS[sym], pc, node, sym === LOCAL_SYMBOL ? undefined : stands[sym]) ?? []
    );
  });
}
