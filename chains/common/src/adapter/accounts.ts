/** Part of the ChainAdapter contract (../adapter.ts): accounts. */
import { type Bip, type ChainSymbol } from '@secux-companion/core';

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
  /**
   * The symbol and name are the token's own words (its on-chain metadata), not a known token list's: anyone can
   * name a token "USDC". The Tokens tab says so next to the name.
   */
  unverified?: boolean;
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
  /**
   * Tokens held, when the family's one account read gives them (TRON, Solana): discovery keeps them, so the
   * portfolio values them without a second read. Absent where tokens are read apart (EVM) or not at all.
   */
  tokens?: TokenHolding[];
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
