/**
 * The wire contract of /api/chains/… (spec 02 §3, §7): what the server answers and every family's network/ parses.
 *
 * - Every amount is a decimal string in the chain's smallest unit (satoshi, wei, token base units), so it survives
 *   JSON without losing precision; the web app turns it into a bigint.
 * - Times are milliseconds since the epoch; block heights are null while a transaction is pending.
 * - Raw upstream shapes never leave their provider file (providers/*.ts).
 */

/** Decimal string of an integer amount in the smallest unit ("0", "123456789"). */
export type Amount = string;

export type ChainFamily = 'utxo' | 'evm';

export interface TokenBalance {
  /** 'ERC20' (EVM). */
  type: string;
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
  balance: Amount;
}

/** One address of an xpub account (spec 02 §3 "Address entry"). */
export interface AddressEntry {
  address: string;
  /** Full path m/…/{change}/{index}. */
  path: string;
  /** 0 receive, 1 change. */
  change: 0 | 1;
  index: number;
  balance: Amount;
  /** Number of transactions touching the address. */
  transfers: number;
}

export interface AccountInfo {
  chain: string;
  /** The address or xpub asked for. */
  address: string;
  /** Confirmed balance. */
  balance: Amount;
  /** Net unconfirmed change (may be negative: "-1000"). */
  unconfirmedBalance: Amount;
  txCount: number;
  /** EVM: next nonce (pending). */
  nonce?: string;
  /** EVM: token balances (only when asked for). */
  tokens?: TokenBalance[];
  /** UTXO xpub: used (and requested) derived addresses. */
  addresses?: AddressEntry[];
  utxosCount?: number;
  /** Which configured provider answered (its name, never its URL). */
  provider: string;
}

export interface Utxo {
  txid: string;
  vout: number;
  value: Amount;
  /** Block height; null while unconfirmed (spec: pending inputs are not usable). */
  height: number | null;
  confirmations: number;
  address?: string;
  path?: string;
  coinbase?: boolean;
}

export type Direction = 'in' | 'out' | 'self';

export interface Counterparty {
  address: string;
  value: Amount;
  isOwn: boolean;
  path?: string;
  /** Output index (outputs) or input index (inputs). */
  index?: number;
  /** Previous outpoint of an input (UTXO). */
  prevout?: { txid: string; vout: number };
}

/** One history entry (same fields as chain-common's Operation, amounts as strings). */
export interface Operation {
  hash: string;
  /** ms since epoch; null when unknown. */
  time: number | null;
  /** null while pending. */
  blockHeight: number | null;
  direction: Direction;
  /** Amount moved, fee excluded. */
  value: Amount;
  fee: Amount;
  senders: Counterparty[];
  recipients: Counterparty[];
  isOwnTransaction: boolean;
  rbf: boolean;
  vsize?: number;
  failed?: boolean;
  token?: { contract: string; symbol: string; decimals: number; name?: string };
  /** EVM: nonce, gas used and gas price (wei) of the transaction. */
  nonce?: number;
  gasUsed?: Amount;
  gasPrice?: Amount;
}

export interface HistoryPage {
  operations: Operation[];
  /** Opaque cursor for the next page; null when there is none. */
  cursor: string | null;
  provider: string;
}

/** A transaction with its inputs and outputs (UTXO families). */
export interface TxDetails {
  txid: string;
  blockHeight: number | null;
  blockHash?: string;
  confirmations: number;
  time: number | null;
  vsize?: number;
  size?: number;
  fee?: Amount;
  value: Amount;
  rbf: boolean;
  hex?: string;
  inputs: {
    txid?: string;
    vout?: number;
    sequence?: number;
    address?: string;
    value?: Amount;
    coinbase?: boolean;
  }[];
  outputs: { n: number; address?: string; value: Amount; script?: string; spent?: boolean }[];
}

export interface FeeTiers<T> {
  high: T;
  medium: T;
  low: T;
}

export interface FeeInfo {
  chain: string;
  /** 'sat/vB' (UTXO, numbers may be fractional) or 'wei' (EVM, integer strings). */
  unit: 'sat/vB' | 'wei';
  /** UTXO: sat/vB numbers; EVM: legacy gas price per tier in wei (strings). */
  tiers: FeeTiers<number | string>;
  /** EVM only: EIP-1559 fee per tier (wei). Absent when the chain has no base fee or all tiers were 0. */
  eip1559?: {
    baseFeePerGas: Amount;
    tiers: FeeTiers<{ maxFeePerGas: Amount; maxPriorityFeePerGas: Amount }>;
  };
  /** 'network' (asked a provider), 'preset' (spec preset for the chain), 'fallback' (providers failed). */
  source: 'network' | 'preset' | 'fallback';
  provider?: string;
}

export interface TokenInfo {
  type: string;
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Present when an address was given. */
  balance?: Amount;
}

export interface EvmCallRequest {
  from?: string;
  to?: string;
  value?: string;
  data?: string;
}
