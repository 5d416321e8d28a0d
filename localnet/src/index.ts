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
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContracts } from './compile.js';
import {
  DEFAULT_CHAIN_ID,
  DEFAULT_SIDE_CHAIN_ID,
  DEFAULT_SIDE_EVM_PORT,
  startEvm,
  type EvmInfo,
  type SideEvmInfo,
} from './evm.js';
import { DEFAULT_EVM_COIN_PORTS, EVM_COINS, parseEvmCoins, startEvmCoins, type EvmCoin } from './evmCoins.js';
import { DEFAULT_MNEMONIC, deriveEthAccounts, deriveLtcFundedAccounts } from './keys.js';
import {
  DEFAULT_LTC_P2P_PORT,
  DEFAULT_LTC_RPC_PORT,
  INSTALL_HINT,
  findLitecoind,
  startLitecoin,
  type LtcInfo,
} from './litecoin.js';

export * from './keys.js';
export { compileContracts, CONTRACTS_DIR, EVM_VERSION, type Artifact } from './compile.js';
export {
  DEFAULT_CHAIN_ID,
  DEFAULT_SIDE_CHAIN_ID,
  DEFAULT_SIDE_EVM_PORT,
  LUSD_SUPPLY,
  PUNKS_MINTED,
  ITEM_AMOUNTS,
  expectedContractAddresses,
  localnetChain,
} from './evm.js';
export type { EvmChainInfo, EvmContracts, EvmInfo, SideEvmInfo } from './evm.js';
export {
  DEFAULT_EVM_COIN_PORTS,
  EVM_COINS,
  EVM_COIN_UNITS,
  evmCoinChainId,
  type EvmCoin,
} from './evmCoins.js';
export {
  ltcRpc,
  findLitecoind,
  RpcError,
  INSTALL_HINT,
  DEFAULT_LTC_RPC_PORT,
  DEFAULT_LTC_P2P_PORT,
} from './litecoin.js';
export type { LtcInfo, LtcNetworkParams } from './litecoin.js';
export {
  XrplSimulator,
  xrplGenesis,
  xrpAddressOf,
  XRPL_TAG_REQUIRED_ACCOUNT,
  type GenesisAccount,
  type XrplSimulatorOptions,
} from './xrpl/simulator.js';
import { DEFAULT_XRPL_PORT, startXrpl, type XrplInfo } from './xrpl/start.js';
import { DEFAULT_FIO_PORT, startFio, type FioInfo } from './fio/start.js';
export { DEFAULT_FIO_PORT, type FioInfo } from './fio/start.js';
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
} from './fio/simulator.js';
export { fioPrivateKeyOf, fioSimulatorClient, type FioSimulatorClient } from './fio/testing.js';
export { DEFAULT_XRPL_PORT, type XrplInfo } from './xrpl/start.js';
import { DEFAULT_STELLAR_PORT, startStellar, type StellarInfo } from './stellar/start.js';
export { DEFAULT_STELLAR_PORT, type StellarInfo } from './stellar/start.js';
import { DEFAULT_TRON_PORT, startTron, type TronInfo } from './tron/start.js';
export { DEFAULT_TRON_PORT, type TronInfo } from './tron/start.js';
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
} from './tron/simulator.js';
export {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  STELLAR_MEMO_REQUIRED_ACCOUNT,
  stellarAddressOf,
  stellarGenesis,
  stellarKeypairOf,
  type HorizonSimulatorOptions,
  type StellarGenesisAccount,
} from './stellar/simulator.js';

export {
  SolanaSimulator,
  BLOCKHASH_VALID_BLOCKS,
  SOLANA_CONTROL_PREFIX,
  MAINNET_GENESIS_HASH as SOLANA_MAINNET_GENESIS_HASH,
  LOCAL_GENESIS_HASH as SOLANA_LOCAL_GENESIS_HASH,
} from './solana/simulator.js';
import { DEFAULT_UTXO_PORT, startUtxo, type UtxoInfo } from './utxo/start.js';
export {
  DEFAULT_UTXO_PORT,
  UTXO_CONTROL,
  LocalUtxoCoin,
  emulatorUtxoAddress,
  startUtxo,
  type UtxoCoinInfo,
  type UtxoFunded,
  type UtxoInfo,
} from './utxo/start.js';
export { UTXO_COINS, UTXO_COIN_IDS, type UtxoCoinId } from './utxo/coins.js';
export { addressToScript as utxoAddressToScript, signInput as utxoSignInput } from './utxo/script.js';
export { solanaSigner, slip10Ed25519 } from './solana/keys.js';
import { DEFAULT_SOLANA_PORTS, startSolana, type SolanaInfo } from './solana/start.js';
export { DEFAULT_SOLANA_PORTS, startSolana, type SolanaInfo, type SolanaToken } from './solana/start.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Always loopback: the local chains hold known keys and must never be reachable from the network. */
export const HOST = '127.0.0.1';

export interface LocalnetOptions {
  /** Directory for litecoind data, the compile cache and endpoints.json. Default DATA_DIR/localnet. */
  dataDir?: string;
  /** Compiled-contract cache directory. Default <dataDir>/cache. */
  cacheDir?: string;
  mnemonic?: string;
  /** Block interval on every chain in ms (EVM also mines on every transaction). 0 = off. Default 5000. */
  blockIntervalMs?: number;
  evm?: { port?: number; chainId?: number; accounts?: number; balanceEth?: number };
  /**
   * The side chain (funded accounts as on the main chain, no contracts); false: none. Its port defaults
   * to LOCALNET_SIDE_EVM_PORT, else 8546, but to a free port when the main chain's port is 0 (so callers
   * that ask for free ports, like tests, never collide with a running `npm start`).
   */
  sideEvm?: false | { port?: number; chainId?: number };
  /**
   * The other EVM coins' chains (one anvil each, contracts and funded accounts as on the main chain); false: none.
   * `coins` defaults to LOCALNET_EVM_COINS, else all of EVM_COINS; a coin's port to LOCALNET_<COIN>_PORT, else
   * DEFAULT_EVM_COIN_PORTS, but to a free port when the main chain's port is 0 (0 = a free port).
   */
  evmCoins?: false | { coins?: readonly EvmCoin[]; ports?: Partial<Record<EvmCoin, number>> };
  /** false: no Litecoin node. */
  ltc?:
    | false
    | {
        binary?: string;
        rpcPort?: number;
        p2pPort?: number;
        rpcUser?: string;
        rpcPassword?: string;
        fundAmount?: number;
        /** Fail startLocalnet when litecoind is installed but does not start (default: warn, EVM only). */
        required?: boolean;
      };
  /**
   * The XRP Ledger simulator (rippled JSON-RPC); false: none. Port default LOCALNET_XRPL_PORT, else 51234, but a free
   * port when the main chain's port is 0 (0 = a free port).
   */
  xrpl?: false | { port?: number };
  /** false: no FIO simulator. */
  fio?: false | { port?: number };
  /** The Stellar Horizon simulator; false: none. Port default LOCALNET_STELLAR_PORT, else 8000, but a free port when the main chain's port is 0. */
  stellar?: false | { port?: number };
  /** The TRON simulator (full-node HTTP API + TronGrid v1); false: none. Port default LOCALNET_TRON_PORT, else 8090, but a free port when the main chain's port is 0. */
  tron?: false | { port?: number };
  /** The Solana node (LiteSVM behind JSON-RPC, two ports); false: none. Free ports when the main chain's port is 0. */
  solana?: false | { port?: number; slotMs?: number };
  /**
   * The bitcoin-family chains without a node of their own (BTC, TBTC, BCH, GRS, DASH, DGB, DOGE: Blockbook v2 and
   * mempool fee APIs on one port); false: none. Port default LOCALNET_UTXO_PORT, else 9130, but a free port when the
   * main chain's port is 0.
   */
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
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.once('error', reject);
    s.listen(0, HOST, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
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

export async function startLocalnet(opts: LocalnetOptions = {}): Promise<Localnet> {
  const t0 = Date.now();
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((m: string) => console.log(`[localnet] ${m}`));
  const dataDir = path.resolve(opts.dataDir ?? defaultDataDir(env));
  const cacheDir = path.resolve(opts.cacheDir ?? path.join(dataDir, 'cache'));
  const mnemonic = opts.mnemonic ?? (env.WALLET_EMULATOR_MNEMONIC?.trim() || DEFAULT_MNEMONIC);
  const blockIntervalMs = opts.blockIntervalMs ?? intEnv(env, 'LOCALNET_BLOCK_INTERVAL_MS') ?? 5000;
  const port = async (v: number | undefined, key: string, dflt: number) => {
    const p = v ?? intEnv(env, key) ?? dflt;
    return p === 0 ? freePort() : p;
  };
  fs.mkdirSync(dataDir, { recursive: true });
  // The main chain and the side chain share the funded accounts (derived once) and the side chain's
  // default port depends on the main chain's. Resolved before litecoind is spawned, so that a bad value
  // throws with nothing to clean up.
  const ethAccounts = deriveEthAccounts(
    mnemonic,
    opts.evm?.accounts ?? intEnv(env, 'LOCALNET_EVM_ACCOUNTS') ?? 5,
  );
  const balanceEth = opts.evm?.balanceEth ?? intEnv(env, 'LOCALNET_EVM_BALANCE_ETH') ?? 100;
  const evmPortRequested = opts.evm?.port ?? intEnv(env, 'LOCALNET_EVM_PORT') ?? 8545;
  const evmPort = evmPortRequested === 0 ? await freePort() : evmPortRequested;

  // All chains start in parallel: litecoind is spawned first (its own process boots while solc and
  // the anvils start).
  // 1. Litecoin regtest
  const ltcOpts = opts.ltc;
  const ltcEnabled = ltcOpts !== false && !/^(0|false|no|off)$/i.test(env.LOCALNET_LTC?.trim() ?? '');
  let ltcStart: Promise<Awaited<ReturnType<typeof startLitecoin>> | null> = Promise.resolve(null);
  if (ltcEnabled) {
    const o = ltcOpts || {};
    const binary = findLitecoind(o.binary ?? (env.LITECOIND?.trim() || 'litecoind'));
    if (!binary) {
      if (o.required)
        throw new Error(
          'litecoind not found: install it with `sudo apt-get install -y litecoind` (or set LITECOIND=/path/to/litecoind)',
        );
      log(INSTALL_HINT);
    } else {
      const rpcPort = await port(o.rpcPort, 'LOCALNET_LTC_RPC_PORT', DEFAULT_LTC_RPC_PORT);
      let p2pPort = await port(o.p2pPort, 'LOCALNET_LTC_P2P_PORT', DEFAULT_LTC_P2P_PORT);
      while (p2pPort === rpcPort) p2pPort = await freePort();
      ltcStart = startLitecoin({
        binary,
        host: HOST,
        rpcPort,
        p2pPort,
        rpcUser: o.rpcUser ?? (env.LOCALNET_LTC_RPC_USER?.trim() || 'secux'),
        rpcPassword: o.rpcPassword ?? (env.LOCALNET_LTC_RPC_PASSWORD?.trim() || 'secux-localnet'),
        dataDir: path.join(dataDir, 'litecoind'),
        fund: deriveLtcFundedAccounts(mnemonic),
        fundAmount: o.fundAmount ?? intEnv(env, 'LOCALNET_LTC_FUND_AMOUNT') ?? 5,
        blockIntervalMs,
        log,
      }).then(
        (r) => {
          log(`Litecoin regtest (${r.info.version}) at ${r.info.rpcUrl} (${Date.now() - t0} ms)`);
          return r;
        },
        (e: unknown) => {
          if (o.required) throw e;
          log(
            `Litecoin regtest failed to start, going on with the EVM chains only: ${e instanceof Error ? e.message : String(e)}`,
          );
          return null;
        },
      );
    }
  }

  // 2. EVM: the contracts are compiled (or read from the cache) once for the main chain and the coins' chains,
  // which spawn their anvils meanwhile.
  const artifacts = (async () => {
    await new Promise((r) => setImmediate(r)); // let the litecoind and anvil spawns go first
    const compiled = compileContracts(cacheDir);
    log(
      `contracts ${compiled.fromCache ? 'loaded from cache' : `compiled with solc ${compiled.compilerVersion}`} (${compiled.ms} ms)`,
    );
    return compiled.artifacts;
  })();
  artifacts.catch(() => undefined); // awaited by each chain; its failure is theirs
  const evmStart = (async () => {
    const r = await startEvm({
      host: HOST,
      port: evmPort,
      chainId: opts.evm?.chainId ?? intEnv(env, 'LOCALNET_CHAIN_ID') ?? DEFAULT_CHAIN_ID,
      accounts: ethAccounts,
      balanceEth,
      blockIntervalMs,
      artifacts,
      log,
    });
    log(`EVM chain ${r.info.chainId} at ${r.info.rpcUrl} (${Date.now() - t0} ms)`);
    return r;
  })();

  // 3. The side chain, started alongside (no contracts, so no solc output to wait for). Inside the
  // promise, so that a bad port is reported only after litecoind and the main chain are stopped again.
  const sideOpts = opts.sideEvm;
  const sideStart =
    sideOpts === false
      ? Promise.resolve(null)
      : (async () => {
          await new Promise((r) => setImmediate(r)); // let the litecoind spawn go first
          const o = sideOpts ?? {};
          const requested =
            o.port ??
            intEnv(env, 'LOCALNET_SIDE_EVM_PORT') ??
            (evmPortRequested === 0 ? 0 : DEFAULT_SIDE_EVM_PORT);
          let sidePort = requested === 0 ? await freePort() : requested;
          // A free port is picked and released again: make sure it is not the one the main chain got.
          while (requested === 0 && sidePort === evmPort) sidePort = await freePort();
          if (sidePort === evmPort)
            throw new Error(
              `the EVM side chain's port ${sidePort} is the main EVM chain's port: set LOCALNET_SIDE_EVM_PORT to another one`,
            );
          const r = await startEvm({
            contracts: false,
            host: HOST,
            port: sidePort,
            chainId: o.chainId ?? intEnv(env, 'LOCALNET_SIDE_CHAIN_ID') ?? DEFAULT_SIDE_CHAIN_ID,
            accounts: ethAccounts,
            balanceEth,
            blockIntervalMs,
            log,
          });
          log(`EVM side chain ${r.info.chainId} at ${r.info.rpcUrl} (${Date.now() - t0} ms)`);
          return r;
        })();

  // 3b. The other EVM coins' chains, all alongside the main chain. Their ports are picked apart from the main and
  // side chains' (a free port is released before anvil binds it).
  const coinOpts = opts.evmCoins;
  const coinsStart = (async () => {
    const coins =
      coinOpts === false
        ? []
        : (coinOpts?.coins ??
          (env.LOCALNET_EVM_COINS?.trim() ? parseEvmCoins(env.LOCALNET_EVM_COINS) : EVM_COINS));
    if (!coins.length) return null;
    const taken = new Set([evmPort, ...(sideOpts === false ? [] : [DEFAULT_SIDE_EVM_PORT])]);
    const ports = { ...DEFAULT_EVM_COIN_PORTS };
    for (const coin of coins) {
      const requested =
        (coinOpts ? coinOpts.ports?.[coin] : undefined) ??
        intEnv(env, `LOCALNET_${coin}_PORT`) ??
        (evmPortRequested === 0 ? 0 : DEFAULT_EVM_COIN_PORTS[coin]);
      let p = requested === 0 ? await freePort() : requested;
      while (requested === 0 && taken.has(p)) p = await freePort();
      if (taken.has(p))
        throw new Error(
          `the ${coin} chain's port ${p} is taken by another local EVM chain: set LOCALNET_${coin}_PORT to another one`,
        );
      taken.add(p);
      ports[coin] = p;
    }
    const r = await startEvmCoins({
      coins,
      host: HOST,
      ports,
      mnemonic,
      accounts: ethAccounts.length,
      balanceEth,
      blockIntervalMs,
      artifacts,
      log,
    });
    log(
      `EVM coins ${Object.entries(r.info)
        .map(([coin, i]) => `${coin} (chain ${i.chainId}) at ${i.rpcUrl}`)
        .join(', ')} (${Date.now() - t0} ms)`,
    );
    return r;
  })();

  // XRP Ledger simulator (in-process; its ledgers close on the block interval).
  const xrplOpts = opts.xrpl;
  const xrplEnabled = xrplOpts !== false && !/^(0|false|no|off)$/i.test(env.LOCALNET_XRPL?.trim() ?? '');
  let xrplError: unknown;
  const xrpl = xrplEnabled
    ? await (async () =>
        startXrpl({
          mnemonic,
          host: HOST,
          // Like the side chain: a free port by default when the main chain's port is 0 (tests).
          port: await port(
            xrplOpts ? xrplOpts.port : undefined,
            'LOCALNET_XRPL_PORT',
            evmPortRequested === 0 ? 0 : DEFAULT_XRPL_PORT,
          ),
          closeIntervalMs: blockIntervalMs,
        }))().catch((e: unknown) => {
        xrplError = e ?? new Error('the XRP Ledger simulator failed to start');
        return null;
      })
    : null;
  if (xrpl) log(`XRP Ledger simulator at ${xrpl.info.rpcUrl} (${Date.now() - t0} ms)`);

  // Stellar Horizon simulator (in-process; its ledgers close on the block interval).
  const stellarOpts = opts.stellar;
  const stellarEnabled =
    stellarOpts !== false && !/^(0|false|no|off)$/i.test(env.LOCALNET_STELLAR?.trim() ?? '');
  let stellarError: unknown;
  const stellar = stellarEnabled
    ? await (async () =>
        startStellar({
          mnemonic,
          host: HOST,
          port: await port(
            stellarOpts ? stellarOpts.port : undefined,
            'LOCALNET_STELLAR_PORT',
            evmPortRequested === 0 ? 0 : DEFAULT_STELLAR_PORT,
          ),
          closeIntervalMs: blockIntervalMs,
        }))().catch((e: unknown) => {
        stellarError = e ?? new Error('the Stellar Horizon simulator failed to start');
        return null;
      })
    : null;
  if (stellar) log(`Stellar Horizon simulator at ${stellar.info.horizonUrl} (${Date.now() - t0} ms)`);

  const [evmRes, sideRes, ltcRes, coinsRes] = await Promise.allSettled([
    evmStart,
    sideStart,
    ltcStart,
    coinsStart,
  ]);
  if (
    evmRes.status === 'rejected' ||
    sideRes.status === 'rejected' ||
    ltcRes.status === 'rejected' ||
    coinsRes.status === 'rejected'
  ) {
    await Promise.all([
      evmRes.status === 'fulfilled' ? evmRes.value.stop() : undefined,
      sideRes.status === 'fulfilled' ? sideRes.value?.stop() : undefined,
      ltcRes.status === 'fulfilled' ? ltcRes.value?.stop() : undefined,
      coinsRes.status === 'fulfilled' ? coinsRes.value?.stop() : undefined,
      xrpl?.stop(),
      stellar?.stop(),
    ]);
    throw [evmRes, sideRes, ltcRes, coinsRes].find(
      (r): r is PromiseRejectedResult => r.status === 'rejected',
    )!.reason;
  }
  const evm = evmRes.value;
  const side = sideRes.value;
  const ltc = ltcRes.value;
  const coins = coinsRes.value;
  if (xrplError !== undefined) {
    await Promise.all([evm.stop(), side?.stop(), ltc?.stop(), coins?.stop(), stellar?.stop()]);
    throw xrplError;
  }
  if (stellarError !== undefined) {
    await Promise.all([evm.stop(), side?.stop(), ltc?.stop(), coins?.stop(), xrpl?.stop()]);
    throw stellarError;
  }

  // TRON simulator (in-process; a block every 3 s, or on the block interval when shorter).
  const tronOpts = opts.tron;
  const tronEnabled = tronOpts !== false && !/^(0|false|no|off)$/i.test(env.LOCALNET_TRON?.trim() ?? '');
  let tron: Awaited<ReturnType<typeof startTron>> | null = null;
  if (tronEnabled) {
    try {
      tron = await startTron({
        mnemonic,
        host: HOST,
        port: await port(
          tronOpts ? tronOpts.port : undefined,
          'LOCALNET_TRON_PORT',
          evmPortRequested === 0 ? 0 : DEFAULT_TRON_PORT,
        ),
        blockIntervalMs,
      });
      log(`TRON simulator at ${tron.info.url} (${Date.now() - t0} ms)`);
    } catch (e) {
      await Promise.all([
        evm.stop(),
        side?.stop(),
        ltc?.stop(),
        coins?.stop(),
        xrpl?.stop(),
        stellar?.stop(),
      ]);
      throw e;
    }
  }

  // Solana: LiteSVM in-process behind two JSON-RPC ports (started last: nothing else waits for it).
  const solOpts = opts.solana;
  const solEnabled = solOpts !== false && !/^(0|false|no|off)$/i.test(env.LOCALNET_SOLANA?.trim() ?? '');
  let solana: Awaited<ReturnType<typeof startSolana>> | null = null;
  if (solEnabled) {
    try {
      const first =
        (solOpts ? solOpts.port : undefined) ??
        intEnv(env, 'LOCALNET_SOLANA_PORT') ??
        (evmPortRequested === 0 ? 0 : DEFAULT_SOLANA_PORTS[0]);
      solana = await startSolana({
        mnemonic,
        host: HOST,
        ports: first === 0 ? [0, 0] : [first, first + 1],
        slotMs: (solOpts ? solOpts.slotMs : undefined) ?? intEnv(env, 'LOCALNET_SOLANA_SLOT_MS') ?? 400,
      });
      log(`Solana (LiteSVM) at ${solana.info.rpcUrls.join(', ')} (${Date.now() - t0} ms)`);
    } catch (e) {
      await Promise.all([
        evm.stop(),
        side?.stop(),
        ltc?.stop(),
        coins?.stop(),
        xrpl?.stop(),
        stellar?.stop(),
        tron?.stop(),
      ]);
      throw e;
    }
  }

  // FIO chain simulator (in-process; blocks every 500 ms).
  const fioOpts = opts.fio;
  const fioEnabled = fioOpts !== false && !/^(0|false|no|off)$/i.test(env.LOCALNET_FIO?.trim() ?? '');
  let fio: Awaited<ReturnType<typeof startFio>> | null = null;
  if (fioEnabled) {
    try {
      fio = await startFio({
        mnemonic,
        host: HOST,
        port: await port(
          fioOpts ? fioOpts.port : undefined,
          'LOCALNET_FIO_PORT',
          evmPortRequested === 0 ? 0 : DEFAULT_FIO_PORT,
        ),
      });
      log(`FIO simulator at ${fio.info.apiUrl} (${Date.now() - t0} ms)`);
    } catch (e) {
      await Promise.all([
        evm.stop(),
        side?.stop(),
        ltc?.stop(),
        coins?.stop(),
        xrpl?.stop(),
        stellar?.stop(),
        tron?.stop(),
        solana?.stop(),
      ]);
      throw e;
    }
  }

  // The bitcoin-family chains (in-process; a block on every coin each block interval).
  const utxoOpts = opts.utxo;
  const utxoEnabled = utxoOpts !== false && !/^(0|false|no|off)$/i.test(env.LOCALNET_UTXO?.trim() ?? '');
  let utxo: Awaited<ReturnType<typeof startUtxo>> | null = null;
  if (utxoEnabled) {
    try {
      utxo = await startUtxo({
        mnemonic,
        host: HOST,
        port: await port(
          utxoOpts ? utxoOpts.port : undefined,
          'LOCALNET_UTXO_PORT',
          evmPortRequested === 0 ? 0 : DEFAULT_UTXO_PORT,
        ),
        blockIntervalMs,
        log,
      });
    } catch (e) {
      await Promise.all([
        evm.stop(),
        side?.stop(),
        ltc?.stop(),
        coins?.stop(),
        xrpl?.stop(),
        stellar?.stop(),
        tron?.stop(),
        solana?.stop(),
        fio?.stop(),
      ]);
      throw e;
    }
  }

  let endpointsPath: string | null = null;
  // 4. Lifecycle: stop every node on stop(), on SIGINT/SIGTERM and (synchronously, litecoind only) on exit.
  const onExit = () => {
    if (ltc && ltc.child.exitCode === null && ltc.child.signalCode === null) ltc.child.kill('SIGTERM');
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
      await Promise.all([
        tron?.stop(),
        evm.stop(),
        side?.stop(),
        coins?.stop(),
        ltc?.stop(),
        xrpl?.stop(),
        fio?.stop(),
        stellar?.stop(),
        solana?.stop(),
        utxo?.stop(),
      ]);
    })());
  process.on('exit', onExit);
  if (opts.handleSignals ?? true) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }

  const endpoints: Endpoints & Pick<Localnet, 'sideEvm' | 'evmCoins'> = {
    startedAt: new Date().toISOString(),
    pid: process.pid,
    evm: evm.info,
    sideEvm: side?.info ?? null,
    evmCoins: coins?.info ?? {},
    ltc: ltc?.info ?? null,
    xrpl: xrpl?.info ?? null,
    fio: fio?.info ?? null,
    stellar: stellar?.info ?? null,
    tron: tron?.info ?? null,
    solana: solana?.info ?? null,
    utxo: utxo?.info ?? null,
  };
  if (opts.writeEndpoints ?? true) {
    endpointsPath = path.join(dataDir, 'endpoints.json');
    fs.writeFileSync(endpointsPath, `${JSON.stringify(endpoints, null, 2)}\n`);
  }
  return { ...endpoints, dataDir, endpointsFile: endpointsPath, startupMs: Date.now() - t0, stop };
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
} from './mainnet/standIn.js';
export * from './mainnet/providers/solana.js';
export * from './mainnet/providers/blockbook.js';
export * from './mainnet/providers/mempool.js';
export {
  CLIO_SLOW_DOWN,
  RIPPLED_OVERLOADED,
  rippledBehaviour,
  type RippledBehaviourOptions,
} from './mainnet/providers/rippled.js';
export {
  HORIZON_BEFORE_HISTORY,
  HORIZON_MAX_LIMIT,
  horizonBehaviour,
  horizonRateLimited,
  type HorizonBehaviourOptions,
} from './mainnet/providers/horizon.js';
export {
  TRONGRID_MAX_LIMIT,
  tronGridBehaviour,
  tronGridRefusal,
  type TronGridBehaviourOptions,
} from './mainnet/providers/trongrid.js';
export * from './mainnet/providers/fio.js';
export * from './mainnet/providers/evmRpc.js';
export * from './mainnet/providers/etherscan.js';
export { startEtherscanExplorer, type EtherscanExplorer } from './mainnet/etherscanExplorer.js';
