/**
 * The EVM adapter's contract: what it needs from a chain data source ({@link EvmBackend}, implemented in network/),
 * what it needs from the device, and the adapter's own shape. The operations are in ops/, composed by adapter.ts.
 */
import type { FeeMode } from '@secux-companion/core';
import type {
  AccountDescriptor,
  BuiltTransaction,
  ChainAdapter,
  DiscoverOptions,
  Operation,
} from '@secux-companion/chain-common';
import type { Hex } from 'viem';
import type { EvmApprovals } from './approvals';
import type { EvmChainSpec } from './chains';
import type { EvmExplorerLinks } from './explorer';
import type { EvmFeeTier, EvmFeeTiers, FeeHistoryData, GasOracleData } from './fees';
import type { EvmTxRecord } from './history';
import type { NonceSource } from './nonce';
import type { NftAsset } from './nft';
import type { TokenMetadata } from './tokens';
import type { HeldToken, TokenListEntry } from './tokenList';
import type { EvmTxPlan, TransferIntent } from './tx';

export interface EvmAccountSummary {
  /** Balance at 'latest' (wei). */
  balance: bigint;
  /** Next nonce including pending transactions. */
  nonce: number;
  /** Transactions sent (mined). */
  txCount: number;
}

export interface EvmCallRequest {
  from?: string;
  to: string;
  value?: bigint;
  data?: Hex;
}

/** A broadcast transaction as the chain reports it. */
export type TransactionOutcome = 'pending' | 'confirmed' | 'failed';

/** What logic needs from a chain data source (implemented in network/). */
export interface EvmBackend {
  getAccount(address: string): Promise<EvmAccountSummary>;
  /** Next nonce ('pending'). */
  getNonce(address: string, signal?: AbortSignal): Promise<number>;
  /** eth_gasPrice (wei). */
  getGasPrice(): Promise<bigint>;
  /** eth_feeHistory; null when the node does not support it. */
  getFeeHistory(blocks: number, percentiles: readonly number[]): Promise<FeeHistoryData | null>;
  /** Explorer gas oracle (BSC); null when it failed. */
  getGasOracle?(): Promise<GasOracleData | null>;
  /** eth_estimateGas; throws when the node refuses. */
  estimateGas(call: EvmCallRequest): Promise<bigint>;
  /** eth_call at 'latest'. */
  ethCall(to: string, data: Hex): Promise<Hex>;
  /** Token balances in one batch (contract → base units). Default: balanceOf via ethCall. */
  getTokenBalances?(address: string, contracts: readonly string[]): Promise<Map<string, bigint>>;
  /**
   * One page of history, newest first: the product API's Operations as the server merged them (used as they are),
   * or, for a chain the user added, the explorer's records (txlist and tokentx) that logic merges.
   */
  getTransactions(address: string, cursor: string | null): Promise<EvmHistoryAnswer>;
  /** NFTs held (ETH/TETH); absent when the source has none. */
  getNfts?(address: string): Promise<NftAsset[]>;
  /** What the chain reports of a broadcast transaction (its receipt); absent when the source cannot tell. */
  getReceiptStatus?(hash: string): Promise<TransactionOutcome>;
  /** The server's token list of the chain (spec 02 "bsc_token_list"), entries as read; absent without one. */
  getTokenList?(): Promise<TokenListEntry[]>;
  /** Live token approvals of an address (issue 32); absent when the source cannot search the chain's events. */
  getApprovals?(address: string): Promise<EvmApprovals>;
  /**
   * The transfers and fee of a transaction as the chain simulates it (eth_simulateV1 with traceTransfers, issue 32);
   * absent when the source cannot ask the chain.
   */
  simulate?(tx: EvmSimulationRequest): Promise<EvmSimulation>;
  /** Broadcasts the signed transaction; returns its hash. */
  broadcast(rawTx: Hex): Promise<string>;
}

/** A built transaction as the chain simulates it: its fields as they would be signed. */
export interface EvmSimulationRequest {
  from: string;
  to: string;
  value: bigint;
  data: Hex;
  gas: bigint;
  nonce: number;
  fee: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint };
}

/** One transfer a simulated call makes (lowercase addresses): the coin (`token` null) or an ERC-20. */
export interface EvmSimTransfer {
  token: string | null;
  from: string;
  to: string;
  amount: bigint;
}

/** What the chain says of a simulated call. */
export type EvmSimulation =
  | { available: false }
  | { available: true; status: 'failed'; error: string }
  | { available: true; status: 'success'; gasUsed: bigint; gasPrice: bigint; transfers: EvmSimTransfer[] };

/** A history page from a backend: ready Operations (product API) or explorer records to merge (user's RPC). */
export type EvmHistoryAnswer =
  { operations: Operation[]; cursor: string | null } | { records: EvmTxRecord[]; cursor: string | null };

/** Device capabilities the adapter uses (satisfied by the device layer's Device). */
export interface EvmKeySource {
  getAddress(path: string): Promise<string>;
}
export interface EvmSigner {
  signEth(
    path: string,
    tx: string,
    options?: { onProgress?: (current: number, total: number) => void },
  ): Promise<{ rawTx: string; signature?: string }>;
}

export interface EvmSendDraft {
  intent: TransferIntent;
  feeMode: FeeMode;
  /** Custom price per gas in Gwei (feeMode 'Custom'). */
  customFeeGwei?: string | number;
  /** Coin: balance − fee − layer-1 fee; token: the whole token balance. */
  sendAll?: boolean;
  /** Tiers already shown to the user (skips a second lookup). */
  fees?: EvmFeeTiers;
  /** Token balance already known (token sends). */
  tokenBalance?: bigint;
  /** Symbol and decimals of the token sent (review rows show the amount in them). */
  token?: { symbol: string; decimals: number };
}

export interface EvmSignRequest {
  /** Signing path m/44'/60'/{i}'/0/0. */
  path: string;
  /** Serialized unsigned transaction (hex) handed to the device. */
  unsignedTx: Hex;
}

export interface EvmFeeDetails {
  gasLimit: bigint;
  tier: EvmFeeTier;
  /** price × gas limit (wei). */
  networkFee: bigint;
  /** Layer-1 fee × 1.25 (wei), 0 without an oracle. */
  l1Fee: bigint;
  /** err-28 warning (ETH/HME/XDC above 3 × high). */
  feeTooHigh: boolean;
  nonceSource: string;
}

export interface EvmBuiltTransaction extends BuiltTransaction<EvmTxPlan, EvmSignRequest> {
  intent: TransferIntent;
  /** The token sent (from the draft), for the review rows. */
  token?: { symbol: string; decimals: number };
  details: EvmFeeDetails;
}

export interface EvmFamily {
  keySource: EvmKeySource;
  draft: EvmSendDraft;
  unsigned: EvmTxPlan;
  signRequest: EvmSignRequest;
  signer: EvmSigner;
  signature: { rawTx: string };
}

export interface EvmAdapter extends ChainAdapter<EvmFamily> {
  readonly spec: EvmChainSpec;
  readonly explorer: EvmExplorerLinks;
  build(account: AccountDescriptor, draft: EvmSendDraft): Promise<EvmBuiltTransaction>;
  /** Fee tiers with their EIP-1559 / legacy details (wei). */
  getEvmFees(): Promise<EvmFeeTiers>;
  getNonce(address: string): Promise<number>;
  /** Layer-1 fee × 1.25 for a call (0 on chains without an oracle). */
  estimateL1Fee(from: string, intent: TransferIntent, nonce: number, tier: EvmFeeTier): Promise<bigint>;
  /** Add-token lookup (name, symbol, decimals) with the add rules. */
  lookupToken(contract: string, existingContracts?: readonly string[]): Promise<TokenMetadata>;
  getTokenBalances(address: string, contracts: readonly string[]): Promise<Map<string, bigint>>;
  /**
   * Token discovery from the server's token list: the listed contracts' balances (one batch) and the tokens held
   * (balance above 0). A list that cannot be read is no list ([]); a balance read that fails throws.
   */
  discoverListedTokens(address: string): Promise<HeldToken[]>;
  /**
   * What the chain reports of a broadcast transaction: 'pending' (no receipt yet, or no way to ask), 'confirmed',
   * or 'failed' — mined with receipt status 0 (reverted, out of gas): spec 01 catalogue 'transaction failed'.
   */
  transactionOutcome(hash: string): Promise<TransactionOutcome>;
  getNfts(address: string): Promise<NftAsset[]>;
  /** Whether {@link getApprovals} has a source (the product API's native chains). */
  readonly hasApprovals: boolean;
  /** Live ERC-20 allowances and NFT operator approvals of an address; throws without a source. */
  getApprovals(address: string): Promise<EvmApprovals>;
  /** The receive address as shown and confirmed on the device (xdc form on XDC) and its path. */
  receiveAddress(account: AccountDescriptor): { address: string; path: string; instructionKey: string };
  /** Balance, next nonce and mined transaction count of an address (one backend call). */
  getAccount(address: string): Promise<EvmAccountSummary>;
  /** Probing only (no device table): the balance and nonce each probe already read. Prefer discoverAccounts. */
  discoverWithSummaries(
    keys: EvmFamily['keySource'],
    options?: DiscoverOptions,
  ): Promise<{ account: AccountDescriptor; summary: EvmAccountSummary }[]>;
}

export interface EvmAdapterOptions {
  /** Nonce sources tried after the backend (node provider 20 s, fallback nodes 3 s, explorer). */
  nonceFallbacks?: readonly NonceSource[];
  /** Use the larger fixed gas limits (25000 / 1200000) when estimation fails. */
  largeGasLimits?: boolean;
}
