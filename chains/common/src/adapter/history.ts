/** Part of the ChainAdapter contract (../adapter.ts): history. */
import { HISTORY_PAGE_SIZE } from '@secux-companion/core';

// ---------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------

export type Direction = 'in' | 'out' | 'self';

/** A sender or recipient of an operation. */
export interface Counterparty {
  address: string;
  value: bigint;
  /** Belongs to the account. */
  isOwn: boolean;
  /** Address path when own (BTC family). */
  path?: string;
  /** Output index (outputs) or input index (inputs). */
  index?: number;
  /** Previous outpoint of an input (BTC family). */
  prevout?: { txid: string; vout: number };
}

/** One history entry, normalized across families. The wire form (wire.ts) is its JSON. */
export interface Operation {
  hash: string;
  /** Milliseconds since epoch; null when unknown (shown as 'Invalid Timestamp'). */
  time: number | null;
  /** Block height (ledger index on XRP, slot on Solana); null while pending. */
  blockHeight: number | null;
  direction: Direction;
  /**
   * Amount moved, fee excluded: received (in), sent to others (out), 0 on a pure
   * self-transfer (self).
   */
  value: bigint;
  /** Fee paid by the transaction (reported whoever paid it). */
  fee: bigint;
  senders: Counterparty[];
  recipients: Counterparty[];
  /** The account funded the transaction (it signed at least one input / is the sender). */
  isOwnTransaction: boolean;
  /** Signals replace-by-fee (BIP-125) — BTC family; false elsewhere. */
  rbf: boolean;
  /** Virtual size (BTC family), for speed-up fee maths. */
  vsize?: number;
  failed?: boolean;
  /** Token transfer details (EVM, TRON, Solana). */
  token?: { contract: string; symbol: string; decimals: number; name?: string };
  /** EVM: the transaction's nonce. */
  nonce?: number;
  /** EVM: gas used and gas price (wei); fee = gasUsed × gasPrice. */
  gasUsed?: bigint;
  gasPrice?: bigint;
  /** Memo text (Stellar MEMO_TEXT or MEMO_ID as decimal text, BNB, FIO). */
  memo?: string;
  /** XRP destination tag. */
  destinationTag?: number;
  /**
   * Family action when the operation is not a plain transfer (FIO 'staking', 'registerFioAddress', 'addAddress';
   * TRON 'freeze'; Stellar 'createAccount'). Absent for transfers.
   */
  action?: string;
  /**
   * The family's details of the operation that its screens show, as short texts (FIO: stakeAction 'stake' or
   * 'unstake', cryptoHandleName, assignChain). At most {@link OPERATION_EXTRAS_MAX} entries of at most
   * {@link OPERATION_EXTRA_MAX_CHARS} characters.
   */
  extras?: Readonly<Record<string, string>>;
}

/** Most entries of an operation's extras. */
export const OPERATION_EXTRAS_MAX = 8;
/** Longest text of an operation's extra. */
export const OPERATION_EXTRA_MAX_CHARS = 256;

export interface HistoryPage {
  operations: Operation[];
  /** Opaque cursor for the next page; null when there is none. */
  cursor: string | null;
}

/** History page size (spec 01 §9): core's one rule, re-exported for the families. */
export { HISTORY_PAGE_SIZE };

export function isPending(op: Pick<Operation, 'blockHeight'>): boolean {
  return op.blockHeight === null;
}
