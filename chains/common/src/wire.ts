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
  HistoryPage as DomainHistoryPage,
  Operation as DomainOperation,
} from './adapter';

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

// ---------------------------------------------------------------------------
// Parsers: unknown JSON → domain types. A bad field throws MalformedAnswerError (code 'malformed'); an answer
// is never half-read into a zero or an empty string.
// ---------------------------------------------------------------------------

/** A 2xx answer whose shape is not the contract's. */
export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';
  readonly code = 'malformed';
  /** HTTP status of the answer (it arrived, it was just wrong). */
  readonly status: number = 200;
  constructor(readonly field: string, detail: string) {
    super(`malformed answer: ${field} ${detail}`);
  }
}

type Obj = Record<string, unknown>;

function fail(field: string, detail: string): never {
  throw new MalformedAnswerError(field, detail);
}

function obj(v: unknown, field: string): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(field, 'is not an object');
  return v as Obj;
}

function list(v: unknown, field: string): unknown[] {
  if (!Array.isArray(v)) fail(field, 'is not a list');
  return v;
}

function text(v: unknown, field: string): string {
  if (typeof v !== 'string') fail(field, 'is not a text');
  return v;
}

function bool(v: unknown, field: string): boolean {
  if (typeof v !== 'boolean') fail(field, 'is not true or false');
  return v;
}

function uint(v: unknown, field: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) fail(field, 'is not a whole number');
  return v;
}

/** Decimal string of an unsigned amount → bigint (the wire never sends numbers for money). */
export function parseAmount(v: unknown, field: string): bigint {
  if (typeof v !== 'string' || !/^\d{1,80}$/.test(v)) fail(field, 'is not a decimal amount');
  return BigInt(v);
}

function optional<T>(o: Obj, key: string, parse: (v: unknown, field: string) => T, field: string): T | undefined {
  return o[key] === undefined ? undefined : parse(o[key], `${field}.${key}`);
}

function parseCounterparty(v: unknown, field: string): DomainCounterparty {
  const o = obj(v, field);
  const path = optional(o, 'path', text, field);
  const index = optional(o, 'index', uint, field);
  const prevout =
    o.prevout === undefined
      ? undefined
      : (() => {
          const p = obj(o.prevout, `${field}.prevout`);
          return { txid: text(p.txid, `${field}.prevout.txid`), vout: uint(p.vout, `${field}.prevout.vout`) };
        })();
  return {
    address: text(o.address, `${field}.address`),
    value: parseAmount(o.value, `${field}.value`),
    isOwn: bool(o.isOwn, `${field}.isOwn`),
    ...(path !== undefined ? { path } : {}),
    ...(index !== undefined ? { index } : {}),
    ...(prevout ? { prevout } : {}),
  };
}

const DIRECTIONS: readonly string[] = ['in', 'out', 'self'];

/** A wire Operation → the domain Operation. */
export function parseOperation(v: unknown, field = 'operation'): DomainOperation {
  const o = obj(v, field);
  const hash = text(o.hash, `${field}.hash`);
  if (!hash) fail(`${field}.hash`, 'is empty');
  if (typeof o.direction !== 'string' || !DIRECTIONS.includes(o.direction)) fail(`${field}.direction`, 'is not in/out/self');
  // The spec's pending block id −1 is read as pending too.
  const blockHeight = o.blockHeight === null || o.blockHeight === -1 ? null : uint(o.blockHeight, `${field}.blockHeight`);
  const time = o.time === null ? null : uint(o.time, `${field}.time`);
  const token =
    o.token === undefined
      ? undefined
      : (() => {
          const t = obj(o.token, `${field}.token`);
          const name = optional(t, 'name', text, `${field}.token`);
          return {
            contract: text(t.contract, `${field}.token.contract`),
            symbol: text(t.symbol, `${field}.token.symbol`),
            decimals: uint(t.decimals, `${field}.token.decimals`, 255),
            ...(name !== undefined ? { name } : {}),
          };
        })();
  const vsize = optional(o, 'vsize', uint, field);
  const failed = optional(o, 'failed', bool, field);
  const nonce = optional(o, 'nonce', uint, field);
  const gasUsed = optional(o, 'gasUsed', parseAmount, field);
  const gasPrice = optional(o, 'gasPrice', parseAmount, field);
  const memo = optional(o, 'memo', text, field);
  const destinationTag = optional(o, 'destinationTag', (x, f) => uint(x, f, 0xffff_ffff), field);
  const action = optional(o, 'action', text, field);
  return {
    hash,
    time,
    blockHeight,
    direction: o.direction as DomainDirection,
    value: parseAmount(o.value, `${field}.value`),
    fee: parseAmount(o.fee, `${field}.fee`),
    senders: list(o.senders, `${field}.senders`).map((s, i) => parseCounterparty(s, `${field}.senders[${i}]`)),
    recipients: list(o.recipients, `${field}.recipients`).map((r, i) =>
      parseCounterparty(r, `${field}.recipients[${i}]`),
    ),
    isOwnTransaction: bool(o.isOwnTransaction, `${field}.isOwnTransaction`),
    rbf: bool(o.rbf, `${field}.rbf`),
    ...(vsize !== undefined ? { vsize } : {}),
    ...(failed !== undefined ? { failed } : {}),
    ...(token ? { token } : {}),
    ...(nonce !== undefined ? { nonce } : {}),
    ...(gasUsed !== undefined ? { gasUsed } : {}),
    ...(gasPrice !== undefined ? { gasPrice } : {}),
    ...(memo !== undefined ? { memo } : {}),
    ...(destinationTag !== undefined ? { destinationTag } : {}),
    ...(action !== undefined ? { action } : {}),
  };
}

/** A wire history page → the domain page (and which provider answered, when the server says). */
export function parseHistoryPage(v: unknown): DomainHistoryPage & { provider?: string } {
  const o = obj(v, 'history');
  const cursor = o.cursor === null || o.cursor === '' ? null : text(o.cursor, 'history.cursor');
  const provider = optional(o, 'provider', text, 'history');
  return {
    operations: list(o.operations, 'history.operations').map((op, i) => parseOperation(op, `history.operations[${i}]`)),
    cursor,
    ...(provider !== undefined ? { provider } : {}),
  };
}

const TX_STATES: readonly string[] = ['pending', 'confirmed', 'failed', 'unknown'];

/** A wire TxStatus (`GET /chains/:chain/tx-status/:hash`). Throws MalformedAnswerError when the body is not one. */
export function parseTxStatus(v: unknown): TxStatus {
  const o = obj(v, 'tx status');
  const hash = text(o.hash, 'tx status.hash');
  if (!hash) fail('tx status.hash', 'is empty');
  if (typeof o.state !== 'string' || !TX_STATES.includes(o.state)) fail('tx status.state', 'is not a state');
  const state = o.state as TxState;
  const final = bool(o.final, 'tx status.final');
  if (final !== (state === 'confirmed' || state === 'failed'))
    fail('tx status.final', 'contradicts the state');
  const confirmations = o.confirmations === null ? null : uint(o.confirmations, 'tx status.confirmations');
  const blockHeight = o.blockHeight === null ? null : uint(o.blockHeight, 'tx status.blockHeight');
  const reason = optional(o, 'reason', text, 'tx status');
  return {
    hash,
    state,
    final,
    confirmations,
    blockHeight,
    ...(reason !== undefined ? { reason } : {}),
    provider: text(o.provider, 'tx status.provider'),
  };
}

/** The error body of a non-2xx answer. Throws MalformedAnswerError when the body is not one. */
export function parseErrorBody(v: unknown): ChainErrorBody {
  const o = obj(v, 'error body');
  const statusCode = uint(o.statusCode, 'error body.statusCode', 599);
  if (statusCode < 400) fail('error body.statusCode', 'is not an error status');
  const attempts =
    o.attempts === undefined
      ? undefined
      : list(o.attempts, 'error body.attempts').map((a, i) => {
          const x = obj(a, `error body.attempts[${i}]`);
          const status = optional(x, 'status', uint, `error body.attempts[${i}]`);
          return {
            provider: text(x.provider, `error body.attempts[${i}].provider`),
            kind: text(x.kind, `error body.attempts[${i}].kind`),
            ...(status !== undefined ? { status } : {}),
          };
        });
  const chain = optional(o, 'chain', text, 'error body');
  const provider = optional(o, 'provider', text, 'error body');
  const retryAfter = optional(o, 'retryAfter', uint, 'error body');
  const stale = optional(o, 'stale', bool, 'error body');
  const reason = optional(o, 'reason', text, 'error body');
  const settings =
    o.settings === undefined
      ? undefined
      : list(o.settings, 'error body.settings').map((x, i) => text(x, `error body.settings[${i}]`));
  const upstreamCode =
    o.upstreamCode === undefined
      ? undefined
      : typeof o.upstreamCode === 'number' || typeof o.upstreamCode === 'string'
        ? o.upstreamCode
        : fail('error body.upstreamCode', 'is not a code');
  return {
    error: text(o.error, 'error body.error'),
    code: text(o.code, 'error body.code'),
    statusCode,
    ...(chain !== undefined ? { chain } : {}),
    ...(provider !== undefined ? { provider } : {}),
    ...(attempts ? { attempts } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(stale !== undefined ? { stale } : {}),
    ...(upstreamCode !== undefined ? { upstreamCode } : {}),
    ...(reason !== undefined ? { reason } : {}),
    ...(settings ? { settings } : {}),
  };
}

/** The error body, or undefined when the answer carries none (a proxy's HTML page, an empty 502). */
export function readErrorBody(v: unknown): ChainErrorBody | undefined {
  try {
    return parseErrorBody(v);
  } catch {
    return undefined;
  }
}

/** A domain value → its JSON form (bigint → decimal string). The server answers with it. */
export function toWire<T>(value: T): Jsonify<T> {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as Jsonify<T>;
}
