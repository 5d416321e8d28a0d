/** Domain types of the bitcoin family (what `network/` returns to `logic/`) and the adapter's contract. */
import type { Bip, RecommendedFees } from '@secux-companion/core';
import type { AccountDescriptor, ChainAdapter, HistoryPage, Operation } from '@secux-companion/chain-common';
import type { OutputType } from './address';
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

/** A spendable output of the account (spec "Usable UTXO": txid, vout, value, address, path). */
export interface Utxo {
  txid: string;
  vout: number;
  value: bigint;
  address: string;
  /** Full path m/…/{change}/{index}. */
  path: string;
  /** Block height; null while unconfirmed (never spent by a normal send). */
  height: number | null;
  /** Own script type (from the account's bip). */
  type: OutputType;
  /** Compressed public key (hex) when known from the xpub; saves device round trips. */
  publicKey?: string;
  /** Previous transaction (hex), attached for legacy inputs. */
  txHex?: string;
}

export interface UtxoTxInput {
  /** Previous outpoint. */
  txid: string;
  vout: number;
  value: bigint;
  address: string;
  isOwn: boolean;
  path?: string;
}

export interface UtxoTxOutput {
  vout: number;
  value: bigint;
  address: string;
  isOwn: boolean;
  path?: string;
}

/** A bitcoin-family transaction seen by the account (spec "BTC-family history item"). */
export interface UtxoTx {
  hash: string;
  /** null while pending (the API's block_id −1). */
  blockHeight: number | null;
  /** ms since epoch, null when missing. */
  time: number | null;
  vsize: number;
  fee: bigint;
  /** BIP-125 signalling. */
  rbf: boolean;
  inputs: UtxoTxInput[];
  outputs: UtxoTxOutput[];
}

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
  /** Raw transactions (hex) by id. */
  getRawTransactions(txids: readonly string[]): Promise<Record<string, string>>;
  /** Recommended fees (BTC/TBTC); null when the service failed. */
  getRecommendedFees(): Promise<RecommendedFees | null>;
  /** The lowest fee rate (sat/vB) the network's node relays now (getmempoolinfo). */
  getNetworkMinFeeRate?(): Promise<number>;
  /** Fee (satoshis) and vsize of a pending transaction together with its unconfirmed ancestors (getmempoolentry). */
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
