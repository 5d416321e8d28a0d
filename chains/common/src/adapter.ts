/**
 * The contract every chain family implements (Ledger-Live-like):
 *
 *   discoverAccounts → getAccountSummary / getAccountState / getHistory / getReceiveAddress
 *   → getFees → build (craft) → reviewRows (+ simulate) → sign (device) → finalize (combine) → broadcast
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
import { type ChainFamily, type ChainSymbol, type RecipientStatus } from '@secux-companion/core';
import type {
  AccountDescriptor,
  AccountState,
  AccountSummary,
  DeviceAccountTable,
  DiscoverOptions,
  DiscoveredAccount,
  ReceiveAddress,
  StateOptions,
} from './adapter/accounts';
import type { HistoryPage } from './adapter/history';
import type { FeeOptions, FeeRequest } from './adapter/fees';
import type {
  BuiltTransaction,
  DraftMemo,
  ExplorerLinks,
  ReviewRow,
  SignOptions,
  SignedTransaction,
} from './adapter/send';
import type { SimulationResult } from './adapter/simulation';

export * from './adapter/accounts';
export * from './adapter/simulation';
export * from './adapter/history';
export * from './adapter/fees';
export * from './adapter/send';
export * from './adapter/messages';

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
  build(
    account: AccountDescriptor,
    draft: F['draft'],
  ): Promise<BuiltTransaction<F['unsigned'], F['signRequest']>>;
  /** Rows of the shared review table for a built transaction (family extras such as change, memo, gas). */
  reviewRows(built: BuiltTransaction<F['unsigned'], F['signRequest']>): ReviewRow[];
  /** Asks the device to sign `built.signRequest`. */
  sign(
    signer: F['signer'],
    built: BuiltTransaction<F['unsigned'], F['signRequest']>,
    options?: SignOptions,
  ): Promise<F['signature']>;
  /** Combines the signature(s) with the unsigned transaction and checks the result. */
  finalize(
    built: BuiltTransaction<F['unsigned'], F['signRequest']>,
    signature: F['signature'],
  ): SignedTransaction;
  /** Broadcasts and returns the transaction hash. */
  broadcast(tx: SignedTransaction): Promise<string>;
  /**
   * The balance changes of `built` computed by the chain (Solana simulateTransaction, EVM eth_simulateV1, XRP
   * simulate), for the review before the device signs; absent when the family cannot ask its chain.
   */
  simulate?(built: BuiltTransaction<F['unsigned'], F['signRequest']>): Promise<SimulationResult>;

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
