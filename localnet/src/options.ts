/** startLocalnet's options and what it answers (endpoints.json's shape). */
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
