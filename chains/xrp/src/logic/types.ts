/**
 * The XRP adapter's contract: what it needs from the network ({@link XrpBackend}, network/productApi.ts), from the
 * device, and the adapter's own shape. The operations are in ops/, composed by adapter.ts.
 */
import type { FeeTiers } from '@secux-companion/core';
import type { ChainAdapter, HistoryPage } from '@secux-companion/chain-common';
import type { ReserveSettings } from './reserve';
import type { XrpDraft, XrpPayment, XrpSignature } from './tx';

/** The account as the product API reads it (account_info; actNotFound = balance 0, txCount 0, inactive). */
export interface XrpAccountInfo {
  balance: bigint;
  txCount: number;
  /** Next Sequence; null for an inactive account. */
  sequence: number | null;
  ownerCount: number;
  activated: boolean;
  /** lsfRequireDestTag (account_flags.requireDestinationTag). */
  requireDestinationTag: boolean;
}

/** The current ledger and the reserves read live from server_info / server_state. */
export interface XrpLedgerInfo {
  ledgerIndex: number;
  reserve: ReserveSettings;
}

/** What logic/ needs from the network (network/productApi.ts implements it). */
export interface XrpBackend {
  account(address: string, signal?: AbortSignal): Promise<XrpAccountInfo>;
  ledger(signal?: AbortSignal): Promise<XrpLedgerInfo>;
  /** Whole fee per transaction in drops. */
  fees(signal?: AbortSignal): Promise<FeeTiers<number>>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** Submits the signed blob (hex) and returns its hash. */
  broadcast(rawTx: string): Promise<string>;
  /**
   * The ledger's dry run of an unsigned payment (rippled `simulate`, issue 32): its engine result, the fee it charges
   * and each account's XRP balance before and after; absent when the source cannot ask the ledger.
   */
  simulate?(tx: XrpPayment): Promise<XrpSimulation>;
}

/** One account's XRP before and after a simulated payment (null: the account does not exist on that side). */
export interface XrpBalanceChange {
  account: string;
  before: bigint | null;
  after: bigint | null;
}

export type XrpSimulation =
  | { available: false }
  | { available: true; engineResult: string; message: string; fee: bigint; changes: XrpBalanceChange[] };

export interface XrpSignRequest {
  /** Signing path m/44'/144'/{index}'/0/0. */
  path: string;
  tx: XrpPayment;
}

/** The device capability used (packages/device Device). */
export interface XrpSigner {
  getPublicKey(path: string): Promise<string>;
  signXrp(path: string, tx: Record<string, unknown>): Promise<{ rawTx: string; signature?: string }>;
}

export interface XrpKeySource {
  getAddress(path: string): Promise<string>;
}

export interface XrpUnsigned {
  tx: XrpPayment;
  /** The payment creates the recipient account. */
  activates: boolean;
}

export interface XrpFamily {
  keySource: XrpKeySource;
  draft: XrpDraft;
  unsigned: XrpUnsigned;
  signRequest: XrpSignRequest;
  signer: XrpSigner;
  signature: XrpSignature;
}

/** What the send form needs of a recipient before building: activation and a required destination tag. */
export interface XrpRecipientInfo {
  activated: boolean;
  /** lsfRequireDestTag: the tag field becomes mandatory. */
  requireDestinationTag: boolean;
  /** The base reserve (drops): the least first payment that activates an inactive account. */
  baseReserve: bigint;
}

export type XrpAdapter = ChainAdapter<XrpFamily> & {
  /** The recipient's activation and tag requirement, and the live base reserve. */
  recipientInfo(address: string, signal?: AbortSignal): Promise<XrpRecipientInfo>;
  /** The validated ledger and its reserves (read live). */
  ledger(signal?: AbortSignal): Promise<XrpLedgerInfo>;
};
