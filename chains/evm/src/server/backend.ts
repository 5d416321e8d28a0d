/**
 * What each kind of EVM provider can answer (Trezor blockchain-link style: one facade per family, one implementation
 * per backend). A provider implements the subset it supports; the facade runs the calls with failover over the
 * providers that implement them.
 */
import type { HistoryQuery, Provider } from '@secux-companion/server-kit/failover';
import type {
  EvmCallRequest,
  FeeInfo,
  HistoryPage,
  TokenBalance,
  TokenInfo,
} from '@secux-companion/server-kit/types';
import type { ApprovalCandidate, ApprovalLogs, ApprovalState } from './approvals.js';
import type { EvmSimAnswer, EvmSimRequest } from './simulate.js';

export type { HistoryQuery };

/** One JSON-RPC call of a batch. */
export type { RpcCall, RpcTransport } from './rpcTransport.js';

export type NftSchema = 'ERC721' | 'ERC1155';

export interface NftHolding {
  /** Checksummed contract address. */
  contract: string;
  /** Decimal string. */
  tokenId: string;
  schemaName: NftSchema;
  /** Decimal string (ERC-721: "1"). */
  balance: string;
}

export interface NftCollectionInfo {
  name: string;
  symbol: string;
  description?: string;
}

export interface NftTokenInfo {
  name?: string;
  imageUrl?: string;
  traits: { traitType: string; value: string }[];
}

export interface NftInfoQuery {
  /** Contracts (any case) whose name/symbol/contractURI are wanted. */
  collections: { contract: string; schemaName: NftSchema }[];
  tokens: NftHolding[];
}

export interface NftInfo {
  /** By lowercase contract. */
  collections: Record<string, NftCollectionInfo>;
  /** By `${lowercase contract}:${tokenId}`. */
  tokens: Record<string, NftTokenInfo>;
}

export interface EvmProvider extends Provider {
  readonly kind: 'rpc' | 'etherscan' | 'blockscan' | 'blockbook';
  /** The `k` its history cursors carry (a cursor goes back to a provider of the kind that wrote it). */
  readonly cursorKind?: string;
  getBalance?(address: string, signal: AbortSignal): Promise<string>;
  /** Next nonce, including pending transactions. */
  getNonce?(address: string, signal: AbortSignal): Promise<string>;
  /** Mined transactions sent by the address (nonce at 'latest'). */
  getSentCount?(address: string, signal: AbortSignal): Promise<number>;
  estimateGas?(tx: EvmCallRequest, signal: AbortSignal): Promise<string>;
  /** eth_simulateV1 with traceTransfers of one call: its transfers and fee, or that the node has no such method. */
  simulate?(tx: EvmSimRequest, signal: AbortSignal): Promise<EvmSimAnswer>;
  getFees?(signal: AbortSignal): Promise<Omit<FeeInfo, 'chain' | 'source' | 'provider'>>;
  getTokenInfo?(contract: string, address: string | undefined, signal: AbortSignal): Promise<TokenInfo>;
  /** Token contracts the address has interacted with. */
  discoverTokens?(address: string, signal: AbortSignal): Promise<string[]>;
  /** Balances of known token contracts (explorer tokenbalance or balanceOf). */
  getTokenBalances?(address: string, contracts: string[], signal: AbortSignal): Promise<TokenBalance[]>;
  getHistory?(address: string, q: HistoryQuery, signal: AbortSignal): Promise<Omit<HistoryPage, 'provider'>>;
  broadcast?(raw: string, signal: AbortSignal): Promise<string>;
  rpc?(method: string, params: unknown[], signal: AbortSignal): Promise<unknown>;
  /** ERC-721 / ERC-1155 tokens the address holds now (explorer transfer lists or node logs + checks). */
  getNftHoldings?(address: string, signal: AbortSignal): Promise<NftHolding[]>;
  /** Contract names and token metadata (eth_call). */
  getNftInfo?(q: NftInfoQuery, signal: AbortSignal): Promise<NftInfo>;
  /** The owner's Approval / ApprovalForAll events as candidates (node logs in ranges, or the explorer's getLogs). */
  getApprovalLogs?(owner: string, signal: AbortSignal): Promise<ApprovalLogs>;
  /** Which candidates are live now, with their tokens (eth_call: allowance, isApprovedForAll). */
  checkApprovals?(
    owner: string,
    candidates: readonly ApprovalCandidate[],
    signal: AbortSignal,
  ): Promise<ApprovalState[]>;
}
