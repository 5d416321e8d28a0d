/** What the Solana facade asks of a provider (Solana JSON-RPC; reference/apis/solana-jsonrpc.md). */
import type { Provider } from '@secux-companion/server-kit/failover';

/** One `getTokenAccountsByOwner` entry (jsonParsed) or a parsed `getAccountInfo`. */
export interface ParsedAccount {
  /** Lamports (may exceed 2^53). */
  lamports: bigint;
  owner: string;
  space: number;
  /** `data.program` ('spl-token', 'spl-token-2022', 'system' …) or null for binary data. */
  program: string | null;
  /** `data.parsed` ({type, info}) or null. */
  parsed: { type: string; info: Record<string, unknown> } | null;
  /** The data of an account the node does not parse (base64), when small (a Metaplex metadata account); else null. */
  data?: Uint8Array | null;
}

export interface SignatureInfo {
  signature: string;
  slot: number;
  err: unknown;
  blockTime: number | null;
}

export interface SimulationRead {
  err: unknown;
  unitsConsumed: number | null;
}

/** A simulation with the state of the asked accounts after it (in order; null: would not exist). */
export interface AccountsSimulationRead extends SimulationRead {
  accounts: (ParsedAccount | null)[];
}

/** One getSignatureStatuses entry; null when the node does not know the signature. */
export interface SignatureStatusRead {
  slot: number;
  /** Blocks since, null once rooted (finalized). */
  confirmations: number | null;
  err: unknown;
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null;
}

export interface SolanaProvider extends Provider {
  getBalance(address: string, signal: AbortSignal): Promise<bigint>;
  getSignaturesForAddress(
    address: string,
    o: { limit: number; before?: string },
    signal: AbortSignal,
  ): Promise<SignatureInfo[]>;
  getTransaction(signature: string, signal: AbortSignal): Promise<unknown>;
  getTokenAccountsByOwner(
    owner: string,
    programId: string,
    signal: AbortSignal,
  ): Promise<{ pubkey: string; account: ParsedAccount }[]>;
  getAccountInfo(address: string, signal: AbortSignal): Promise<ParsedAccount | null>;
  /** getMultipleAccounts (jsonParsed) of at most 100 addresses: one entry per address, in order (null: none). */
  getMultipleAccounts(addresses: readonly string[], signal: AbortSignal): Promise<(ParsedAccount | null)[]>;
  getMinimumBalanceForRentExemption(size: number, signal: AbortSignal): Promise<bigint>;
  getRecentPrioritizationFees(accounts: readonly string[], signal: AbortSignal): Promise<number[]>;
  getLatestBlockhash(signal: AbortSignal): Promise<{ blockhash: string; lastValidBlockHeight: number }>;
  getBlockHeight(signal: AbortSignal): Promise<number>;
  isBlockhashValid(blockhash: string, signal: AbortSignal): Promise<boolean>;
  getEpoch(signal: AbortSignal): Promise<number>;
  simulateTransaction(base64: string, signal: AbortSignal): Promise<SimulationRead>;
  /** simulateTransaction with `accounts` (jsonParsed): the addresses' state after the simulation. */
  simulateAccounts(
    base64: string,
    addresses: readonly string[],
    signal: AbortSignal,
  ): Promise<AccountsSimulationRead>;
  /** getFeeForMessage of a base64 message: lamports, null when the node does not know its blockhash. */
  getFeeForMessage(message: string, signal: AbortSignal): Promise<bigint | null>;
  sendTransaction(base64: string, signal: AbortSignal): Promise<string>;
  /** getSignatureStatuses of one signature, searching the history too. */
  getSignatureStatus(signature: string, signal: AbortSignal): Promise<SignatureStatusRead | null>;
  /** A read-only method forwarded as it is (the node proxy). */
  raw(method: string, params: unknown[], signal: AbortSignal): Promise<unknown>;
}
