/**
 * The contract every chain family implements (Ledger-Live-like):
 *
 *   discoverAccounts → getAccountState / getHistory → getFees
 *   → build (craft) → sign (device) → finalize (combine) → broadcast
 *
 * Rules shared by all families:
 * - Money is `bigint` in the chain's smallest unit everywhere (balances, values, fees).
 *   Fee *rates* (sat/vB, Gwei) are plain numbers.
 * - A family package keeps raw API types inside its `network/` folder; only its `logic/`
 *   calls `network/`, and everything crossing this interface is a domain type from here.
 * - Pure rules (amount parsing, validation messages, fee tiers, paths) come from
 *   `@secux-companion/core`; adapters do not re-implement them.
 */
import type { Bip, ChainSymbol, FeeTiers, FeeUnit, RecipientStatus } from '@secux-companion/core';

// ---------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------

/** One account of one chain, as known to the app (enough to query it and sign for it). */
export interface AccountDescriptor {
  chain: ChainSymbol;
  /** Account index (the third path level). */
  index: number;
  bip: Bip;
  /** Bare account path m/{bip}'/{coinType}'/{index}'. */
  path: string;
  /** Account-level extended public key (UTXO families). */
  xpub?: string;
  /** Single account address (account-based families). */
  address?: string;
}

/** An address of an account (UTXO families list several; account-based ones list one). */
export interface AccountAddress {
  address: string;
  /** Full path m/…/{change}/{index}. */
  path: string;
  /** 0 receive, 1 change. */
  change: 0 | 1;
  index: number;
  balance: bigint;
  /** Confirmed, spendable part of `balance`. */
  available: bigint;
  utxoCount: number;
}

export interface AccountState {
  /** Total balance including unconfirmed effects. */
  balance: bigint;
  /** Spendable now (confirmed, not locked by a pending spend). */
  available: bigint;
  /** Net unconfirmed change (may be negative for a pending outgoing transaction). */
  pending: bigint;
  /** Number of transactions of the account (used by the delete / new-account rules). */
  txCount: number;
  /** Unspent outputs count (UTXO families). */
  utxoCount?: number;
  addresses?: AccountAddress[];
}

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
  /** Address path when own (UTXO families). */
  path?: string;
  /** Output index (outputs) or input index (inputs). */
  index?: number;
  /** Previous outpoint of an input (UTXO families). */
  prevout?: { txid: string; vout: number };
}

/** One history entry, normalized across families. */
export interface Operation {
  hash: string;
  /** Milliseconds since epoch; null when unknown (shown as 'Invalid Timestamp'). */
  time: number | null;
  /** Block height; null while pending. */
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
  /** Signals replace-by-fee (BIP-125) — UTXO families; false elsewhere. */
  rbf: boolean;
  /** Virtual size (UTXO families), for speed-up fee maths. */
  vsize?: number;
  failed?: boolean;
  /** Token transfer details (account-based families). */
  token?: { contract: string; symbol: string; decimals: number };
}

export interface HistoryPage {
  operations: Operation[];
  /** Opaque cursor for the next page; null when there is none. */
  cursor: string | null;
}

/** History page size (spec 01 §9). */
export const HISTORY_PAGE_SIZE = 10;

export function isPending(op: Pick<Operation, 'blockHeight'>): boolean {
  return op.blockHeight === null;
}

// ---------------------------------------------------------------------------
// Fees, building, signing
// ---------------------------------------------------------------------------

export interface FeeOptions {
  /** High / medium / low in `unit` per virtual byte (UTXO) or per gas (EVM). */
  tiers: FeeTiers<number>;
  unit: FeeUnit;
  /** True when the fee UI is hidden for this chain. */
  hidden: boolean;
}

/** What the device and the confirmation step show the user. */
export interface TransactionReview {
  recipient: string;
  amount: bigint;
  fee: bigint;
  /** Fee rate used, in the chain's fee unit (UTXO: sat/vB). */
  feeRate?: number;
  /** Change sent back to the account (UTXO families). */
  change?: { amount: bigint; path: string; address: string };
  /** amount + fee. */
  total: bigint;
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
  /** Serialized transaction ready to broadcast (hex unless the family says otherwise). */
  raw: string;
}

export interface SignOptions {
  /** Called before each device signature when several are needed (current, total). */
  onProgress?: (current: number, total: number) => void;
}

/** Explorer links of a chain (opened in a new window). */
export interface ExplorerLinks {
  tx(hash: string): string | undefined;
  address(address: string): string | undefined;
}

/** The family-specific types an adapter is parameterised with. */
export interface FamilyTypes {
  /** Where public keys come from during discovery (a subset of the device API). */
  keySource: unknown;
  /** Send intent (recipient, amount, fee choice …). */
  draft: unknown;
  unsigned: unknown;
  signRequest: unknown;
  /** The device capability used to sign (a subset of the device API). */
  signer: unknown;
  /** What the signer returns. */
  signature: unknown;
}

export interface DiscoverOptions {
  /** Purposes to scan; defaults to the chain's bips from core. */
  bips?: readonly Bip[];
  /** Stop after this many consecutive unused accounts per bip (default 1). */
  gapLimit?: number;
}

export interface ChainAdapter<F extends FamilyTypes = FamilyTypes> {
  readonly chain: ChainSymbol;

  /** Finds the accounts with activity (plus the first unused one per bip). */
  discoverAccounts(keys: F['keySource'], options?: DiscoverOptions): Promise<AccountDescriptor[]>;
  getAccountState(account: AccountDescriptor): Promise<AccountState>;
  /** One page of history, newest first; pass the previous page's cursor to continue. */
  getHistory(account: AccountDescriptor, cursor?: string | null): Promise<HistoryPage>;
  getFees(): Promise<FeeOptions>;

  /** Crafts the unsigned transaction; throws a CoreError with a catalogue key on rule failures. */
  build(account: AccountDescriptor, draft: F['draft']): Promise<BuiltTransaction<F['unsigned'], F['signRequest']>>;
  /** Asks the device to sign `built.signRequest`. */
  sign(
    signer: F['signer'],
    built: BuiltTransaction<F['unsigned'], F['signRequest']>,
    options?: SignOptions,
  ): Promise<F['signature']>;
  /** Combines the signature(s) with the unsigned transaction and checks the result. */
  finalize(built: BuiltTransaction<F['unsigned'], F['signRequest']>, signature: F['signature']): SignedTransaction;
  /** Broadcasts and returns the transaction hash. */
  broadcast(tx: SignedTransaction): Promise<string>;

  /** Recipient status per core's rules (empty / invalid / notSupport / ok). */
  validateAddress(address: string): RecipientStatus;
  readonly explorer: ExplorerLinks;
}
