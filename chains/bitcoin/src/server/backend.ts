/**
 * What each kind of bitcoin-family provider can answer (Trezor blockchain-link style: one facade per family, one
 * implementation per backend). A provider implements the subset it supports; the facade runs the calls with
 * failover over the providers that implement them.
 */
import type { HistoryQuery, Provider } from '@secux-companion/server-kit/failover';
import type { AccountInfo, FeeTiers, HistoryPage, TxDetails, Utxo } from '@secux-companion/server-kit/types';
import type { PackageTx } from './providers/mempoolTx.js';
import type { UtxoBip } from './xpub.js';

/** What a bitcoin-family query is about: an account-level xpub (with its purpose) or one address. */
export type UtxoSubject =
  { kind: 'xpub'; xpub: string; bip: UtxoBip; explicitBip: boolean } | { kind: 'address'; address: string };

export interface BalanceHistoryQuery {
  /** Unix seconds. */
  from: number;
  to: number;
  /** Bucket length in seconds. */
  groupBy: number;
}

/** One bucket as the facade answers it: time in ms, amounts in satoshi as decimal text. */
export interface BalanceBucket {
  time: number;
  txs: number;
  received: string;
  sent: string;
}

export interface XpubQuery {
  subject: UtxoSubject;
  /** Include every derived address up to the gap ('derived') or only used ones ('used', default). */
  tokens?: 'used' | 'derived';
  gap?: number;
}

export type { HistoryQuery };

export interface UtxoProvider extends Provider {
  readonly kind: 'blockbook' | 'bitcoinCore';
  /** The `k` its history cursors carry (a cursor goes back to a provider of the kind that wrote it). */
  readonly cursorKind?: string;
  getAccount?(q: XpubQuery, chain: string, signal: AbortSignal): Promise<AccountInfo>;
  getUtxos?(subject: UtxoSubject, confirmedOnly: boolean, signal: AbortSignal): Promise<Utxo[]>;
  getHistory?(
    subject: UtxoSubject,
    q: HistoryQuery,
    signal: AbortSignal,
  ): Promise<Omit<HistoryPage, 'provider'>>;
  /** Confirmed received and sent per bucket of time, oldest first (Blockbook's balance history). */
  getBalanceHistory?(
    subject: UtxoSubject,
    q: BalanceHistoryQuery,
    signal: AbortSignal,
  ): Promise<BalanceBucket[]>;
  getTx?(txid: string, signal: AbortSignal): Promise<TxDetails>;
  getRawTx?(txid: string, signal: AbortSignal): Promise<string>;
  broadcast?(hex: string, signal: AbortSignal): Promise<string>;
  estimateFees?(signal: AbortSignal): Promise<FeeTiers<number>>;
  /** Raw node JSON-RPC (allow-listed by the facade). */
  rpc?(method: string, params: unknown[], signal: AbortSignal): Promise<unknown>;
}

/** A fee-rate service (mempool.space) asked before the nodes on chains with network fees. */
export interface FeeProvider extends Provider {
  readonly kind: 'mempool';
  recommendedFees(signal: AbortSignal): Promise<FeeTiers<number>>;
  /** The lowest fee rate the service's node relays now (sat/vB): the network minimum without a node RPC. */
  minRelayFee?(signal: AbortSignal): Promise<number>;
  /** One transaction's fee, vsize, status and parents (GET /tx/:txid), for the CPFP ancestor walk. */
  getPackageTx?(txid: string, signal: AbortSignal): Promise<PackageTx>;
}
