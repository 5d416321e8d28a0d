/**
 * What each kind of provider can answer, per chain family (Trezor blockchain-link style: one facade per family,
 * one implementation per backend). A provider implements the subset it supports; the facade runs the calls
 * with failover over the providers that implement them.
 */
import type { Provider } from './failover.js';
import type { NftHolding, NftInfo, NftInfoQuery } from './nfts.js';
import type {
  AccountInfo,
  EvmCallRequest,
  FeeInfo,
  FeeTiers,
  HistoryPage,
  TokenBalance,
  TokenInfo,
  TxDetails,
  Utxo,
} from './types.js';
import type { UtxoBip } from './xpub.js';

/** What a bitcoin-family query is about: an account-level xpub (with its purpose) or one address. */
export type UtxoSubject =
  { kind: 'xpub'; xpub: string; bip: UtxoBip; explicitBip: boolean } | { kind: 'address'; address: string };

export interface XpubQuery {
  subject: UtxoSubject;
  /** Include every derived address up to the gap ('derived') or only used ones ('used', default). */
  tokens?: 'used' | 'derived';
  gap?: number;
}

export interface HistoryQuery {
  cursor: string | null;
  pageSize: number;
}

export interface UtxoProvider extends Provider {
  readonly kind: 'blockbook' | 'bitcoinCore';
  getAccount?(q: XpubQuery, chain: string, signal: AbortSignal): Promise<AccountInfo>;
  getUtxos?(subject: UtxoSubject, confirmedOnly: boolean, signal: AbortSignal): Promise<Utxo[]>;
  getHistory?(
    subject: UtxoSubject,
    q: HistoryQuery,
    signal: AbortSignal,
  ): Promise<Omit<HistoryPage, 'provider'>>;
  getTx?(txid: string, signal: AbortSignal): Promise<TxDetails>;
  getRawTx?(txid: string, signal: AbortSignal): Promise<string>;
  broadcast?(hex: string, signal: AbortSignal): Promise<string>;
  estimateFees?(signal: AbortSignal): Promise<FeeTiers<number>>;
  /** Raw node JSON-RPC (allow-listed by the route). */
  rpc?(method: string, params: unknown[], signal: AbortSignal): Promise<unknown>;
}

export interface FeeProvider extends Provider {
  readonly kind: 'mempool';
  recommendedFees(signal: AbortSignal): Promise<FeeTiers<number>>;
}

export interface EvmProvider extends Provider {
  readonly kind: 'rpc' | 'etherscan' | 'blockscan';
  getBalance?(address: string, signal: AbortSignal): Promise<string>;
  /** Next nonce, including pending transactions. */
  getNonce?(address: string, signal: AbortSignal): Promise<string>;
  /** Mined transactions sent by the address (nonce at 'latest'). */
  getSentCount?(address: string, signal: AbortSignal): Promise<number>;
  estimateGas?(tx: EvmCallRequest, signal: AbortSignal): Promise<string>;
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
}
