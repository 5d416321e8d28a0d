/** The bitcoin adapter's contract; the domain types it speaks in are in utxo.ts (re-exported here). */
import type { Bip, RecommendedFees } from '@secux-companion/core';
import type { AccountDescriptor, ChainAdapter, HistoryPage, Operation } from '@secux-companion/chain-common';
import type {
  BtcBuiltTransaction,
  BtcSignRequest,
  DeviceBtcInput,
  DeviceBtcOutputs,
  DeviceBtcSignOptions,
  SendDraft,
  UtxoPlan,
} from './build';
import type { Rng } from './changePath';
import type { AccountKeys } from './derive';
import type { UtxoNetwork } from './networks';
import type { CpfpDraft, RbfDraft } from './speedup';
import type { Utxo, UtxoTx } from './utxo';

export type { Utxo, UtxoTx, UtxoTxInput, UtxoTxOutput } from './utxo';

// The adapter's contract: what it needs from the product API ({@link BitcoinBackend}, implemented in network/) and
// from the device, and its own shape. The operations are in ops/, composed by adapter.ts.

/** An unspent output as the backend reports it (the script type comes from the account). */
export type BackendUtxo = Omit<Utxo, 'type' | 'publicKey' | 'txHex'>;

export interface AccountSummary {
  /** Confirmed balance. */
  balance: bigint;
  /** Net unconfirmed amount. */
  unconfirmed: bigint;
  txCount: number;
}

/** What logic needs from the product API (implemented in network/). */
export interface BitcoinBackend {
  getAccountSummary(xpub: string, bip: Bip): Promise<AccountSummary>;
  /** Unspent outputs of the account, pending ones with height null. */
  getUtxos(xpub: string, bip: Bip): Promise<BackendUtxo[]>;
  /** One page of history Operations, newest first, senders/recipients flagged isOwn with paths (as the server sends them). */
  getHistory(xpub: string, bip: Bip, cursor: string | null): Promise<HistoryPage>;
  /** Used addresses of the account (receive and change) with their transfer counts; absent → receive index 0. */
  getAccountAddresses?(xpub: string, bip: Bip): Promise<UsedAddress[]>;
  /** Forgets short-lived answers (before a refresh, after a broadcast). */
  clearCache?(): void;
  /**
   * Confirmed received and sent per bucket of `groupBy` seconds between `from` and `to` (unix seconds), oldest
   * first, time in ms (Blockbook's balance history); absent or failing where the server keeps none.
   */
  getBalanceHistory?(
    xpub: string,
    bip: Bip,
    from: number,
    to: number,
    groupBy: number,
  ): Promise<{ time: number; received: bigint; sent: bigint }[]>;
  /** Raw transactions (hex) by id. */
  getRawTransactions(txids: readonly string[]): Promise<Record<string, string>>;
  /** Recommended fees (BTC/TBTC); null when the service failed. */
  getRecommendedFees(): Promise<RecommendedFees | null>;
  /** The lowest fee rate (sat/vB) the network relays now (a node's getmempoolinfo, else the mempool service's). */
  getNetworkMinFeeRate?(): Promise<number>;
  /**
   * Fee (satoshis) and vsize of a pending transaction together with its unconfirmed ancestors (a node's
   * getmempoolentry, else the server's walk through the mempool service's transaction endpoint).
   */
  getMempoolAncestors?(txid: string): Promise<{ fee: bigint; vsize: number }>;
  /** Broadcasts and returns the transaction id. */
  broadcast(rawTx: string): Promise<string>;
}

/** An address of the account the server saw used. */
export interface UsedAddress {
  path: string;
  change: 0 | 1;
  index: number;
  address: string;
  transfers: number;
}

/** Device capabilities the adapter uses (satisfied by the device layer's Device). */
export interface BtcKeySource {
  getXPublicKey(path: string): Promise<string>;
}
export interface BtcSigner {
  signBtc(
    inputs: DeviceBtcInput[],
    outputs: DeviceBtcOutputs,
    options?: DeviceBtcSignOptions & { onProgress?: (current: number, total: number) => void },
  ): Promise<{ rawTx: string }>;
}

export interface BitcoinFamily {
  keySource: BtcKeySource;
  draft: SendDraft;
  unsigned: UtxoPlan;
  signRequest: BtcSignRequest;
  signer: BtcSigner;
  signature: { rawTx: string };
}

export interface BitcoinAdapter extends ChainAdapter<BitcoinFamily> {
  readonly network: UtxoNetwork;
  /**
   * The account's balance from `from` to `now` (ms) as a step line, oldest first (Blockbook's balance history
   * walked back from the current balance); rejects when the backend keeps none.
   */
  getBalanceHistory(
    account: AccountDescriptor,
    current: { balance: bigint; pending: bigint },
    from: number,
    now: number,
  ): Promise<{ time: number; balance: bigint }[]>;
  /** Addresses and keys of an account. */
  keysOf(account: AccountDescriptor): AccountKeys;
  build(account: AccountDescriptor, draft: SendDraft): Promise<BtcBuiltTransaction>;
  /** Replace-by-fee of a pending own transaction (a history Operation, or its UtxoTx). */
  buildRbf(
    account: AccountDescriptor,
    original: UtxoTx | Operation,
    draft: RbfDraft,
  ): Promise<BtcBuiltTransaction>;
  /** Child-pays-for-parent of a pending transaction paying the account. */
  buildCpfp(
    account: AccountDescriptor,
    parent: UtxoTx | Operation,
    draft: CpfpDraft,
  ): Promise<BtcBuiltTransaction>;
}

export interface BitcoinAdapterOptions {
  /** RNG for change indexes (tests). */
  rng?: Rng;
}
