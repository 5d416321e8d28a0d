/**
 * @secux-companion/localnet - the local chains the wallet's local profile runs against:
 * an anvil EVM chain (chain id 31337) with the LUSD/LPUNK/LITEM token contracts, a small second
 * anvil "side chain" (chain id 31338, the same funded ETH accounts, no contracts) that the server
 * offers as an addable custom EVM chain, one anvil per other EVM coin of the menu (TETH, BSC, TBSC, XDC, HME: each
 * on its chain id from core's chain table, with the same contracts at the same addresses), and a Litecoin regtest node (Debian's litecoind), all funded
 * for the emulator's accounts and mining on an interval. The side chain exists because the device keys
 * EVM accounts by (coin type 60, chain id): adding the main chain itself as a custom chain would share
 * chain id 31337 with the native ETH coin and collide with its device entries.
 *
 * Environment variables (options passed to startLocalnet win over them):
 *   DATA_DIR                    data root, relative to the repo root (default ./data); localnet uses DATA_DIR/localnet
 *   WALLET_EMULATOR_MNEMONIC    mnemonic whose accounts are funded (default: the BIP-39 test phrase)
 *   LOCALNET_EVM_PORT           EVM JSON-RPC port (default 8545; 0 = a free port)
 *   LOCALNET_CHAIN_ID           EVM chain id (default 31337)
 *   LOCALNET_SIDE_EVM_PORT      side chain JSON-RPC port (default 8546, or a free port when the main
 *                               EVM port is 0; 0 = a free port)
 *   LOCALNET_SIDE_CHAIN_ID      side chain id (default 31338)
 *   LOCALNET_EVM_COINS          the EVM coins given their own anvil (default: TETH,BSC,TBSC,XDC,HME; 0/false/off = none)
 *   LOCALNET_TETH_PORT          TETH chain (id 11155111) JSON-RPC port (default 8547; 0 = a free port)
 *   LOCALNET_BSC_PORT           BSC chain (id 56) JSON-RPC port (default 8548; 0 = a free port)
 *   LOCALNET_TBSC_PORT          TBSC chain (id 97) JSON-RPC port (default 8549; 0 = a free port)
 *   LOCALNET_XDC_PORT           XDC chain (id 50) JSON-RPC port (default 8550; 0 = a free port)
 *   LOCALNET_HME_PORT           HME chain (id 886) JSON-RPC port (default 8551; 0 = a free port)
 *                               (each coin's port is a free one by default when the main EVM port is 0)
 *   LOCALNET_EVM_ACCOUNTS       funded ETH accounts m/44'/60'/{0..n-1}'/0/0 (default 5; on the EVM coins' chains too)
 *   LOCALNET_EVM_BALANCE_ETH    ETH per account (default 100; the same amount of each EVM coin)
 *   LOCALNET_BLOCK_INTERVAL_MS  interval block on every chain (default 5000; 0 = off)
 *   LOCALNET_LTC                0/false/off to skip the Litecoin node
 *   LITECOIND                   litecoind binary (default: litecoind on PATH)
 *   LOCALNET_LTC_RPC_PORT       litecoind RPC port (default 19443; 0 = a free port)
 *   LOCALNET_LTC_P2P_PORT       litecoind P2P port (default 19444; 0 = a free port)
 *   LOCALNET_LTC_RPC_USER       (default secux)
 *   LOCALNET_LTC_RPC_PASSWORD   (default secux-localnet)
 *   LOCALNET_LTC_FUND_AMOUNT    LTC sent to each emulator address (default 5)
 *   LOCALNET_XRPL               0/false/off to skip the XRP Ledger simulator
 *   LOCALNET_SOLANA             0/false/off to skip the Solana node (LiteSVM)
 *   LOCALNET_SOLANA_PORT        first of the Solana node's two JSON-RPC ports (default 8899, the second 8900; 0 = free ports)
 *   LOCALNET_SOLANA_SLOT_MS     Solana slot interval (default 400; a blockhash lives 150 slots)
 *   LOCALNET_UTXO               0/false/off to skip the bitcoin-family chains (BTC, TBTC, BCH, GRS, DASH, DGB, DOGE)
 *   LOCALNET_UTXO_PORT          their Blockbook / mempool API port (default 9130; 0 = a free port)
 *   LOCALNET_XRPL_PORT          XRP Ledger simulator JSON-RPC port (default 51234; 0 = a free port)
 *   LOCALNET_STELLAR            0/false/off to skip the Stellar Horizon simulator
 *   LOCALNET_STELLAR_PORT       Stellar Horizon simulator port (default 8000; 0 = a free port)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalChain, SimContext } from '@secux-companion/chain-common';
import type { LtcInfo, LtcLocalOptions, UtxoInfo } from '@secux-companion/chain-bitcoin/sim';
import type {
  EvmCoin,
  EvmCoinsLocalOptions,
  EvmInfo,
  EvmLocalOptions,
  SideEvmInfo,
  SideEvmLocalOptions,
} from '@secux-companion/chain-evm/sim';
import type { FioInfo } from '@secux-companion/chain-fio/sim';
import type { SolanaInfo } from '@secux-companion/chain-solana/sim';
import type { StellarInfo } from '@secux-companion/chain-stellar/sim';
import type { TronInfo } from '@secux-companion/chain-tron/sim';
import type { XrplInfo } from '@secux-companion/chain-xrp/sim';
import { DEFAULT_MNEMONIC, HOST, freePort } from '@secux-companion/sim-kit';
import manifest from '../../chains/families.json' with { type: 'json' };

export * from '@secux-companion/sim-kit';
export { compileContracts, CONTRACTS_DIR, EVM_VERSION, type Artifact } from '@secux-companion/chain-evm/sim';
export {
  DEFAULT_CHAIN_ID,
  DEFAULT_SIDE_CHAIN_ID,
  DEFAULT_SIDE_EVM_PORT,
  LUSD_SUPPLY,
  PUNKS_MINTED,
  ITEM_AMOUNTS,
  expectedContractAddresses,
  localnetChain,
} from '@secux-companion/chain-evm/sim';
export type { EvmChainInfo, EvmContracts, EvmInfo, SideEvmInfo } from '@secux-companion/chain-evm/sim';
export {
  DEFAULT_EVM_COIN_PORTS,
  EVM_COINS,
  EVM_COIN_UNITS,
  evmCoinChainId,
  type EvmCoin,
} from '@secux-companion/chain-evm/sim';
export {
  ltcRpc,
  findLitecoind,
  RpcError,
  INSTALL_HINT,
  DEFAULT_LTC_RPC_PORT,
  DEFAULT_LTC_P2P_PORT,
} from '@secux-companion/chain-bitcoin/sim';
export type { LtcInfo, LtcNetworkParams } from '@secux-companion/chain-bitcoin/sim';
export {
  XrplSimulator,
  xrplGenesis,
  xrpAddressOf,
  XRPL_TAG_REQUIRED_ACCOUNT,
  type GenesisAccount,
  type XrplSimulatorOptions,
} from '@secux-companion/chain-xrp/sim';
export { DEFAULT_FIO_PORT, type FioInfo } from '@secux-companion/chain-fio/sim';
export {
  FIO_CONTROL_PREFIX,
  FIO_LOCAL_CHAIN_ID,
  FIO_LOCAL_FEES,
  FIO_LOCAL_PROXY,
  FIO_LOCAL_PROXY_KEY,
  FIO_PAYER_HANDLE,
  FioSimulator,
  SECUX_DOMAIN_OWNER,
  UNSTAKE_LOCK_SECONDS,
  type FioStakingService,
  fioGenesis,
  fioPublicKeyOf,
  type FioGenesis,
  type FioSimulatorOptions,
} from '@secux-companion/chain-fio/sim';
export { fioPrivateKeyOf, fioSimulatorClient, type FioSimulatorClient } from '@secux-companion/chain-fio/sim';
export { DEFAULT_XRPL_PORT, type XrplInfo } from '@secux-companion/chain-xrp/sim';
export { DEFAULT_STELLAR_PORT, type StellarInfo } from '@secux-companion/chain-stellar/sim';
export { DEFAULT_TRON_PORT, type TronInfo } from '@secux-companion/chain-tron/sim';
export {
  LOCAL_TRC10,
  LOCAL_TRC20,
  TRC20_ENERGY_EXISTING,
  TRC20_ENERGY_NEW_HOLDER,
  TRON_SIM_PARAMS,
  TronSimulator,
  tronAddressOf,
  tronGenesis,
  type TronGenesisAccount,
  type TronSimulatorOptions,
} from '@secux-companion/chain-tron/sim';
export {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  STELLAR_MEMO_REQUIRED_ACCOUNT,
  stellarAddressOf,
  stellarGenesis,
  stellarKeypairOf,
  type HorizonSimulatorOptions,
  type StellarGenesisAccount,
} from '@secux-companion/chain-stellar/sim';

export {
  SolanaSimulator,
  BLOCKHASH_VALID_BLOCKS,
  SOLANA_CONTROL_PREFIX,
  MAINNET_GENESIS_HASH as SOLANA_MAINNET_GENESIS_HASH,
  LOCAL_GENESIS_HASH as SOLANA_LOCAL_GENESIS_HASH,
} from '@secux-companion/chain-solana/sim';
export {
  DEFAULT_UTXO_PORT,
  UTXO_CONTROL,
  LocalUtxoCoin,
  emulatorUtxoAddress,
  startUtxo,
  type UtxoCoinInfo,
  type UtxoFunded,
  type UtxoInfo,
} from '@secux-companion/chain-bitcoin/sim';
export { UTXO_COINS, UTXO_COIN_IDS, type UtxoCoinId } from '@secux-companion/chain-bitcoin/sim';
export {
  addressToScript as utxoAddressToScript,
  signInput as utxoSignInput,
} from '@secux-companion/chain-bitcoin/sim';
export { solanaSigner, slip10Ed25519 } from '@secux-companion/chain-solana/sim';
export {
  DEFAULT_SOLANA_PORTS,
  startSolana,
  type SolanaInfo,
  type SolanaToken,
} from '@secux-companion/chain-solana/sim';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Always loopback: the local chains hold known keys and must never be reachable from the network. */

export interface LocalnetOptions {
  /** Directory for litecoind data, the compile cache and endpoints.json. Default DATA_DIR/localnet. */
  dataDir?: string;
  /** Compiled-contract cache directory. Default <dataDir>/cache. */
  cacheDir?: string;
  mnemonic?: string;
  /** Block interval on every chain in ms (EVM also mines on every transaction). 0 = off. Default 5000. */
  blockIntervalMs?: number;
  /**
   * Every chain on a free port unless its port is given (tests, so that they never collide with a running
   * `npm start`). Default: true when the main EVM chain's port is 0.
   */
  freePorts?: boolean;
  /** The main EVM chain (anvil, chain 31337, the token contracts). */
  evm?: EvmLocalOptions;
  /** The side chain (funded accounts as on the main chain, no contracts); false: none. */
  sideEvm?: false | SideEvmLocalOptions;
  /** The other EVM coins' chains (one anvil each); false: none. `coins` defaults to LOCALNET_EVM_COINS, else all. */
  evmCoins?: false | EvmCoinsLocalOptions;
  /** Litecoin regtest (litecoind); false: none. */
  ltc?: false | LtcLocalOptions;
  /** The XRP Ledger simulator (rippled JSON-RPC); false: none. */
  xrpl?: false | { port?: number };
  /** The FIO chain simulator; false: none. */
  fio?: false | { port?: number };
  /** The Stellar Horizon simulator; false: none. */
  stellar?: false | { port?: number };
  /** The TRON simulator (full-node HTTP API + TronGrid v1); false: none. */
  tron?: false | { port?: number };
  /** The Solana node (LiteSVM behind JSON-RPC, two ports); false: none. */
  solana?: false | { port?: number; slotMs?: number };
  /** The bitcoin-family chains without a node of their own (Blockbook v2 and mempool fee APIs); false: none. */
  utxo?: false | { port?: number };
  /** Write <dataDir>/endpoints.json (removed again on stop). Default true. */
  writeEndpoints?: boolean;
  /** Stop the nodes on SIGINT/SIGTERM (then re-raise the signal when nobody else handles it). Default true. */
  handleSignals?: boolean;
  log?: (msg: string) => void;
  env?: Record<string, string | undefined>;
}

export interface Endpoints {
  startedAt: string;
  pid: number;
  evm: EvmInfo;
  /** The side chain; null when disabled. Optional: endpoints files written before it existed lack it. */
  sideEvm?: SideEvmInfo | null;
  /** The other EVM coins' chains by symbol (a coin not started is absent). Optional: older endpoints files lack it. */
  evmCoins?: Partial<Record<EvmCoin, EvmInfo>>;
  ltc: LtcInfo | null;
  /** The XRP Ledger simulator; null when disabled. Optional: older endpoints files lack it. */
  xrpl?: XrplInfo | null;
  /** The FIO chain simulator; null when disabled. */
  fio?: FioInfo | null;
  /** The Stellar Horizon simulator; null when disabled. Optional: older endpoints files lack it. */
  stellar?: StellarInfo | null;
  /** The TRON simulator; null when disabled. Optional: older endpoints files lack it. */
  tron?: TronInfo | null;
  /** The Solana node; null when disabled. Optional: older endpoints files lack it. */
  solana?: SolanaInfo | null;
  /** The bitcoin-family chains' Blockbooks; null when disabled. Optional: older endpoints files lack it. */
  utxo?: UtxoInfo | null;
}

export interface Localnet extends Endpoints {
  /** Always set on a started localnet (null when `sideEvm: false`). */
  sideEvm: SideEvmInfo | null;
  /** Always set on a started localnet ({} when `evmCoins: false`). */
  evmCoins: Partial<Record<EvmCoin, EvmInfo>>;
  dataDir: string;
  /** Path of endpoints.json, or null when not written. */
  endpointsFile: string | null;
  startupMs: number;
  /** The start banner: each chain's lines, its headline first (a chain that chose not to run says so). */
  summary(): { key: string; lines: string[] }[];
  stop(): Promise<void>;
}

function intEnv(env: Record<string, string | undefined>, key: string): number | undefined {
  const v = env[key]?.trim();
  if (!v) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`${key} must be a non-negative number, got ${JSON.stringify(v)}`);
  return n;
}

export function defaultDataDir(env: Record<string, string | undefined> = process.env): string {
  return path.join(path.resolve(REPO_ROOT, env.DATA_DIR?.trim() || './data'), 'localnet');
}

/** Path of endpoints.json for a DATA_DIR (what the server reads). */
export function endpointsFile(env: Record<string, string | undefined> = process.env): string {
  return path.join(defaultDataDir(env), 'endpoints.json');
}

/** Read the endpoints written by a running localnet, or null. */
export function readEndpoints(file = endpointsFile()): Endpoints | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Endpoints;
  } catch {
    return null;
  }
}

/** A family's entry point by its folder: `@secux-companion/chain-<dir>/<entry>` (tests bring a toy family). */
export type EntryImport = (dir: string, entry: string) => Promise<unknown>;
const importEntry: EntryImport = (dir, entry) => import(`@secux-companion/chain-${dir}/${entry}`);

/** Every family's local chains, from the manifest (chains/families.json): the families named there with a sim entry. */
export async function loadLocalChains(
  families: readonly { dir: string; entries: string[] }[] = manifest.families,
  load: EntryImport = importEntry,
): Promise<LocalChain[]> {
  const mods = await Promise.all(
    families
      .filter((f) => f.entries.includes('sim'))
      .map((f) => load(f.dir, 'sim') as Promise<{ localChains: LocalChain[] }>),
  );
  return mods.flatMap((m) => m.localChains);
}

const OFF = /^(0|false|no|off)$/i;

export async function startLocalnet(opts: LocalnetOptions = {}, chains?: LocalChain[]): Promise<Localnet> {
  const t0 = Date.now();
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => console.log(`[localnet] ${m}`));
  const dataDir = path.resolve(opts.dataDir ?? defaultDataDir(env));
  const cacheDir = path.resolve(opts.cacheDir ?? path.join(dataDir, 'cache'));
  const mnemonic = opts.mnemonic ?? (env.WALLET_EMULATOR_MNEMONIC?.trim() || DEFAULT_MNEMONIC);
  const blockIntervalMs = opts.blockIntervalMs ?? intEnv(env, 'LOCALNET_BLOCK_INTERVAL_MS') ?? 5000;
  const freePorts = opts.freePorts ?? (opts.evm?.port ?? intEnv(env, 'LOCALNET_EVM_PORT')) === 0;
  const all = chains ?? (await loadLocalChains());
  const options = opts as Record<string, unknown>;
  const enabled = all.filter(
    (c) => options[c.key] !== false && !(c.envSwitch && OFF.test(env[c.envSwitch]?.trim() ?? '')),
  );
  fs.mkdirSync(dataDir, { recursive: true });

  // Ports: a given one is checked against the others of this start; a free one is picked apart from them.
  const taken = new Map<number, string>();
  const shared = new Map<string, unknown>();
  const context = (key: string): SimContext => ({
    host: HOST,
    mnemonic,
    blockIntervalMs,
    dataDir,
    cacheDir,
    env,
    log,
    elapsed: () => Date.now() - t0,
    intEnv: (k) => (k ? intEnv(env, k) : undefined),
    option: (k) => options[k],
    shared: <T>(k: string, make: () => T) => {
      if (!shared.has(k)) shared.set(k, make());
      return shared.get(k) as T;
    },
    async port(option, envKey, dflt) {
      const given = option ?? (envKey ? intEnv(env, envKey) : undefined);
      const requested = given ?? (freePorts ? 0 : dflt);
      let p = requested === 0 ? await freePort() : requested;
      while (requested === 0 && taken.has(p)) p = await freePort();
      const other = taken.get(p);
      if (other !== undefined)
        throw new Error(
          `${key}'s port ${p} is taken by ${other}: ${envKey ? `set ${envKey} to another one` : 'give it another one'}`,
        );
      taken.set(p, key);
      return p;
    },
  });

  // All chains start side by side, in the manifest's order (litecoind first: its own process boots meanwhile).
  const settled = await Promise.allSettled(
    enabled.map(async (c) => {
      await new Promise((r) => setImmediate(r));
      return [c, await c.start(context(c.key), options[c.key] || undefined)] as const;
    }),
  );
  const started = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.allSettled(started.map(([, s]) => s.stop()));
    throw failed.reason;
  }

  let endpointsPath: string | null = null;
  // Lifecycle: stop every chain on stop(), on SIGINT/SIGTERM and (synchronously, child processes only) on exit.
  const onExit = () => {
    for (const [, s] of started) s.kill?.();
    if (endpointsPath) fs.rmSync(endpointsPath, { force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    void stop().finally(() => {
      // Re-raise with the default behaviour when nobody else listens for it.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  };
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      process.off('exit', onExit);
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (endpointsPath) fs.rmSync(endpointsPath, { force: true });
      await Promise.all(started.map(([, s]) => s.stop()));
    })());
  process.on('exit', onExit);
  if (opts.handleSignals ?? true) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  const infos: Record<string, unknown> = Object.fromEntries(all.map((c) => [c.key, null]));
  for (const [c, s] of started) infos[c.key] = s.info;
  infos.evmCoins ??= {};
  const endpoints = {
    startedAt: new Date().toISOString(),
    pid: process.pid,
    ...infos,
  } as unknown as Endpoints & Pick<Localnet, 'sideEvm' | 'evmCoins'>;
  if (opts.writeEndpoints ?? true) {
    endpointsPath = path.join(dataDir, 'endpoints.json');
    fs.writeFileSync(endpointsPath, `${JSON.stringify(endpoints, null, 2)}\n`);
  }
  const summary = () =>
    enabled.map((c) => {
      const info = infos[c.key];
      const lines =
        info === null || info === undefined
          ? [`${c.key}: not running (see above)`]
          : (c.summary?.(info) ?? []);
      return { key: c.key, lines };
    });
  return { ...endpoints, dataDir, endpointsFile: endpointsPath, startupMs: Date.now() - t0, stop, summary };
}
export {
  deadUrl,
  startStandIn,
  type Behaviour,
  type Canned,
  type Fault,
  type RateLimit,
  type StandIn,
  type StandInRequest,
} from '@secux-companion/sim-kit';
export {
  SOLANA_PER_METHOD_MESSAGE,
  SOLANA_CONNECTION_MESSAGE,
  SOLANA_DISABLED_MESSAGE,
  jsonRpcId,
  solanaPublicRpc,
  type SolanaPublicRpcOptions,
} from '@secux-companion/chain-solana/sim';
export {
  BLOCKBOOK_RATE_LIMIT_BODY,
  blockbookPublic,
  NGINX_429_PAGE,
  mempoolSpace,
  type BlockbookOptions,
  type MempoolSpaceOptions,
} from '@secux-companion/chain-bitcoin/sim';
export {
  CLIO_SLOW_DOWN,
  RIPPLED_OVERLOADED,
  rippledBehaviour,
  type RippledBehaviourOptions,
} from '@secux-companion/chain-xrp/sim';
export {
  HORIZON_BEFORE_HISTORY,
  HORIZON_MAX_LIMIT,
  horizonBehaviour,
  horizonRateLimited,
  type HorizonBehaviourOptions,
} from '@secux-companion/chain-stellar/sim';
export {
  TRONGRID_MAX_LIMIT,
  tronGridBehaviour,
  tronGridRefusal,
  type TronGridBehaviourOptions,
} from '@secux-companion/chain-tron/sim';
export { FIO_MAINNET_CHAIN_ID, fioApiNode, type FioApiNodeOptions } from '@secux-companion/chain-fio/sim';
export {
  EVM_RATE_LIMIT_ERRORS,
  EVM_GETLOGS_DISABLED,
  evmRpcErrorAnswer,
  evmPublicRpc,
  ETHERSCAN_NOT_FREE_CHAINS,
  ETHERSCAN_RATE_LIMIT,
  ETHERSCAN_BAD_KEY,
  ETHERSCAN_NOT_FREE,
  etherscanV2,
  type EvmRateLimitShape,
  type EvmPublicRpcOptions,
  type EtherscanV2Options,
} from '@secux-companion/chain-evm/sim';
export { startEtherscanExplorer, type EtherscanExplorer } from '@secux-companion/chain-evm/sim';
