/**
 * The part every family's network/productApi.ts shares: a client of OUR product API (/api/chains/<chain>/…) that
 * fails with the family's own error type, the history route and page, and the small answer readers that turn a bad
 * answer into that error with code 'malformed'. Each family keeps its routes, answer shapes and error class name.
 */
import { HISTORY_PAGE_SIZE } from '@secux-companion/core';
import type { HistoryPage } from './adapter';
import { requestJson, type FetchLike } from './http';
import { parseHistoryPage, type ChainErrorBody } from './wire';

/**
 * A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. A family
 * extends it only to give its errors their own name (`class XrpNetworkError extends ChainApiError { name = … }`).
 */
export class ChainApiError extends Error {
  override readonly name: string = 'ChainApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: ChainErrorBody,
  ) {
    super(message);
  }
}

/** The constructor of a family's ChainApiError. */
export type ChainApiErrorClass<E extends ChainApiError> = new (
  status: number,
  message: string,
  code?: string,
  body?: ChainErrorBody,
) => E;

/** Answer readers that throw the family's error (status 200, code 'malformed', 'malformed answer: <what>'). */
export interface AnswerReaders<E extends ChainApiError> {
  malformed(what: string): E;
  obj(v: unknown, what: string): Record<string, unknown>;
  /** A non-negative safe integer, at most `max`. */
  uint(v: unknown, what: string, max?: number): number;
  bool(v: unknown, what: string): boolean;
  /** An unsigned amount as decimal text of at most `maxDigits` digits (money never travels as a number) → bigint. */
  amount(v: unknown, what: string, maxDigits?: number): bigint;
}

export function answerReaders<E extends ChainApiError>(ErrorClass: ChainApiErrorClass<E>): AnswerReaders<E> {
  const malformed = (what: string) => new ErrorClass(200, `malformed answer: ${what}`, 'malformed');
  return {
    malformed,
    obj(v, what) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw malformed(what);
      return v as Record<string, unknown>;
    },
    uint(v, what, max = Number.MAX_SAFE_INTEGER) {
      if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) throw malformed(what);
      return v;
    },
    bool(v, what) {
      if (typeof v !== 'boolean') throw malformed(what);
      return v;
    },
    amount(v, what, maxDigits = 20) {
      if (typeof v !== 'string' || !/^\d+$/.test(v) || v.length > maxDigits) throw malformed(what);
      return BigInt(v);
    },
  };
}

/**
 * How long the browser waits for `POST /chains/:chain/broadcast`: the server's submit class may take 35 s and more
 * (Horizon answers a submit only when the ledger closes; a hung first provider is left for the next one with the
 * same bytes), so the broadcast gets more than the reads' timeout. A timeout here says nothing about the outcome.
 */
export const BROADCAST_TIMEOUT_MS = 65_000;

/**
 * How long the browser waits for a history-class route (history pages, token and NFT discovery, an xpub's account and
 * UTXOs): the server gives these calls CHAIN_HISTORY_BUDGET_MS (40 s), as Etherscan's "Query Timeout" answer alone
 * takes about 30 s, so they get more than the reads' timeout. Never shorter than a family's own read timeout.
 */
export const HISTORY_TIMEOUT_MS = 45_000;

/** What a caller may set on a family's product-API backend. */
export interface ProductApiOptions {
  /** Server chain id; the family's default when absent. */
  chain?: string;
  /** API base, default '/api'. */
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** The broadcast's timeout; default {@link BROADCAST_TIMEOUT_MS}. */
  broadcastTimeoutMs?: number;
  /** The history-class routes' timeout; default {@link HISTORY_TIMEOUT_MS} (or the reads' timeout when longer). */
  historyTimeoutMs?: number;
}

export interface ProductApiClient {
  /** The server chain id in use. */
  readonly chain: string;
  get(path: string, signal?: AbortSignal): Promise<unknown>;
  /** GET of a history-class route (a listing or scan: history, tokens, NFTs), with the history timeout. */
  list(path: string, signal?: AbortSignal): Promise<unknown>;
  post(path: string, body: unknown): Promise<unknown>;
  /** POST of a signed transaction, with the broadcast's timeout. */
  broadcast(path: string, body: unknown): Promise<unknown>;
  /** GET /chains/<chain>/history/<address> (one page of HISTORY_PAGE_SIZE), parsed with the wire parser. */
  history(address: string, cursor: string | null): Promise<HistoryPage>;
}

const enc = encodeURIComponent;

/** The history route every account-based family shares (relative to the API base). */
export function historyRoute(chain: string, address: string, cursor: string | null): string {
  return `/chains/${enc(chain)}/history/${enc(address)}?pageSize=${HISTORY_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ''}`;
}

/** The history-class routes' timeout: the option, else {@link HISTORY_TIMEOUT_MS}, never below the reads' timeout. */
export function historyTimeout(options: { historyTimeoutMs?: number }, readTimeoutMs: number): number {
  return options.historyTimeoutMs ?? Math.max(HISTORY_TIMEOUT_MS, readTimeoutMs);
}

export function createProductApiClient<E extends ChainApiError>(
  options: ProductApiOptions,
  family: { chain: string; timeoutMs: number; error: ChainApiErrorClass<E> },
): ProductApiClient {
  const chain = options.chain ?? family.chain;
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? family.timeoutMs;
  const fail = (status: number, message: string, code?: string, body?: ChainErrorBody) =>
    new family.error(status, message, code, body);
  const listTimeoutMs = historyTimeout(options, timeoutMs);
  const get = (path: string, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { timeoutMs, ...(signal ? { signal } : {}) }, fail);
  const list = (path: string, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { timeoutMs: listTimeoutMs, ...(signal ? { signal } : {}) }, fail);
  return {
    chain,
    get,
    list,
    post: (path, body) => requestJson(doFetch, base + path, { method: 'POST', body, timeoutMs }, fail),
    broadcast: (path, body) =>
      requestJson(
        doFetch,
        base + path,
        { method: 'POST', body, timeoutMs: options.broadcastTimeoutMs ?? BROADCAST_TIMEOUT_MS },
        fail,
      ),
    async history(address, cursor) {
      const page = parseHistoryPage(await list(historyRoute(chain, address, cursor)));
      return { operations: page.operations, cursor: page.cursor };
    },
  };
}
