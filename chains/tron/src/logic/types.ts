/**
 * The TRON adapter's contract: what it needs from the network ({@link TronBackend}, network/productApi.ts), from the
 * device, and the adapter's own shape. The operations are in ops/, composed by adapter.ts.
 */
import type {
  BuiltTransaction,
  ChainAdapter,
  HistoryPage,
  SendDraftBase,
  TokenHolding,
} from '@secux-companion/chain-common';
import type { TronChainParams, TronCosts, TronResources } from './costs';
import type { TronBlockRef, TronDeviceTx } from './tx';

/** A token of the account (TRC-10 id or TRC-20 contract), as the product API reads it. */
export interface TronToken {
  type: 'trc10' | 'trc20';
  /** TRC-20 contract 'T…' or TRC-10 token id (digits). */
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
  balance: bigint;
}

/** The account as the product API reads it (getaccount + getaccountresource + the indexer's token balances). */
export interface TronAccountInfo {
  /** Sun. */
  balance: bigint;
  /** The account exists on chain (getaccount answers {} before its first incoming transfer). */
  activated: boolean;
  txCount: number;
  resources: TronResources;
  tokens: TronToken[];
}

/** What logic/ needs from the network (network/productApi.ts implements it). */
export interface TronBackend {
  account(address: string, signal?: AbortSignal): Promise<TronAccountInfo>;
  /** getchainparameters: the prices the costs are computed from. */
  params(signal?: AbortSignal): Promise<TronChainParams>;
  /** The current block (the reference block). */
  block(signal?: AbortSignal): Promise<TronBlockRef>;
  /** triggerconstantcontract energy_used for the call; throws TronError('tronEstimateFailed') on a revert. */
  estimateEnergy(owner: string, contract: string, data: string): Promise<bigint>;
  /** Details of one token (TRC-20 contract or TRC-10 id), to add it by hand. */
  token(contract: string, owner?: string): Promise<TronToken>;
  history(address: string, cursor: string | null): Promise<HistoryPage>;
  /** Broadcasts the signed transaction (hex) and returns its id. */
  broadcast(signedHex: string): Promise<string>;
}

/** A TRON send: TRX, or a token (TRC-20 when its contract starts with T, TRC-10 otherwise). */
export interface TronDraft extends SendDraftBase {
  token?: { contract: string; symbol: string; decimals: number };
}

export interface TronSignRequest {
  /** m/44'/195'/{index}'/0/0 (the signing path ends in 0). */
  path: string;
  tx: TronDeviceTx;
}

export interface TronUnsigned {
  tx: TronDeviceTx;
  /** raw_data as the device will build it (hex): its sha256 is the txID. */
  rawHex: string;
  costs: TronCosts;
  /** The send creates the recipient account. */
  activates: boolean;
  token?: TronDraft['token'];
}

/** The device capability used (packages/device Device). */
export interface TronSigner {
  signTrx(path: string, tx: Record<string, unknown>): Promise<{ rawTx: string; signature?: string }>;
}

export interface TronKeySource {
  getAddress(path: string): Promise<string>;
}

export interface TronFamily {
  keySource: TronKeySource;
  draft: TronDraft;
  unsigned: TronUnsigned;
  signRequest: TronSignRequest;
  signer: TronSigner;
  signature: { rawTx: string; signature?: string };
}

export type TronAdapter = ChainAdapter<TronFamily> & {
  /** A token's details (add a token). */
  token(contract: string, owner?: string): Promise<TronToken>;
  /** The chain's current prices. */
  params(): Promise<TronChainParams>;
  /** The review's plain sentence in English (the web renders its translation from the same numbers). */
  burnSentence(built: BuiltTransaction<TronUnsigned, TronSignRequest>): string;
};

/**
 * A token as the account state lists it: the shared holding plus its TRC type. Its price is not the chain's business:
 * the web asks the price service by TRC-20 contract, as for every token.
 */
export type TronTokenHolding = TokenHolding & { type: 'trc10' | 'trc20' };
