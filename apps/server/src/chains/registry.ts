/**
 * Which providers serve which chain, from the server's own configuration (never from a client):
 *
 * - local profile: ETH → the localnet EVM node (JSON-RPC + block-scan history), LTC → the localnet litecoind
 *   (Bitcoin Core RPC), read from DATA_DIR/localnet/endpoints.json (re-read when the file changes) or from
 *   LOCAL_EVM_RPC / LOCAL_EVM_CHAIN_ID / LOCAL_LTC_RPC_URL / LOCAL_LTC_RPC_USER / LOCAL_LTC_RPC_PASSWORD.
 * - mainnet profile: public defaults per chain (Blockbook, mempool.space, public EVM RPCs, Etherscan V2 when
 *   ETHERSCAN_API_KEY is set), each replaceable with CHAIN_<SYMBOL>_* variables (keys stay server-side).
 * - CHAIN_<SYMBOL>_* variables also add providers in the local profile.
 * - CHAIN_REGISTRY_FILE: a chainid.network chains.json snapshot; its public https RPCs (no templates, no
 *   loopback/private hosts) serve generic EVM chains as `EVM-<chainId>`.
 *
 * The server therefore only ever forwards to URLs from its own environment, the localnet file or the snapshot.
 */
import { EVM_CHAIN_SNAPSHOT_FILE } from '../evmChains/registry.js';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { CHAINS, isChainSymbol, type ChainInfo } from '@secux-companion/core';
import { z } from 'zod';
import { int, type Config } from '../config.js';
import type { FeeProvider, UtxoProvider } from './backends.js';
import {
  EvmFacade,
  UtxoFacade,
  type ChainFacade,
  type EvmChainConfig,
  type UtxoChainConfig,
} from './facade.js';
import type { FailoverLog, FetchFn } from './failover.js';
import { createBitcoinCore } from './providers/bitcoinCore.js';
import { createBlockbook } from './providers/blockbook.js';
import { createEtherscan } from './providers/etherscan.js';
import { createEvmBlockScan } from './providers/evmBlockScan.js';
import { createEvmRpc, createEvmRpcPool } from './providers/evmRpc.js';
import { createMempool } from './providers/mempool.js';
import type { UtxoNetwork } from './xpub.js';

/** Chains this module serves (the bitcoin and EVM families). */
export const UTXO_SYMBOLS = ['BTC', 'TBTC', 'LTC', 'BCH', 'GRS', 'DASH', 'DGB', 'DOGE'] as const;
export const EVM_SYMBOLS = ['ETH', 'TETH', 'BSC', 'TBSC', 'XDC', 'HME'] as const;

const MAINNET_BLOCKBOOK: Record<string, string[]> = {
  BTC: ['https://btc1.trezor.io', 'https://btc2.trezor.io'],
  TBTC: ['https://tbtc1.trezor.io', 'https://tbtc2.trezor.io'],
  LTC: ['https://ltc1.trezor.io', 'https://ltc2.trezor.io'],
  BCH: ['https://bch1.trezor.io', 'https://bch2.trezor.io'],
  DOGE: ['https://doge1.trezor.io', 'https://doge2.trezor.io'],
  DASH: ['https://dash1.trezor.io', 'https://dash2.trezor.io'],
  DGB: ['https://dgb1.trezor.io', 'https://dgb2.trezor.io'],
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
const MAINNET_RPC: Record<string, string[]> = {
  ETH: ['https://ethereum-rpc.publicnode.com', 'https://cloudflare-eth.com', 'https://eth.llamarpc.com'],
  BSC: [
    'https://bsc-dataseed.bnbchain.org',
    'https://bsc-dataseed1.defibit.io',
    'https://bsc-dataseed1.ninicoin.io',
  ],
  TBSC: ['https://data-seed-prebsc-1-s1.bnbchain.org:8545'],
  XDC: ['https://rpc.xdc.org', 'https://erpc.xinfin.network'],
};
/** Chains Etherscan V2 serves with one key (chainid parameter). */
const ETHERSCAN_V2 = 'https://api.etherscan.io/v2/api';
const ETHERSCAN_V2_CHAINS = new Set(['ETH', 'BSC', 'TBSC', 'XDC']);

const list = (v: string | undefined) =>
  (v ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);

const httpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
const urlList = z
  .string()
  .transform(list)
  .refine((l) => l.every((u) => u === 'none' || httpUrl(u)), {
    message: "must be a comma separated list of http(s) URLs (or 'none')",
  });
const boolStr = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'must be true/false',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const GlobalEnv = z.object({
  CHAIN_PROVIDER_TIMEOUT_MS: int(100, 300_000).default(30_000),
  CHAIN_HEALTH_TIMEOUT_MS: int(100, 60_000).default(3_000),
  ETHERSCAN_API_KEY: z.string().trim().min(1).optional(),
  CHAIN_REGISTRY_FILE: z.string().trim().min(1).optional(),
  BITCOIN_RPC_SCAN_RANGE: int(1, 10_000).default(100),
  BITCOIN_RPC_RESCAN_SINCE: int(0, 10_000_000_000).default(0),
  BITCOIN_RPC_MEMPOOL_MAX: int(0, 10_000_000).default(50_000),
  LOCAL_EVM_RPC: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
  LOCAL_EVM_CHAIN_ID: int(1, 2 ** 32).default(31337),
  LOCAL_LTC_RPC_URL: z.string().trim().refine(httpUrl, { message: 'must be an http(s) URL' }).optional(),
  LOCAL_LTC_RPC_USER: z.string().optional(),
  LOCAL_LTC_RPC_PASSWORD: z.string().optional(),
});

const PerChainEnv = z.object({
  BLOCKBOOK: urlList.optional(),
  BLOCKBOOK_COIN: z.string().trim().min(1).optional(),
  BITCOIN_RPC: urlList.optional(),
  MEMPOOL: urlList.optional(),
  NETWORK: z.enum(['main', 'test', 'regtest']).optional(),
  RPC: urlList.optional(),
  CHAIN_ID: int(1, 2 ** 32).optional(),
  EXPLORER: urlList.optional(),
  EXPLORER_KEY: z.string().trim().min(1).optional(),
  BLOCK_SCAN: boolStr.optional(),
  TIMEOUT_MS: int(100, 300_000).optional(),
});
type PerChain = z.infer<typeof PerChainEnv>;

/** Every variable this module reads (for documentation and `checkChainEnv`). */
export const CHAIN_ENV_KEYS = [
  ...Object.keys(GlobalEnv.shape),
  ...[...UTXO_SYMBOLS, ...EVM_SYMBOLS].flatMap((s) =>
    Object.keys(PerChainEnv.shape).map((k) => `CHAIN_${s}_${k}`),
  ),
];

type Env = Record<string, string | undefined>;

/** Validates the chain variables; returns one line per problem (empty when fine). */
export function checkChainEnv(env: Env): string[] {
  const errors: string[] = [];
  const g = GlobalEnv.safeParse(clean(env, Object.keys(GlobalEnv.shape)));
  if (!g.success) errors.push(...g.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`));
  for (const s of [...UTXO_SYMBOLS, ...EVM_SYMBOLS]) {
    const r = PerChainEnv.safeParse(perChainRaw(env, s));
    if (!r.success)
      errors.push(...r.error.issues.map((i) => `CHAIN_${s}_${String(i.path[0])}: ${i.message}`));
  }
  return errors;
}

function clean(env: Env, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of keys) {
    const v = env[k];
    if (v !== undefined && v.trim() !== '') out[k] = v;
  }
  return out;
}
function perChainRaw(env: Env, sym: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(PerChainEnv.shape)) {
    const v = env[`CHAIN_${sym}_${k}`];
    if (v !== undefined && v.trim() !== '') out[k] = v;
  }
  return out;
}

/** Loopback, private, link-local or unspecified hosts (never used from the public chain registry). */
export function isPrivateHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (
    h === 'localhost' ||
    h.endsWith('.localhost') ||
    h.endsWith('.local') ||
    h.endsWith('.internal') ||
    h === ''
  )
    return true;
  if (net.isIPv4(h)) {
    const [a, b] = h.split('.').map(Number) as [number, number];
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  if (net.isIPv6(h))
    return (
      h === '::1' ||
      h === '::' ||
      h.startsWith('fc') ||
      h.startsWith('fd') ||
      h.startsWith('fe80') ||
      h.startsWith('::ffff:')
    );
  return false;
}

/** Public https RPCs of a chain-registry entry (no ${KEY} templates, no private hosts, no websockets). */
export function registryRpcs(entry: { rpc?: unknown }): string[] {
  const rpcs = Array.isArray(entry.rpc) ? entry.rpc.filter((x): x is string => typeof x === 'string') : [];
  return rpcs.filter((u) => {
    if (u.includes('${')) return false;
    try {
      const url = new URL(u);
      return url.protocol === 'https:' && !url.username && !url.password && !isPrivateHost(url.hostname);
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

/** Credentials in a URL (http://user:pass@host) are moved to RPC auth and stripped from the URL. */
function splitAuth(u: string): { url: string; user?: string; password?: string } {
  const url = new URL(u);
  const user = url.username ? decodeURIComponent(url.username) : undefined;
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.username = '';
  url.password = '';
  return { url: url.toString().replace(/\/$/, ''), ...(user !== undefined ? { user, password } : {}) };
}

interface LocalEndpoints {
  evm?: { rpcUrl: string; chainId: number };
  ltc?: { rpcUrl: string; rpcUser: string; rpcPassword: string };
}

const EndpointsFile = z.object({
  evm: z
    .object({ rpcUrl: z.string().refine(httpUrl), chainId: z.number().int().positive() })
    .nullable()
    .optional(),
  ltc: z
    .object({ rpcUrl: z.string().refine(httpUrl), rpcUser: z.string(), rpcPassword: z.string() })
    .nullable()
    .optional(),
});

export interface ChainSummary {
  chain: string;
  family: 'utxo' | 'evm';
  chainId?: number;
  network?: UtxoNetwork;
  providers: string[];
  source: 'local' | 'config' | 'registry';
}

export interface ChainRegistry {
  /** The facade of a chain, or undefined when the chain is not served. */
  get(chain: string): ChainFacade | undefined;
  list(): ChainSummary[];
}

export interface RegistryOptions {
  config: Pick<Config, 'profile' | 'dataDir'>;
  fetch: FetchFn;
  env?: Env;
  log?: FailoverLog;
}

export function createChainRegistry(o: RegistryOptions): ChainRegistry {
  const env = o.env ?? process.env;
  const g = GlobalEnv.parse(clean(env, Object.keys(GlobalEnv.shape)));
  const local = o.config.profile === 'local';
  const endpointsPath = path.join(o.config.dataDir, 'localnet', 'endpoints.json');

  let localKey = '';
  let built = new Map<string, { facade: ChainFacade; summary: ChainSummary }>();
  let registryChains: Map<number, z.infer<typeof RegistryEntry>> | undefined;

  function readLocal(): { key: string; eps: LocalEndpoints } {
    const eps: LocalEndpoints = {};
    let key = 'env';
    let file: z.infer<typeof EndpointsFile> | undefined;
    try {
      const st = fs.statSync(endpointsPath);
      key = `${st.mtimeMs}:${st.size}`;
      const parsed = EndpointsFile.safeParse(JSON.parse(fs.readFileSync(endpointsPath, 'utf8')));
      if (parsed.success) file = parsed.data;
    } catch {
      /* no localnet file */
    }
    if (g.LOCAL_EVM_RPC) eps.evm = { rpcUrl: g.LOCAL_EVM_RPC, chainId: g.LOCAL_EVM_CHAIN_ID };
    else if (file?.evm) eps.evm = file.evm;
    if (g.LOCAL_LTC_RPC_URL)
      eps.ltc = {
        rpcUrl: g.LOCAL_LTC_RPC_URL,
        rpcUser: g.LOCAL_LTC_RPC_USER ?? '',
        rpcPassword: g.LOCAL_LTC_RPC_PASSWORD ?? '',
      };
    else if (file?.ltc) eps.ltc = file.ltc;
    return { key, eps };
  }

  function utxoChain(
    sym: string,
    info: ChainInfo,
    pc: PerChain,
    eps: LocalEndpoints,
  ): { cfg: UtxoChainConfig; source: ChainSummary['source'] } | null {
    const timeoutMs = pc.TIMEOUT_MS ?? g.CHAIN_PROVIDER_TIMEOUT_MS;
    const network: UtxoNetwork =
      pc.NETWORK ?? (local && sym === 'LTC' ? 'regtest' : info.testnet ? 'test' : 'main');
    const none = (l?: string[]) => l?.includes('none');
    const blockbooks = none(pc.BLOCKBOOK)
      ? []
      : (pc.BLOCKBOOK ?? (local ? [] : (MAINNET_BLOCKBOOK[sym] ?? [])));
    const cores = none(pc.BITCOIN_RPC) ? [] : (pc.BITCOIN_RPC ?? []);
    const mempools = none(pc.MEMPOOL)
      ? []
      : (pc.MEMPOOL ?? (local ? [] : MAINNET_MEMPOOL[sym] ? [MAINNET_MEMPOOL[sym]!] : []));
    const providers: UtxoProvider[] = [];
    let source: ChainSummary['source'] = 'config';
    const coreOpts = {
      fetch: o.fetch,
      timeoutMs,
      network,
      coinType: info.coinType,
      range: g.BITCOIN_RPC_SCAN_RANGE,
      rescanSince: g.BITCOIN_RPC_RESCAN_SINCE,
      mempoolMax: g.BITCOIN_RPC_MEMPOOL_MAX,
    };
    if (local && sym === 'LTC' && eps.ltc && !pc.BITCOIN_RPC && !pc.BLOCKBOOK) {
      providers.push(
        createBitcoinCore({
          ...coreOpts,
          name: 'localnet-litecoind',
          url: eps.ltc.rpcUrl,
          user: eps.ltc.rpcUser,
          password: eps.ltc.rpcPassword,
          network: pc.NETWORK ?? 'regtest',
        }),
      );
      source = 'local';
    }
    cores.forEach((u, i) =>
      providers.push(createBitcoinCore({ ...coreOpts, name: `bitcoin-rpc#${i + 1}`, ...splitAuth(u) })),
    );
    blockbooks.forEach((u, i) =>
      providers.push(
        createBlockbook({
          name: `blockbook#${i + 1}`,
          url: u,
          fetch: o.fetch,
          timeoutMs,
          network,
          ...(pc.BLOCKBOOK_COIN || BLOCKBOOK_COIN[sym]
            ? { coinName: pc.BLOCKBOOK_COIN ?? BLOCKBOOK_COIN[sym] }
            : {}),
        }),
      ),
    );
    // Order: the localnet node, then the operator's own nodes (BITCOIN_RPC), then Blockbooks.
    if (!providers.length) return null;
    const feeProviders: FeeProvider[] = mempools.map((u, i) =>
      createMempool({ name: `mempool#${i + 1}`, url: u, fetch: o.fetch, timeoutMs }),
    );
    const fixed = info.fixedFee !== undefined ? Number(info.fixedFee) : undefined;
    const presets =
      info.feePresets ??
      (fixed !== undefined ? { high: fixed, medium: fixed, low: fixed } : { high: 8, medium: 4, low: 2 });
    return {
      cfg: {
        family: 'utxo',
        chain: sym,
        network,
        coinType: info.coinType,
        feeSource: info.feeSource === 'networkTiers' ? 'network' : 'preset',
        feeTiers: presets,
        providers,
        feeProviders,
      },
      source,
    };
  }

  function evmChain(
    sym: string,
    chainId: number,
    rpcUrls: string[],
    pc: PerChain,
    opts: { scan?: boolean; explorerDefault?: boolean; name?: string },
  ): EvmChainConfig | null {
    const timeoutMs = pc.TIMEOUT_MS ?? g.CHAIN_PROVIDER_TIMEOUT_MS;
    if (!rpcUrls.length) return null;
    const rpcs = rpcUrls.map((u, i) =>
      createEvmRpc({
        name: opts.name && i === 0 ? opts.name : `rpc#${i + 1}`,
        url: u,
        fetch: o.fetch,
        timeoutMs,
        chainId,
      }),
    );
    const explorerUrls = pc.EXPLORER?.includes('none')
      ? []
      : (pc.EXPLORER ??
        (opts.explorerDefault && ETHERSCAN_V2_CHAINS.has(sym) && g.ETHERSCAN_API_KEY ? [ETHERSCAN_V2] : []));
    const explorers = explorerUrls.map((u, i) =>
      createEtherscan({
        name: `explorer#${i + 1}`,
        url: u,
        ...(u.includes('/v2/') ? { chainId } : {}),
        ...(pc.EXPLORER_KEY || (u.startsWith(ETHERSCAN_V2) && g.ETHERSCAN_API_KEY)
          ? { apiKey: pc.EXPLORER_KEY ?? g.ETHERSCAN_API_KEY }
          : {}),
        fetch: o.fetch,
        timeoutMs,
      }),
    );
    const scanOn = pc.BLOCK_SCAN ?? opts.scan ?? false;
    return {
      family: 'evm',
      chain: sym,
      chainId,
      ...(sym === 'BSC' || sym === 'TBSC' ? { gasOracleFirst: true } : {}),
      pool: createEvmRpcPool(rpcs, { healthTimeoutMs: g.CHAIN_HEALTH_TIMEOUT_MS }),
      explorers,
      ...(scanOn
        ? {
            scan: createEvmBlockScan({
              name: 'block-scan',
              url: rpcUrls[0]!,
              fetch: o.fetch,
              timeoutMs,
              // the local chain is short: NFT transfers are searched from block 0
              ...(opts.scan ? { nftFromBlock: 0 } : {}),
            }),
          }
        : {}),
    };
  }

  function build(eps: LocalEndpoints) {
    const out = new Map<string, { facade: ChainFacade; summary: ChainSummary }>();
    for (const sym of UTXO_SYMBOLS) {
      const r = utxoChain(sym, CHAINS[sym], PerChainEnv.parse(perChainRaw(env, sym)), eps);
      if (!r) continue;
      out.set(sym, {
        facade: new UtxoFacade(r.cfg, o.log),
        summary: {
          chain: sym,
          family: 'utxo',
          network: r.cfg.network,
          providers: [...r.cfg.providers, ...r.cfg.feeProviders].map((p) => p.name),
          source: r.source,
        },
      });
    }
    for (const sym of EVM_SYMBOLS) {
      const pc = PerChainEnv.parse(perChainRaw(env, sym));
      let cfg: EvmChainConfig | null = null;
      let source: ChainSummary['source'] = 'config';
      const rpcs = pc.RPC?.includes('none') ? [] : pc.RPC;
      if (local && sym === 'ETH' && eps.evm && !rpcs) {
        cfg = evmChain(sym, pc.CHAIN_ID ?? eps.evm.chainId, [eps.evm.rpcUrl], pc, {
          scan: true,
          name: 'localnet-evm',
        });
        source = 'local';
      } else {
        const urls = rpcs ?? (local ? [] : (MAINNET_RPC[sym] ?? []));
        const chainId = pc.CHAIN_ID ?? CHAINS[sym].chainId;
        if (chainId !== undefined) cfg = evmChain(sym, chainId, urls, pc, { explorerDefault: !local });
      }
      if (!cfg) continue;
      out.set(sym, {
        facade: new EvmFacade(cfg, o.log),
        summary: {
          chain: sym,
          family: 'evm',
          chainId: cfg.chainId,
          providers: [...cfg.pool.rpcs, ...cfg.explorers, ...(cfg.scan ? [cfg.scan] : [])].map((p) => p.name),
          source,
        },
      });
    }
    return out;
  }

  function registryEntry(chainId: number) {
    // The shipped chain-registry snapshot unless CHAIN_REGISTRY_FILE names another.
    const registryFile = g.CHAIN_REGISTRY_FILE ?? EVM_CHAIN_SNAPSHOT_FILE;
    if (!registryChains) {
      registryChains = new Map();
      try {
        const data = JSON.parse(fs.readFileSync(path.resolve(registryFile), 'utf8')) as unknown;
        if (Array.isArray(data))
          for (const e of data) {
            const p = RegistryEntry.safeParse(e);
            if (p.success && p.data.status !== 'deprecated') registryChains.set(p.data.chainId, p.data);
          }
      } catch {
        /* unreadable snapshot: no generic chains */
      }
    }
    return registryChains.get(chainId);
  }

  function current() {
    if (local) {
      const { key, eps } = readLocal();
      if (key !== localKey || !built.size) {
        localKey = key;
        built = build(eps);
      }
    } else if (!built.size) built = build({});
    return built;
  }

  const generic = new Map<number, { facade: ChainFacade; summary: ChainSummary }>();

  return {
    get(chain) {
      const sym = chain.toUpperCase();
      const hit = current().get(sym);
      if (hit) return hit.facade;
      const m = /^EVM-(\d{1,10})$/.exec(sym);
      if (!m) return undefined;
      const chainId = Number(m[1]);
      let gen = generic.get(chainId);
      if (!gen) {
        const entry = registryEntry(chainId);
        const rpcs = entry ? registryRpcs(entry).slice(0, 8) : [];
        const cfg = rpcs.length ? evmChain(sym, chainId, rpcs, {}, {}) : null;
        if (!cfg) return undefined;
        gen = {
          facade: new EvmFacade(cfg, o.log),
          summary: {
            chain: sym,
            family: 'evm',
            chainId,
            providers: cfg.pool.rpcs.map((p) => p.name),
            source: 'registry',
          },
        };
        generic.set(chainId, gen);
      }
      return gen.facade;
    },
    list() {
      return [...current().values()].map((v) => v.summary);
    },
  };
}

export { isChainSymbol };
