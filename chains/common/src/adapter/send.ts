/** Part of the ChainAdapter contract (../adapter.ts): send. */
import type { FeeRateUnit } from './fees';

// ---------------------------------------------------------------------------
// Drafts, review, building, signing
// ---------------------------------------------------------------------------

/**
 * Memo or tag of a send (core's `memo: 'Tag' | 'Memo'` per chain):
 * - tag  XRP destination tag, integer 0 … 2^32−1
 * - text Stellar MEMO_TEXT (≤ 28 bytes), BNB memo (≤ 128 characters), FIO memo (≤ 200 characters)
 * - id   Stellar MEMO_ID, integer 0 … 2^64−1
 * - hash Stellar MEMO_HASH / MEMO_RETURN, 32 bytes hex
 */
export type DraftMemo =
  | { type: 'tag'; value: number }
  | { type: 'text'; value: string }
  | { type: 'id'; value: bigint }
  | { type: 'hash'; value: string };

/**
 * The fields every family's send draft has (families extend it; BTC and EVM keep their own shapes for now).
 * `memo` is sent by XRP (tag), Stellar, BNB and FIO.
 */
export interface SendDraftBase {
  recipient: string;
  /** Smallest unit; ignored with `sendAll`. */
  amount: bigint;
  sendAll?: boolean;
  memo?: DraftMemo;
}

/** What the device and the confirmation step show the user. All families. */
export interface TransactionReview {
  recipient: string;
  amount: bigint;
  fee: bigint;
  /** Fee rate used, in the chain's fee unit (BTC family: sat/vB; EVM: Gwei). */
  feeRate?: number;
  /** Change sent back to the account (BTC family). */
  change?: { amount: bigint; path: string; address: string };
  /** Memo or tag carried by the transaction (XRP, Stellar, BNB, FIO). */
  memo?: DraftMemo;
  /** amount + fee (coin sends); fee alone for token sends. */
  total: bigint;
}

/** A value of the shared review table, formatted by the screen (amounts with Intl.NumberFormat). */
export type ReviewValue =
  | { type: 'amount'; value: bigint; decimals: number; symbol: string }
  | { type: 'address'; value: string }
  | { type: 'feeRate'; value: number; unit: FeeRateUnit }
  | { type: 'text'; value: string };

/** One row of the shared review table: an i18n label key ('send.recipient') and its value. All families. */
export interface ReviewRow {
  /** i18n key of the label, e.g. 'send.recipient', 'send.amountLabel', 'send.networkFee', 'send.change'. */
  labelKey: string;
  value: ReviewValue;
  /** data-testid of the value cell (kept stable for the e2e suite). */
  testId?: string;
}

export interface BuiltTransaction<TUnsigned, TSignRequest> {
  /** Family-specific unsigned transaction (plan). */
  unsigned: TUnsigned;
  /** Exactly what is handed to the device. */
  signRequest: TSignRequest;
  review: TransactionReview;
}

export interface SignedTransaction {
  /** Transaction id / hash. */
  hash: string;
  /** Serialized transaction ready to broadcast. */
  raw: string;
  /** Encoding of `raw`: hex (default; BTC family, EVM, XRP blob, TRON), base64 (Solana, Stellar XDR). */
  encoding?: 'hex' | 'base64' | 'json';
}

export interface SignOptions {
  /** Called before each device signature when several are needed (current, total). */
  onProgress?: (current: number, total: number) => void;
}

/** Explorer links of a chain (opened in a new window). All families. */
export interface ExplorerLinks {
  tx(hash: string): string | undefined;
  address(address: string): string | undefined;
}
