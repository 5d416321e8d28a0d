/**
 * The Solana adapter's contract: what it needs from the network ({@link SolanaBackend}, network/productApi.ts), from
 * the device, and the adapter's own shape. The operations are in ops/, composed by adapter.ts.
 */
import type { FeeTiers } from '@secux-companion/core';
import type {
  BuiltTransaction,
  ChainAdapter,
  HistoryPage,
  SendDraftBase,
  SignOptions,
  TokenHolding,
} from '@secux-companion/chain-common';
import type { TokenProgramName, TransferFee } from './token2022';
import type { DeviceInstruction, TransferPlan } from './tx';

/** A token account of the owner (getTokenAccountsByOwner, both programs), with the mint's metadata when known. */
export interface SolanaTokenAccount {
  tokenAccount: string;
  mint: string;
  program: TokenProgramName;
  amount: bigint;
  decimals: number;
  frozen: boolean;
  /** Token-2022 NonTransferableAccount: no Send. */
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
  /** The name is the token's own on-chain metadata (Metaplex, Token-2022), not a known token list's. */
  unverified: boolean;
}

/** The account as the product API reads it: balance, whether it was used, and its tokens. */
export interface SolanaAccountInfo {
  balance: bigint;
  /** Signatures seen (0 … 25: a count of recent activity, enough for the discovery and delete rules). */
  txCount: number;
  tokens: SolanaTokenAccount[];
}

/** A mint (getAccountInfo jsonParsed): program, decimals, Token-2022 extensions, metadata when known. */
export interface SolanaMintInfo {
  mint: string;
  program: TokenProgramName;
  decimals: number;
  /** Names of the mint's extensions (Token-2022). */
  extensions: string[];
  /** The transfer fee in force this epoch (TransferFeeConfig), or null. */
  transferFee: TransferFee | null;
  nonTransferable: boolean;
  symbol: string | null;
  name: string | null;
  /** The name is the token's own on-chain metadata (Metaplex, Token-2022), not a known token list's. */
  unverified: boolean;
}

/** Any address: whether it exists, its owner program, and for a Token-2022 account whether it requires memos. */
export interface SolanaAddressInfo {
  exists: boolean;
  owner: string | null;
  lamports: bigint;
  space: number;
  /** Token account: its mint. */
  mint: string | null;
  /** Token-2022 MemoTransfer: incoming transfers need a memo. */
  memoRequired: boolean;
}

export interface SolanaBlockhash {
  blockhash: string;
  lastValidBlockHeight: number;
  blockHeight: number;
}

/** One account's state in a simulation: lamports, and a token account's mint, owner and amount. */
export interface SolanaAccountSnapshot {
  lamports: bigint;
  /** The program owning the account. */
  program: string;
  token: { mint: string; owner: string; amount: bigint; decimals: number } | null;
}

/** What the chain says a transaction would change: every account it names, before and after (null: none). */
export interface SolanaSimulatedChanges {
  err: string | null;
  /** getFeeForMessage, null when the node does not price the message. */
  fee: bigint | null;
  accounts: { address: string; before: SolanaAccountSnapshot | null; after: SolanaAccountSnapshot | null }[];
}

/** What logic/ needs from the network (network/productApi.ts implements it over the product API). */
export interface SolanaBackend {
  account(address: string, signal?: AbortSignal): Promise<SolanaAccountInfo>;
  addressInfo(address: string): Promise<SolanaAddressInfo>;
  /** null: no such mint. */
  mint(mint: string): Promise<SolanaMintInfo | null>;
  /** getMinimumBalanceForRentExemption(size). */
  rent(size: number): Promise<bigint>;
  /** Recent prioritization fees (micro-lamports per CU) of transactions writing these accounts. */
  priorityFees(accounts: readonly string[]): Promise<number[]>;
  /** Tiers in micro-lamports per CU. */
  fees(signal?: AbortSignal): Promise<FeeTiers<number>>;
  /** simulateTransaction (signatures not verified, blockhash replaced). */
  simulate(txBase64: string): Promise<{ unitsConsumed: number | null; err: string | null }>;
  /** The accounts a transaction names, before and after its simulation, and its fee (the review's balance changes). */
  simulateChanges?(txBase64: string): Promise<SolanaSimulatedChanges>;
  blockhash(): Promise<SolanaBlockhash>;
  blockhashValid(blockhash: string): Promise<{ valid: boolean; blockHeight: number }>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** sendTransaction (base64); answers the signature. */
  broadcast(base64: string): Promise<string>;
}

/**
 * A send: SOL, or `token` (a mint the account holds). `memo` (type 'text', the user's own text, at most
 * SOLANA_MEMO_MAX_BYTES (ops/validateMemo.ts) UTF-8 bytes) goes into the transaction as an SPL Memo instruction; it is required when
 * the recipient's token account requires incoming memos (Token-2022 MemoTransfer, see `memoRequired`).
 */
export interface SolanaDraft extends SendDraftBase {
  token?: string;
}

export interface SolanaUnsigned {
  plan: TransferPlan;
  /** Every instruction (compute budget first), as the device takes them. */
  instructions: DeviceInstruction[];
  unitLimit: number;
  microLamports: number;
  /** Base + priority fee (lamports). */
  fee: bigint;
  /** Rent of the recipient's new token account (lamports), 0 when it exists. */
  rent: bigint;
  /** Token-2022 transfer fee (token units), withheld from what arrives. */
  transferFee: bigint;
  token: { mint: string; symbol: string; decimals: number; program: TokenProgramName } | null;
  memo: string | null;
  /** The blockhash at build time (sign fetches a fresh one). */
  blockhash: SolanaBlockhash;
}

export interface SolanaSignRequest {
  /** m/44'/501'/{index}' */
  path: string;
  feePayer: string;
  instructions: DeviceInstruction[];
}

/** The device capability used (packages/device Device). */
export interface SolanaSigner {
  signSol(
    feePayer: string,
    tx: Record<string, unknown>,
    options?: { onProgress?: (c: number, t: number) => void },
  ): Promise<{ rawTx: string }>;
}

export interface SolanaKeySource {
  getAddress(path: string): Promise<string>;
}

/** The signed transaction and the blockhash it lives on. */
export interface SolanaSignature {
  hash: string;
  base64: string;
  blockhash: SolanaBlockhash;
}

export interface SolanaFamily {
  keySource: SolanaKeySource;
  draft: SolanaDraft;
  unsigned: SolanaUnsigned;
  signRequest: SolanaSignRequest;
  signer: SolanaSigner;
  signature: SolanaSignature;
}

export type SolanaBuilt = BuiltTransaction<SolanaUnsigned, SolanaSignRequest>;

/** Signing options: the progress callback and `onBlockhash`, told the blockhash before the device is asked. */
export interface SolanaSignOptions extends SignOptions {
  onBlockhash?: (blockhash: SolanaBlockhash) => void;
}

export interface SolanaAdapter extends ChainAdapter<SolanaFamily> {
  sign(signer: SolanaSigner, built: SolanaBuilt, options?: SolanaSignOptions): Promise<SolanaSignature>;
  /** Whether a blockhash can still land, and the current block height (the signing step's countdown). */
  blockhashStatus(blockhash: string): Promise<{ valid: boolean; blockHeight: number }>;
  /** A mint's program, decimals, extensions and metadata (adding a token); null when there is no such mint. */
  mintInfo(mint: string): Promise<SolanaMintInfo | null>;
  /**
   * Whether a send of `token` (a mint; SOL when absent) to `recipient` must carry a memo: the recipient's existing
   * token account of that mint requires incoming memos (Token-2022 MemoTransfer). SOL sends never require one.
   */
  memoRequired(recipient: string, token?: string): Promise<boolean>;
}

/** A held token as the account state lists it, with what the Tokens tab needs to offer Send or not. */
export interface SolanaTokenHolding extends TokenHolding {
  nonTransferable: boolean;
}
