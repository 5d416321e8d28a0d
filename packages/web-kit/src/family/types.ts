/**
 * What a chain family plugs into the web app: how to load its chain (adapter and display unit), how to keep
 * its accounts (recover, refresh, create, rename, delete, all written to the device), and the screen slots the
 * shared account screens leave to it (card details, account-page extras and tabs, receive, buy, send).
 * The shared screens never ask which family they show: they read these slots from the registry.
 * The registry itself reaches the shared code only through {@link FamilyDirectory}, which the root provides.
 */
import type { ComponentType, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { Bip, ChainFamily, ChainSymbol, FirmwareCheck, Issue } from '@secux-companion/core';
import type { VerifyResult } from '../device/actions';
import type {
  AccountDescriptor,
  AccountState,
  ChainAdapter,
  MessageCheck,
  Operation,
} from '@secux-companion/chain-common';

/** How a chain's amounts are shown. */
export interface CoinUnit {
  /** Symbol after amounts (the coin, or the native currency of a chain the user added). */
  symbol: string;
  decimals: number;
  /** Fraction digits shown for balances (core's table). */
  digits: number;
}

/** A loaded chain: its adapter, its display unit, and whether it is a local chain without a public explorer. */
export interface FamilyChain {
  // Method syntax in ChainAdapter makes every family's adapter assignable here.
  adapter: ChainAdapter;
  unit: CoinUnit;
  local: boolean;
  /**
   * false when the chain's state cannot be read at all (a retired chain without an archive): the account page
   * reads nothing and the family's notice explains. Absent means readable.
   */
  stateReadable?: boolean;
}

/** The fields every family's account has (a family adds its own: an xpub, an address, a nonce …). */
export interface WalletAccount {
  /** `${scope}:${path}` */
  id: string;
  /** Account index (third path level). */
  index: number;
  bip: Bip;
  /** Bare account path m/{bip}'/{coinType}'/{index}'. */
  path: string;
  name: string;
  /** Total balance (smallest unit). */
  balance: bigint;
  /** Net unconfirmed part of the balance. */
  pending: bigint;
  txCount: number;
  /** The account's single address (account-based families). */
  address?: string;
}

/** An account of the device's account table (name and path) that the family turns into one of its accounts. */
export interface DeviceEntry {
  index: number;
  bip: Bip;
  name: string;
}

export interface DiscoveryProgress {
  bip: Bip;
  index: number;
  /** Accounts found so far. */
  found: number;
}

export interface RecoverOptions {
  onProgress?: (p: DiscoveryProgress) => void;
}

/** Create input: the name, and the purpose for families with several (bitcoin). */
export interface CreateInput {
  name: string;
  bip?: Bip;
}

/** One tab of the account page. */
export interface PageTab {
  value: string;
  label: ReactNode;
  testId: string;
  panel: ReactNode;
}

export interface PageExtras {
  /** Under the header's balance (the available amount while a spend is pending). */
  note?: ReactNode;
  /** Buttons after Send / Receive / Buy (explorer). */
  actions?: ReactNode;
  /** Notes above the tabs (BCH). */
  alerts?: ReactNode;
  tabs: PageTab[];
  /** Modals the extras open themselves (speed-up). */
  overlay?: ReactNode;
}

export interface PageProps<C extends FamilyChain = FamilyChain, A extends WalletAccount = WalletAccount> {
  chain: C;
  account: A;
  /** The adapter's fresh state of the account, once read. */
  state?: AccountState;
  /** Opens the send flow with a family-specific starting point (a token, an NFT). */
  openSend: (initial?: unknown) => void;
}

export interface SendProps<C extends FamilyChain = FamilyChain, A extends WalletAccount = WalletAccount> {
  chain: C;
  account: A;
  /** Where the send starts (a token or an NFT of the account page); undefined for the coin. */
  initial?: unknown;
  onClose: () => void;
  /** After the Status step: the shared page invalidates the account's data and goes back to the list. */
  onDone: () => void;
}

export interface ReceiveTarget {
  address: string;
  path: string;
  /** The family's receive instruction (XDC has its own). */
  instructionKey?: string;
}

export interface BuyTarget {
  loadTarget: () => Promise<ReceiveTarget>;
  /** The address in the device's form (bitcoin's regtest). */
  deviceForm?: (address: string) => string;
  /** Shows the address on the device (EVM: with the chain id). */
  verify?: (path: string) => Promise<VerifyResult>;
}

export interface AccountFormProps<
  C extends FamilyChain = FamilyChain,
  A extends WalletAccount = WalletAccount,
> {
  chain: C;
  accounts: readonly A[];
  mode: { kind: 'create' } | { kind: 'rename'; account: A };
  onClose: () => void;
}

export interface HistoryExtras {
  /** A per-item action (bitcoin: Speed up). */
  action?: (op: Operation) => ReactNode;
  overlay?: ReactNode;
}

/** The spans of the portfolio's value chart. */
export type ValueRange = 'day' | 'week' | 'month' | 'year';

/** An account's balance from a time on (the value chart's balance history). */
export interface BalancePoint {
  /** Milliseconds since epoch. */
  time: number;
  /** The account's balance from this time on (smallest unit). */
  balance: bigint;
}

/** What one operation moved of a token the account holds (the value chart's token balances). */
export interface TokenMove {
  /** The token's contract, mint or id, as the family's {@link PortfolioToken.contract} names it. */
  contract: string;
  /** + received, − sent, in the token's smallest unit. */
  delta: bigint;
}

/** A token an account holds, as the portfolio values it (issue 33). */
export interface PortfolioToken {
  /** Contract, mint or token id, as the family names it (the token's key within the coin). */
  contract: string;
  /**
   * The contract as the price service knows it on the coin's price platform (core's `pricePlatform`; EVM in lower
   * case); null when no market can price it (a TRC-10 asset has no contract): the portfolio names it unpriced.
   */
  priceContract: string | null;
  /** The token's symbol, shown as text (the token's own words when `unverified`). */
  symbol: string;
  decimals: number;
  /** Amount held, in the token's smallest unit. */
  balance: bigint;
  /** The symbol and name are the token's own words, not a known list's (Settings → Hide can hide it). */
  unverified?: boolean;
}

/** A message the user signs or checks: a text, or structured data (EIP-712). */
export type MessageKind = 'text' | 'typed';

/** One line of structured data as the user reads it before signing: a field and its value, or its members. */
export interface MessageTreeNode {
  label: string;
  value?: string;
  children?: MessageTreeNode[];
}

/** Structured data checked for signing: the tree to show, and a warning (its text key) the user should read. */
export interface MessagePreview {
  tree: MessageTreeNode[];
  warningKey?: string;
}

/** What a family signs and verifies of messages on a chain (the account page's Messages tab). */
export interface MessageSupport {
  /** The kinds the device signs for the chain's accounts; empty: the tab only verifies. */
  signs: readonly MessageKind[];
  /** The kinds whose signatures the family checks (no device needed). */
  verifies: readonly MessageKind[];
  /** Structured data parsed and checked before signing; throws when it is not valid. */
  preview?(input: string): MessagePreview;
  /** Has the device sign the message with the key at `path`; the signature as the chain's wallets show it. */
  sign?(path: string, kind: MessageKind, input: string): Promise<string>;
  verify(kind: MessageKind, address: string, message: string, signature: string): Promise<MessageCheck>;
}

export interface WebFamily<C extends FamilyChain = FamilyChain, A extends WalletAccount = WalletAccount> {
  readonly id: string;
  /** The chain of a coin of this family (adapter over the product API, cached per coin). */
  loadChain(coin: ChainSymbol): Promise<C>;
  /** What the adapter needs to query an account. */
  descriptor(chain: C, account: A): AccountDescriptor;

  // Accounts (spec 01 §4 "Account sync and recovery"); every change is written to the device.
  /** The device's accounts plus discovery by activity. `scope` prefixes the ids. */
  recover(chain: C, scope: string, options?: RecoverOptions): Promise<A[]>;
  /** Writes each account back to the device (sync after recovery). */
  syncToDevice(chain: C, accounts: readonly A[]): Promise<void>;
  /** Fresh balances; throws when the chain cannot be read (never a zero balance). */
  refresh(chain: C, accounts: readonly A[]): Promise<A[]>;
  /** The next account (its rules checked), written to the device. */
  create(chain: C, scope: string, accounts: readonly A[], input: CreateInput): Promise<A>;
  rename(chain: C, account: A, name: string): Promise<void>;
  /** Deletes from the device when the family's rules allow it (throws the rule's issue otherwise). */
  remove(chain: C, account: A): Promise<void>;
  /** One account of the device's table, or account 0, as this family keeps it (keys read from the device). */
  fromDevice(chain: C, scope: string, entry: DeviceEntry): Promise<A>;
  /** The device's accounts of this coin (index, purpose and name). */
  deviceEntries(chain: C): Promise<DeviceEntry[]>;

  // Screen slots.
  /** Under the card's name (BTC address type, EVM address). */
  CardDetails?: ComponentType<{ chain: C; account: A }>;
  /** Under the card's fiat value (pending amount). */
  CardNotice?: ComponentType<{ chain: C; account: A }>;
  /**
   * The account list's note for the coin (spec 01 §2: 'a note for XRP, XLM and BNB' — the reserve an account
   * keeps, the chain's retirement …), shown under the portfolio header. Absent for most families.
   */
  ListNote?: ComponentType<{ chain: C }>;
  /** Create / rename modal. */
  AccountForm: ComponentType<AccountFormProps<C, A>>;
  /** A delete confirmation; without it the list deletes at once and reports a failure. */
  DeleteAccount?: ComponentType<{ chain: C; account: A; onClose: () => void }>;
  /** Tabs and extras of the account page (a hook: it may keep state and queries). */
  usePage(props: PageProps<C, A>): PageExtras;
  /** History: the amount of an operation and per-item actions. */
  historyKey?(op: Operation): string;
  useHistoryExtras?(props: { chain: C; account: A }): HistoryExtras;
  /** The account on the block explorer: the simple link offered when its history cannot be read. */
  historyLink?(chain: C, account: A): string | undefined;
  /** The address to receive on (bitcoin: the next unused one). */
  receiveTarget(chain: C, account: A): Promise<ReceiveTarget>;
  receiveWarning(t: TFunction, chain: C, account: A, target: ReceiveTarget | undefined): string;
  /** Shows a path's address on the device and resolves once the user confirms. */
  showOnDevice(chain: C, path: string): Promise<unknown>;
  /** Buy target, or null when the coin has no buy provider. */
  buy(chain: C, account: A): BuyTarget | null;
  Send: ComponentType<SendProps<C, A>>;
  /** Message signing and verification on the chain; absent where the family has none. */
  messages?(chain: C): MessageSupport | undefined;
  /**
   * The account's balance over a chart range, oldest first (a step line; unknown before the first point), from a
   * source better than its history (bitcoin: Blockbook's balance history). Absent: the shared default reconstructs
   * it from the account's history (portfolio/balanceHistory.ts).
   */
  balanceHistory?(chain: C, account: A, range: ValueRange): Promise<BalancePoint[]>;
  /**
   * The funded tokens the account holds, as the family reads them for its Tokens tab (issue 33's portfolio): from
   * the account's own read where it gives them (TRON, Solana: no request), else the family's one batched read (EVM:
   * the tokens the user switched on). Absent: the family holds no tokens the portfolio can value.
   */
  tokenHoldings?(chain: C, account: A): Promise<PortfolioToken[]>;
  /**
   * What an operation of the account's history moved of its tokens, by contract (issue 33's value chart): present
   * only where the family's history carries every transfer of the tokens it holds, each as its own operation, so that
   * walking the history back from the current token balances gives their past balances, from the same pages the
   * coin's reconstruction reads (no request more). Absent: the chart names the family's tokens as missing and leaves
   * them out (never zero).
   */
  tokenMoves?(op: Operation): readonly TokenMove[];
}

/** Any family, as the registry hands it to the shared screens (each module is typed with its own chain and account). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFamily = WebFamily<any, any>;

/** A family module (`@secux-companion/chain-<dir>/web`) exports its family as `family`. */
export interface FamilyModule {
  family: AnyFamily;
}

/**
 * Spec 01 §4 "Selecting a coin", the part a family decides: what a firmware below the coin's minimum says, and the
 * page the coin opens when it is not the account list. Read when the coin is tapped, before its module loads.
 */
export interface CoinRule {
  /**
   * The coin's MCU or SE is below its minimum: the unsupported-device modal (the device itself cannot run the
   * coin: contact support), the family's own message, or undefined for the generic one.
   */
  unsupported?(
    coin: ChainSymbol,
    check: FirmwareCheck,
  ): { kind: 'unsupportedDevice' } | { messageKey: string; version?: string } | undefined;
  /** The firmware suffices: the page the coin opens instead of its account list (EVM's chain list, ADA's portal). */
  opens?(coin: ChainSymbol): 'evm' | 'cardano' | undefined;
}

type NameFetch = (input: string, init?: { signal?: AbortSignal }) => Promise<Pick<Response, 'ok' | 'json'>>;

/** A kind of recipient name a family resolves for every coin's send form (FIO's crypto handles). */
export interface NameResolver {
  /** The (trimmed) text is such a name. */
  accepts(name: string): boolean;
  /** The address the name maps for the coin; throws when it maps none. */
  resolve(fetchFn: NameFetch, name: string, coin: string, signal?: AbortSignal): Promise<string>;
  /** The issue shown when the name does not resolve on the coin. */
  unresolved(name: string, coin: string): Issue;
}

/** A page a family adds to the wallet (FIO's Domain page, EVM's chains area): its route below /wallet. */
export interface FamilyPage {
  /** The path below /wallet. */
  readonly path: string;
  /** The page, its own lazy chunk. */
  load(): Promise<{ default: ComponentType }>;
}

/** What the registry knows of a family without loading it: its module (a lazy chunk) and the rules read before. */
export interface FamilyEntry {
  /** Core's family of the coins it serves (`CHAINS[coin].family`). */
  readonly id: ChainFamily;
  /** The family module; absent for a family without account screens (ADA: its portal only). */
  load?: () => Promise<FamilyModule>;
  coinRule?: CoinRule;
  nameResolver?: NameResolver;
  /** The family's own pages (routes below /wallet). */
  pages?: readonly FamilyPage[];
}

/**
 * A family's early rules, `@secux-companion/chain-<dir>/web/entry`: read before its module loads, so small. The
 * manifest (chains/families.json) gives its id and its module (`@secux-companion/chain-<dir>/web`).
 */
export type FamilyRules = Omit<FamilyEntry, 'id' | 'load'>;

/** The registry as the shared screens reach it (state/families.ts); the root provides it. */
export interface FamilyDirectory {
  /** The coin has a family on the web (its account screens exist). */
  has(coin: ChainSymbol | null | undefined): boolean;
  /** The coin's family module; rejects for a coin without one. */
  load(coin: ChainSymbol): Promise<AnyFamily>;
  coinRule(coin: ChainSymbol): CoinRule | undefined;
  /** Every family's recipient names, in the registry's order. */
  readonly nameResolvers: readonly NameResolver[];
  /** Every family's pages, in the registry's order. */
  readonly pages: readonly FamilyPage[];
}
