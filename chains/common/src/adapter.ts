/**
 * The contract every chain family implements (Ledger-Live-like):
 *
 *   discoverAccounts → getAccountSummary / getAccountState / getHistory / getReceiveAddress
 *   → getFees → build (craft) → reviewRows → sign (device) → finalize (combine) → broadcast
 *
 * It is written for the families on main (BTC family, EVM) and for those the spec describes next
 * (XRP, Stellar, TRON, Solana, BNB Beacon read-only, FIO; spec 02 and 03). Each part says which family needs it;
 * a family leaves an optional part out when it has no such notion.
 *
 * Rules shared by all families:
 * - Money is `bigint` in the chain's smallest unit everywhere (balances, values, fees, reserves).
 *   Fee *rates* (sat/vB, Gwei, micro-lamports per compute unit) are plain numbers in the family's {@link FeeRateUnit}.
 * - A family package keeps raw API types inside its `network/` folder; only its `logic/` calls `network/`, and
 *   everything crossing this interface is a domain type from here (or a family type named in {@link FamilyTypes}).
 * - Pure rules (amount parsing, validation messages, fee tiers, paths) come from `@secux-companion/core`;
 *   adapters do not re-implement them.
 */
import { HISTORY_PAGE_SIZE, type Bip, type ChainFamily, type ChainSymbol, type FeeTiers, type RecipientStatus } from '@secux-companion/core';

// ---------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------

/** One account of one chain, as known to the app (enough to query it and sign for it). All families. */
export interface AccountDescriptor {
  chain: ChainSymbol;
  /** Account index (the third path level). */
  index: number;
  bip: Bip;
  /** Bare account path m/{bip}'/{coinType}'/{index}'. */
  path: string;
  /** Account-level extended public key (BTC family). */
  xpub?: string;
  /**
   * The account's single address (account-based families: EVM 0x…, XRP r…, Stellar G…, TRON T…, Solana base58,
   * BNB bnb1…, FIO's FIO… public key).
   */
  address?: string;
}

/** An address of an account (BTC family lists several; account-based ones list one). */
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

/** A network resource an account holds besides coins (TRON bandwidth and energy). */
export interface AccountResource {
  kind: 'bandwidth' | 'energy';
  /** Units used in the current window. */
  used: bigint;
  /** Units available in the window (free + staked). */
  limit: bigint;
}

/** A token the account holds (EVM ERC-20/BEP-20/XDC-20, TRON TRC-10/TRC-20, Solana SPL). */
export interface TokenHolding {
  /** Contract (EVM, TRC-20), token id (TRC-10) or mint (Solana). */
  contract: string;
  symbol: string;
  name?: string;
  decimals: number;
  balance: bigint;
  /** Token standard as core names it ('ERC-20', 'TRC-10' …). */
  standard?: string;
  /** Solana: the associated token account holding the mint. */
  tokenAccount?: string;
}

/**
 * What one probe reads (one request per account): enough for account lists, the balance header and the
 * new-account / delete rules. All families.
 */
export interface AccountSummary {
  /** Total balance including unconfirmed effects. */
  balance: bigint;
  /** Net unconfirmed change (may be negative for a pending outgoing transaction); 0 where the chain has none. */
  pending: bigint;
  /** Number of transactions of the account (used by the delete / new-account rules). */
  txCount: number;
  /**
   * Next sequence number of the account: EVM nonce (pending), XRP `Sequence`, Stellar sequence + 1,
   * FIO/TRON/Solana leave it out (their transactions reference a block instead).
   */
  sequence?: bigint;
  /**
   * Whether the account exists on chain. XRP: false while balance and transaction count are 0; Stellar: false
   * when the account is not found; TRON: false before its first incoming transfer. Absent where accounts need no
   * activation (BTC family, EVM, Solana system accounts, BNB, FIO).
   */
  activated?: boolean;
}

/** The full state of an account (the account page). All families; the extras are per family. */
export interface AccountState extends AccountSummary {
  /**
   * Spendable now: confirmed and not locked by a pending spend (BTC family), minus the reserve (XRP, Stellar),
   * minus staked and locked amounts (FIO, TRON).
   */
  available: bigint;
  /** Unspent outputs count (BTC family). */
  utxoCount?: number;
  /** Addresses of the account (BTC family). */
  addresses?: AccountAddress[];
  /** Amount the chain holds back: XRP base + owner reserve, Stellar minimum balance (1 XLM + entries). */
  reserve?: bigint;
  /** Staked amount: FIO staked tokens, TRON frozen balance, Solana stake accounts. */
  staked?: bigint;
  /** Locked amount: FIO locks (unstaking lasts 7 days), TRON unfreezing balance. */
  locked?: bigint;
  /** When the locked amount unlocks, ms since epoch (FIO unstake, TRON unfreeze). */
  unlocksAt?: number | null;
  /** Network resources (TRON bandwidth and energy). */
  resources?: AccountResource[];
  /** Tokens held, when the family reads them with the account (TRON, Solana; EVM reads them on demand). */
  tokens?: TokenHolding[];
  /** Family numbers that have no field of their own, as text (FIO `srps`, `roe`). Rendered by the family's slot. */
  extra?: Readonly<Record<string, string>>;
}

/** The device's account table (a subset of the device API): names and indexes saved on the device. */
export interface DeviceAccountEntry {
  name: string;
  /** Path as the device stores it (bare account path, possibly with /0/0). */
  path: string;
  /** EVM: the chain id the entry belongs to. */
  chainId?: number;
}

export interface DeviceAccountTable {
  /** Entries filtered by coin type (and chain id for EVM chains sharing coin type 60). */
  getAccounts(coinType?: number, chainId?: number): Promise<DeviceAccountEntry[]>;
}

export interface DiscoveryProgress {
  bip: Bip;
  /** Account index being probed. */
  index: number;
  /** Accounts found so far. */
  found: number;
}

export interface DiscoverOptions {
  /** Purposes to scan; defaults to the chain's bips from core (as far as the network supports them). */
  bips?: readonly Bip[];
  /** Account-based families: unused indexes probed after the last used one (default 1). */
  gapLimit?: number;
  /** Called before each probe (the recovery screen shows it). */
  onProgress?: (progress: DiscoveryProgress) => void;
  /** Stops discovery (another coin was selected). */
  signal?: AbortSignal;
}

/** An account found by discovery, with what its probe read. */
export interface DiscoveredAccount {
  descriptor: AccountDescriptor;
  summary: AccountSummary;
  /** Name to show: the device's saved name (sanitized by core's rule) or the chain's default name. */
  name: string;
  /** The account is in the device's table (so it is kept even when unused). */
  onDevice: boolean;
}

/** The address to receive on, and the path the device shows it for. All families. */
export interface ReceiveAddress {
  address: string;
  /** Full path the device derives the address from (confirmed on the device before Copy / QR). */
  path: string;
  /** Catalogue / i18n key of a family warning shown with it (BRC-20 on BTC, XDC form, memo needed …). */
  instructionKey?: string;
}

export interface StateOptions {
  /** Bypass short-lived caches (a refresh click, after a broadcast). */
  fresh?: boolean;
  signal?: AbortSignal;
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
}

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

// ---------------------------------------------------------------------------
// Fees
// ---------------------------------------------------------------------------

/**
 * The unit a family states its fee tiers in (its own unit, never converted to another family's):
 * - 'sat/vB'  BTC family (price per virtual byte; DOGE's fixed fee is per byte too)
 * - 'Gwei'    EVM (price per gas; 'wei' when a family needs integer prices)
 * - 'drops'   XRP (whole fee per transaction, 1e-6 XRP)
 * - 'stroops' Stellar (whole fee per operation, 1e-7 XLM)
 * - 'sun'     TRON (1e-6 TRX; bandwidth / energy burnt when the account's resources do not cover them)
 * - 'lamports' Solana base fee per signature; 'micro-lamports/CU' Solana priority price per compute unit
 * - 'BNB'     BNB Beacon fixed fee in its smallest unit (1e-8 BNB)
 * - 'SUF'     FIO (smallest unit, 1e-9 FIO; fee per action from /get_fee)
 */
export type FeeRateUnit =
  | 'sat/vB'
  | 'Gwei'
  | 'wei'
  | 'drops'
  | 'stroops'
  | 'sun'
  | 'lamports'
  | 'micro-lamports/CU'
  | 'BNB'
  | 'SUF';

export interface FeeOptions {
  /** High / medium / low in `unit` (per virtual byte, per gas, per compute unit, or per transaction). */
  tiers: FeeTiers<number>;
  unit: FeeRateUnit;
  /**
   * 'perSize': a price per size unit (vbyte, gas, compute unit); the fee is known after build (BTC family, EVM,
   * Solana priority). 'perTransaction': the tier is the whole fee (XRP, Stellar, BNB, FIO, TRON burn).
   * Absent means 'perSize'.
   */
  basis?: 'perSize' | 'perTransaction';
  /** Fixed part of every fee in the coin's smallest unit (Solana 5,000 lamports per signature). */
  base?: bigint;
  /** Extra fee when the recipient does not exist yet (TRON account creation ~1.1 TRX; Stellar doubles the fee). */
  accountCreationFee?: bigint;
  /** True when the fee UI is hidden for this chain (core's hiddenFee). */
  hidden: boolean;
}

export interface FeeRequest {
  /** The sending account (TRON: its bandwidth/energy decide the burn; Solana: its token accounts). */
  account?: AccountDescriptor;
  signal?: AbortSignal;
}

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

/** What a recipient looks like on chain, before a send (XRP, Stellar, TRON: activation costs or needs). */
export interface RecipientCheck {
  /** The recipient account exists on chain. */
  activated: boolean;
  /** Minimum first payment that activates it (XRP base reserve, Stellar 1 XLM). */
  minimumActivation?: bigint;
  /** Extra fee paid to create it (TRON ~1.1 TRX). */
  creationFee?: bigint;
}

/** What a family can do; shared screens show or hide parts from it instead of asking which family it is. */
export interface ChainCapabilities {
  /** No send (BNB Beacon is read-only legacy): build / sign / finalize / broadcast reject with `readOnlyChain`. */
  readOnly: boolean;
  /** The send form asks for a memo or tag (XRP Tag; Stellar, BNB, FIO Memo) and which memo types it accepts. */
  memo?: { label: 'Tag' | 'Memo'; types: readonly DraftMemo['type'][] };
  /** The account holds tokens (EVM, TRON, Solana). */
  tokens: boolean;
  /** NFTs (ETH, TETH). */
  nfts: boolean;
  /** Speed up a pending transaction (BTC family RBF / CPFP). */
  speedUp: boolean;
  /** Several addresses per account (BTC family). */
  multipleAddresses: boolean;
  /** Staking (FIO stake/unstake, TRON freeze). */
  staking: boolean;
  /**
   * A send may cost no fee (TRON, Solana): the Details step does not require a fee above 0 (spec 01 §4 "Send flow";
   * core's `canContinueSendDetails`). Absent: the fee must be above 0.
   */
  feeMayBeZero?: boolean;
}

/** The coin of the chain (custom EVM chains name their own). */
export interface NativeAsset {
  symbol: string;
  decimals: number;
}

/** The family-specific types an adapter is parameterised with. */
export interface FamilyTypes {
  /** Where public keys come from during discovery (a subset of the device API). */
  keySource: unknown;
  /** Send intent (recipient, amount, fee choice, memo …); new families extend {@link SendDraftBase}. */
  draft: unknown;
  unsigned: unknown;
  signRequest: unknown;
  /** The device capability used to sign (a subset of the device API). */
  signer: unknown;
  /** What the signer returns. */
  signature: unknown;
}

/** Error code of a send method on a read-only chain (BNB Beacon). */
export const READ_ONLY_CHAIN = 'readOnlyChain';

export interface ChainAdapter<F extends FamilyTypes = FamilyTypes> {
  readonly chain: ChainSymbol;
  /** Core's family of the chain. */
  readonly family: ChainFamily;
  readonly asset: NativeAsset;
  readonly capabilities: ChainCapabilities;

  /**
   * Recovers the accounts (spec 01 §4): the device's account table gives names and indexes kept even when
   * unused; the family's probing rule finds the used ones (BTC family: per bip while used, up to the last on
   * the device; EVM, XRP, Stellar, TRON, Solana, FIO: one address per index while used). All families.
   */
  discoverAccounts(
    device: F['keySource'] & DeviceAccountTable,
    options?: DiscoverOptions,
  ): Promise<DiscoveredAccount[]>;
  /** One request: balance, pending, transaction count (+ sequence, activation). All families. */
  getAccountSummary(account: AccountDescriptor, options?: StateOptions): Promise<AccountSummary>;
  /** The full state with the family's extras (reserve, resources, staked, locked, tokens). All families. */
  getAccountState(account: AccountDescriptor, options?: StateOptions): Promise<AccountState>;
  /** Where to receive (BTC family: the next unused receive address). All families. */
  getReceiveAddress(account: AccountDescriptor): Promise<ReceiveAddress>;
  /** One page of history, newest first; pass the previous page's cursor to continue. All families. */
  getHistory(account: AccountDescriptor, cursor?: string | null): Promise<HistoryPage>;
  getFees(request?: FeeRequest): Promise<FeeOptions>;

  /** Crafts the unsigned transaction; throws a CoreError with a catalogue key on rule failures. */
  build(account: AccountDescriptor, draft: F['draft']): Promise<BuiltTransaction<F['unsigned'], F['signRequest']>>;
  /** Rows of the shared review table for a built transaction (family extras such as change, memo, gas). */
  reviewRows(built: BuiltTransaction<F['unsigned'], F['signRequest']>): ReviewRow[];
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

  /** Recipient status per core's rules (empty / invalid / notSupport / ok). All families. */
  validateAddress(address: string): RecipientStatus;
  /** Whether the recipient exists and what activating it costs (XRP, Stellar, TRON). */
  checkRecipient?(address: string): Promise<RecipientCheck>;
  readonly explorer: ExplorerLinks;
}

/** What build / sign / broadcast throw on a read-only chain (BNB Beacon). */
export class ReadOnlyChainError extends Error {
  override readonly name = 'ReadOnlyChainError';
  readonly code = READ_ONLY_CHAIN;
  constructor(readonly chain: ChainSymbol) {
    super(`${chain} is read-only: sending is not supported`);
  }
}
