/**
 * The wire contract of /api/chains/… (spec 02 §3, §7): what the server answers and every family's network/ parses.
 *
 * - Every amount is a decimal string in the chain's smallest unit (satoshi, wei, token base units), so it survives
 *   JSON without losing precision; the web app turns it into a bigint.
 * - Times are milliseconds since the epoch; block heights are null while a transaction is pending.
 * - Raw upstream shapes never leave their provider file (providers/*.ts).
 */

import type {
  Counterparty as DomainCounterparty,
  Direction as DomainDirection,
  FeeRateUnit,
  Operation as DomainOperation,
} from '../adapter';

/** Decimal string of an integer amount in the smallest unit ("0", "123456789"). */
export type Amount = string;

/**
 * The JSON form of a domain type: bigint becomes a decimal string (the wire's {@link Amount}); everything
 * else keeps its shape. So the wire types are derived from the domain ones and cannot drift apart.
 */
export type Jsonify<T> = T extends bigint
  ? string
  : T extends string | number | boolean | null | undefined
    ? T
    : T extends readonly (infer U)[]
      ? Jsonify<U>[]
      : T extends object
        ? { [K in keyof T]: Jsonify<T[K]> }
        : T;

/** A chain's family on the wire: core's family list is the one home (a new family adds itself there). */
export type { ChainFamily } from '@secux-companion/core';

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

export type Direction = DomainDirection;

/** A sender or recipient of an operation: the JSON form of chain-common's Counterparty. */
export type Counterparty = Jsonify<DomainCounterparty>;

/**
 * One history entry: the JSON form of chain-common's Operation (ONE Operation type; amounts as decimal strings).
 * EVM adds nonce, gasUsed and gasPrice (wei); XRP a destinationTag; Stellar, BNB and FIO a memo.
 */
export type Operation = Jsonify<DomainOperation>;

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
  /**
   * The family's unit (the contract's FeeRateUnit): 'sat/vB' (UTXO, numbers may be fractional), 'wei' (EVM, integer
   * strings), or a whole fee / price in the chain's smallest unit ('drops', 'stroops', 'sun', 'micro-lamports/CU', 'SUF' …).
   */
  unit: FeeRateUnit;
  /** UTXO: sat/vB numbers; EVM: legacy gas price per tier in wei (strings); XRP: fee per transaction in drops. */
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

/**
 * What the chain has decided about a broadcast transaction (`GET /chains/:chain/tx-status/:hash`), read from the
 * chain's own finality signal (XRPL `validated`, Horizon's transaction record, TRON's solidity node, Solana
 * `finalized`, FIO's last irreversible block, an EVM receipt at the chain's finality depth, bitcoin confirmations):
 * - `pending`: the chain has it but has not decided;
 * - `confirmed`: final and successful; `failed`: final and failed (`reason` says why);
 * - `unknown`: no provider knows the hash (not seen yet, or dropped).
 */
export type TxState = 'pending' | 'confirmed' | 'failed' | 'unknown';

export interface TxStatus {
  hash: string;
  state: TxState;
  /** true for confirmed and failed: the answer will not change. */
  final: boolean;
  /** Blocks (ledgers, slots) on top of the transaction's, counting its own; null when the chain gives none. */
  confirmations: number | null;
  /** The block (ledger, slot) holding it; null while it is in none. */
  blockHeight: number | null;
  /** Why a final transaction failed (the chain's code: `tecUNFUNDED_PAYMENT`, `REVERT`, `reverted` …). */
  reason?: string;
  provider: string;
}

/** `POST /chains/:chain/broadcast`: the chain's id of the transaction, which the chain has not decided yet. */
export interface BroadcastAnswer {
  hash: string;
  state: 'pending';
  provider: string;
}

export interface EvmCallRequest {
  from?: string;
  to?: string;
  value?: string;
  data?: string;
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

/** One provider tried by the server's failover (apps/server/src/chains/failover.ts `Attempt`). */
export interface ErrorAttempt {
  provider: string;
  /** refused, timeout, server, rateLimited, malformed, wrongChain, unsupported, notFound, rejected, badRequest. */
  kind: string;
  status?: number;
}

/**
 * The ONE error body of /api/chains/* (routes.ts error handler): 400 bad input, 404 not found, 422 rejected by the
 * node, 429 every provider rate limiting, 502 every provider failed, 503 none reachable / none configured.
 */
export interface ChainErrorBody {
  error: string;
  /** 'bad_request', 'client_error', 'not_found', 'rejected', 'too_many_requests', 'upstream_failed', … */
  code: string;
  statusCode: number;
  chain?: string;
  /** The provider whose answer was final (404, 422). */
  provider?: string;
  attempts?: ErrorAttempt[];
  /** Seconds (also sent as the Retry-After header). */
  retryAfter?: number;
  /** Every provider failed: the client keeps its last known value, marked stale. */
  stale?: boolean;
  /** The node's own error code (422 rejected). */
  upstreamCode?: number | string;
  /** 404 `chain_not_configured`: `no_provider` or `switched_off`; 404 `not_configured`: `no_provider`. */
  reason?: string;
  /**
   * 404 `chain_not_configured`: the server variables that would serve the chain; 404 `not_configured`: those that
   * would serve the `feature` (names, never values).
   */
  settings?: string[];
  /** 404 `not_configured`: what a served chain has no source for (`history`, `tokens`). */
  feature?: string;
}
