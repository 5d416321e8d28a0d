/** The wire contract's parsers: unknown JSON → domain types (the types are in ./types). */
import type {
  Counterparty as DomainCounterparty,
  Direction as DomainDirection,
  HistoryPage as DomainHistoryPage,
  Operation as DomainOperation,
} from '../adapter';
import { OPERATION_EXTRA_MAX_CHARS, OPERATION_EXTRAS_MAX } from '../adapter/history';
import type { ChainErrorBody, Jsonify, TxState, TxStatus } from './types';

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
  constructor(
    readonly field: string,
    detail: string,
  ) {
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
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max)
    fail(field, 'is not a whole number');
  return v;
}

/** The first block of the oldest chain the wallet reads (bitcoin's genesis, 2009-01-03), ms since epoch. */
const EARLIEST_CHAIN_TIME = Date.UTC(2009, 0, 3, 18, 15, 5);
/** How far ahead of this machine's clock a chain time may be (clock skew, a block producer's clock). */
const CHAIN_TIME_SKEW_MS = 24 * 60 * 60 * 1000;

/** A chain time in ms since epoch that can be true: not before the first block, not beyond tomorrow. */
function chainTime(v: unknown, field: string): number {
  const t = uint(v, field);
  if (t < EARLIEST_CHAIN_TIME || t > Date.now() + CHAIN_TIME_SKEW_MS)
    fail(field, 'is not a plausible time in milliseconds');
  return t;
}

/** Decimal string of an unsigned amount → bigint (the wire never sends numbers for money). */
export function parseAmount(v: unknown, field: string): bigint {
  if (typeof v !== 'string' || !/^\d{1,80}$/.test(v)) fail(field, 'is not a decimal amount');
  return BigInt(v);
}

function optional<T>(
  o: Obj,
  key: string,
  parse: (v: unknown, field: string) => T,
  field: string,
): T | undefined {
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

/** A family's extras of an operation: a few short texts under plain names, no control characters. */
function parseExtras(v: unknown, field: string): Record<string, string> {
  const o = obj(v, field);
  const entries = Object.entries(o);
  if (entries.length > OPERATION_EXTRAS_MAX) fail(field, `has more than ${OPERATION_EXTRAS_MAX} entries`);
  const out: Record<string, string> = {};
  for (const [k, x] of entries) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,31}$/.test(k)) fail(`${field}.${k.slice(0, 40)}`, 'is not a plain name');
    const s = text(x, `${field}.${k}`);
    if (s.length > OPERATION_EXTRA_MAX_CHARS || /\p{Cc}/u.test(s))
      fail(`${field}.${k}`, `is not a short text (at most ${OPERATION_EXTRA_MAX_CHARS} characters)`);
    out[k] = s;
  }
  return out;
}

/** A wire Operation → the domain Operation. */
export function parseOperation(v: unknown, field = 'operation'): DomainOperation {
  const o = obj(v, field);
  const hash = text(o.hash, `${field}.hash`);
  if (!hash) fail(`${field}.hash`, 'is empty');
  if (typeof o.direction !== 'string' || !DIRECTIONS.includes(o.direction))
    fail(`${field}.direction`, 'is not in/out/self');
  // The spec's pending block id −1 is read as pending too.
  const blockHeight =
    o.blockHeight === null || o.blockHeight === -1 ? null : uint(o.blockHeight, `${field}.blockHeight`);
  const time = o.time === null ? null : chainTime(o.time, `${field}.time`);
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
  const extras = optional(o, 'extras', parseExtras, field);
  return {
    hash,
    time,
    blockHeight,
    direction: o.direction as DomainDirection,
    value: parseAmount(o.value, `${field}.value`),
    fee: parseAmount(o.fee, `${field}.fee`),
    senders: list(o.senders, `${field}.senders`).map((s, i) =>
      parseCounterparty(s, `${field}.senders[${i}]`),
    ),
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
    ...(extras !== undefined ? { extras } : {}),
  };
}

/** A wire history page → the domain page (and which provider answered, when the server says). */
export function parseHistoryPage(v: unknown): DomainHistoryPage & { provider?: string } {
  const o = obj(v, 'history');
  const cursor = o.cursor === null || o.cursor === '' ? null : text(o.cursor, 'history.cursor');
  const provider = optional(o, 'provider', text, 'history');
  return {
    operations: list(o.operations, 'history.operations').map((op, i) =>
      parseOperation(op, `history.operations[${i}]`),
    ),
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
  // No provider knows the hash: nothing can place it in a block.
  if (state === 'unknown' && (confirmations !== null || blockHeight !== null))
    fail('tx status', 'places an unknown transaction in a block');
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
  return JSON.parse(
    JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
  ) as Jsonify<T>;
}
