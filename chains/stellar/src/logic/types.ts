/**
 * The Stellar adapter's contract: what it needs from the network ({@link StellarBackend}, network/productApi.ts), from
 * the device, and the adapter's own shape. The operations are in ops/, composed by adapter.ts.
 */
import type { ChainAdapter, HistoryPage } from '@secux-companion/chain-common';
import type { BuiltPayment, StellarDeviceTx, StellarDraft, StellarSignature } from './tx';

/** A non-native balance (trustline or pool share), shown read-only. */
export interface StellarAssetBalance {
  kind: 'credit_alphanum4' | 'credit_alphanum12' | 'liquidity_pool_shares';
  /** Asset code ('USDC'); the pool id for pool shares. */
  code: string;
  /** Issuer G… ('' for pool shares). */
  issuer: string;
  balance: bigint;
}

/** The account as the product API reads it (GET /accounts/{id}; 404 = inactive, balance 0). */
export interface StellarAccountInfo {
  activated: boolean;
  /** Native balance in stroops. */
  balance: bigint;
  /** Current sequence; null while inactive. */
  sequence: bigint | null;
  subentries: number;
  sponsoring: number;
  sponsored: number;
  /** Native selling liabilities in stroops. */
  sellingLiabilities: bigint;
  /** SEP-29: the account's data entry `config.memo_required` is set. */
  memoRequired: boolean;
  assets: StellarAssetBalance[];
}

/** The network as the latest ledger describes it (base fee and base reserve read live). */
export interface StellarNetworkInfo {
  networkPassphrase: string;
  ledger: number;
  /** Stroops per operation. */
  baseFee: bigint;
  /** Stroops (0.5 XLM today). */
  baseReserve: bigint;
}

/** What logic/ needs from the network (network/productApi.ts implements it). */
export interface StellarBackend {
  account(address: string, signal?: AbortSignal): Promise<StellarAccountInfo>;
  network(signal?: AbortSignal): Promise<StellarNetworkInfo>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** Submits the signed envelope (base64 XDR) and returns its hash. */
  broadcast(envelope: string): Promise<string>;
}

export interface StellarSignRequest {
  /** m/44'/148'/{index}' (hardened, no /0/0). */
  path: string;
  tx: StellarDeviceTx;
}

/** The device capability used (packages/device Device). */
export interface StellarSigner {
  signXlm(path: string, tx: Record<string, unknown>): Promise<{ rawTx: string; signature?: string }>;
}

export interface StellarKeySource {
  getAddress(path: string): Promise<string>;
}

export type StellarUnsigned = BuiltPayment;

export interface StellarFamily {
  keySource: StellarKeySource;
  draft: StellarDraft;
  unsigned: StellarUnsigned;
  signRequest: StellarSignRequest;
  signer: StellarSigner;
  signature: StellarSignature;
}

/** What the send form needs to know about a recipient before building (activation, SEP-29, muxed id). */
export interface StellarRecipientInfo {
  /** The G… account the payment reaches. */
  account: string;
  /** The muxed id of an M… address. */
  muxedId?: string;
  activated: boolean;
  /** SEP-29 config.memo_required. */
  memoRequired: boolean;
  /** The smallest first payment that creates an inactive account (2 × base reserve). */
  newAccountMinimum: bigint;
  /** The fee of a send to it (doubled when it creates the account). */
  fee: bigint;
}

/** The adapter plus the Stellar-only reads the web family uses (the send form's recipient and the network). */
export type StellarAdapter = ChainAdapter<StellarFamily> & {
  recipientInfo(address: string, signal?: AbortSignal): Promise<StellarRecipientInfo>;
  network(signal?: AbortSignal): Promise<StellarNetworkInfo>;
};
