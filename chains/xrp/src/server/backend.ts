/** What the XRP facade asks of a provider (rippled / Clio public API; reference/apis/xrpl.md). */
import type { Provider } from '@secux-companion/server-kit/failover';

/** account_info on the validated ledger; `found: false` for actNotFound (an account not in the ledger). */
export type XrpAccountRead =
  | { found: false }
  | { found: true; balance: bigint; sequence: number; ownerCount: number; requireDestinationTag: boolean };

/** One account_tx page: raw entries (mapped by chain-xrp's operationFromAccountTx) and the marker, if any. */
export interface XrpTxPage {
  transactions: unknown[];
  marker: unknown;
}

/** The fee method's drops (strings of integers on the wire). */
export interface XrpFeeRead {
  baseFee: bigint;
  minimumFee: bigint;
  openLedgerFee: bigint;
}

/** server_state's validated ledger: its index and the reserves in drops (voted by validators, read live). */
export interface XrpLedgerRead {
  ledgerIndex: number;
  reserveBase: bigint;
  reserveIncrement: bigint;
}

export interface XrpSubmitResult {
  engineResult: string;
  message: string;
  hash: string;
}

/** `tx` by hash: `found: false` for txnNotFound; `validated` is rippled's finality (a validated ledger holds it). */
export type XrpTxRead =
  | { found: false }
  | {
      found: true;
      validated: boolean;
      /** The ledger holding it; null while it is in none yet. */
      ledgerIndex: number | null;
      /** meta.TransactionResult (tesSUCCESS, tec…), null before a ledger holds it. */
      result: string | null;
      lastLedgerSequence: number | null;
    };

export interface XrpProvider extends Provider {
  accountInfo(address: string, signal: AbortSignal): Promise<XrpAccountRead>;
  accountTx(address: string, marker: unknown, limit: number, signal: AbortSignal): Promise<XrpTxPage>;
  fee(signal: AbortSignal): Promise<XrpFeeRead>;
  ledger(signal: AbortSignal): Promise<XrpLedgerRead>;
  submit(blob: string, signal: AbortSignal): Promise<XrpSubmitResult>;
  /** `tx {transaction}` (api_version 2). */
  tx(hash: string, signal: AbortSignal): Promise<XrpTxRead>;
  /** rippled's `simulate` of an unsigned transaction (tx_json); `available: false` on a server without it. */
  simulate(txJson: Record<string, unknown>, signal: AbortSignal): Promise<XrpSimAnswer>;
  /** A read-only method forwarded as it is (the node proxy). */
  call(method: string, params: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

/** One account's XRP balance before and after (null: the account does not exist on that side). */
export interface XrpBalanceChange {
  account: string;
  before: string | null;
  after: string | null;
}

export type XrpSimAnswer =
  | { available: false }
  | { available: true; engineResult: string; message: string; fee: string; changes: XrpBalanceChange[] };
