/**
 * The state one Bitcoin Core provider shares between its operations (options, mutexes, caches, request ids). Each
 * operation of this folder is a function over this context; ../bitcoinCore.ts composes them.
 */
import type { FetchFn } from '@secux-companion/server-kit/failover';
import { Mutex } from '@secux-companion/server-kit/failover';
import { LruMap } from '@secux-companion/server-kit/lru';
import type { UtxoNetwork } from '../../xpub.js';

export interface BitcoinCoreOptions {
  name: string;
  /** http://host:port (credentials separately). */
  url: string;
  user?: string;
  password?: string;
  fetch: FetchFn;
  timeoutMs: number;
  network: UtxoNetwork;
  /** SLIP-44 coin type for the paths of derived addresses (LTC 2). */
  coinType: number;
  /** Derived indexes scanned per chain (receive and change). Default 100 (spec: address scan up to 100 indexes). */
  range?: number;
  /** Rescan start (unix seconds) for new watch-only imports. Default 0 (whole chain; fine for regtest/small chains). */
  rescanSince?: number;
  /** Prefix of the per-account watch-only wallets. Default 'secux-watch-'. */
  walletPrefix?: string;
  /**
   * Largest mempool (transactions) read to find the pending outputs of an account. Default 50 000; above it the
   * account's watch-only wallet (listunspent) is asked instead.
   */
  mempoolMax?: number;
  /**
   * Watch-only wallets kept loaded (least recently used ones are unloaded; loaded again when asked). Default 50.
   */
  maxWallets?: number;
  /**
   * New watch-only wallets (each imports and rescans) created per hour; beyond it a new account is answered 429 with
   * Retry-After (known accounts keep working). Default 30.
   */
  newWalletsPerHour?: number;
  /** Accounts whose derived addresses are kept in memory. Default 1000. */
  maxAccounts?: number;
}

export interface Resolved {
  key: string;
  descs: { desc: string; range?: [number, number] }[];
  /** address → path info */
  info: Map<string, { path?: string; change: 0 | 1; index: number }>;
  order: string[];
  wallet: string;
}

export interface CoreContext {
  readonly o: BitcoinCoreOptions;
  /** The node's URL without trailing slashes. */
  readonly base: string;
  /** The Basic authorization header, when credentials are configured. */
  readonly auth: string | undefined;
  readonly range: number;
  readonly mempoolMax: number;
  readonly perHour: number;
  readonly scanMutex: Mutex;
  readonly importMutex: Mutex;
  readonly mempoolMutex: Mutex;
  readonly resolved: LruMap<string, Resolved>;
  /** Loaded and imported wallets by account key (LRU; evicted ones are unloaded from the node). */
  readonly imported: LruMap<string, string>;
  /** Creation times of the new watch-only wallets of the last hour. */
  readonly created: number[];
  /**
   * Outputs of mempool transactions, by txid (only what the UTXO listing needs). Mempool transactions never change
   * under their txid, so each one is read once (getrawtransaction, which needs no txindex for mempool
   * transactions) and dropped when it leaves the mempool.
   */
  readonly mempool: Map<string, { n: number; address?: string }[]>;
  /** The chain check holds until then (0 = check on the next call). */
  checkedUntil: number;
  nextId: number;
}

export function createContext(o: BitcoinCoreOptions): CoreContext {
  return {
    o,
    base: o.url.replace(/\/+$/, ''),
    auth:
      o.user !== undefined
        ? `Basic ${Buffer.from(`${o.user}:${o.password ?? ''}`).toString('base64')}`
        : undefined,
    range: o.range ?? 100,
    mempoolMax: o.mempoolMax ?? 50_000,
    perHour: o.newWalletsPerHour ?? 30,
    scanMutex: new Mutex(),
    importMutex: new Mutex(),
    mempoolMutex: new Mutex(),
    resolved: new LruMap<string, Resolved>(o.maxAccounts ?? 1000),
    imported: new LruMap<string, string>(o.maxWallets ?? 50),
    created: [],
    mempool: new Map(),
    checkedUntil: 0,
    nextId: 1,
  };
}
