/**
 * BnbBackend over OUR product API (/api/chains/BNB/…; apps/server/src/chains/families/bnb). Raw answer shapes stay
 * in this file; logic/ sees domain types only. Histories are parsed with chain-common's wire parser.
 */
import { HISTORY_PAGE_SIZE } from '@secux-companion/core';
import { requestJson, type FetchLike } from '@secux-companion/chain-common';
import { parseHistoryPage, type ChainErrorBody } from '@secux-companion/chain-common/wire';
import type { BnbAccountInfo, BnbBackend, BnbChainStatus } from '../logic/adapter';
import type { BnbAssetBalance } from '../logic/history';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** The most asset lines read from an account answer. */
export const MAX_BALANCES = 100;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class BnbNetworkError extends Error {
  override readonly name = 'BnbNetworkError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: ChainErrorBody,
  ) {
    super(message);
  }
}

const malformed = (what: string) => new BnbNetworkError(200, `malformed answer: ${what}`, 'malformed');

function obj(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw malformed(what);
  return v as Record<string, unknown>;
}
function units(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw malformed(what);
  return BigInt(v);
}
function uint(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw malformed(what);
  return v;
}

const enc = encodeURIComponent;
export const ROUTES = {
  status: (chain: string) => `/chains/${enc(chain)}`,
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  history: (chain: string, address: string, cursor: string | null) =>
    `/chains/${enc(chain)}/history/${enc(address)}?pageSize=${HISTORY_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
} as const;

export function parseBnbStatus(v: unknown): BnbChainStatus {
  const o = obj(v, 'chain');
  if (typeof o.archive !== 'boolean') throw malformed('archive');
  if (typeof o.haltDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(o.haltDate)) throw malformed('haltDate');
  return { archive: o.archive, haltHeight: uint(o.haltHeight, 'haltHeight'), haltDate: o.haltDate };
}

export function parseBnbAccount(v: unknown): BnbAccountInfo {
  const o = obj(v, 'account');
  const list = o.balances ?? [];
  if (!Array.isArray(list)) throw malformed('balances');
  const balances: BnbAssetBalance[] = list.slice(0, MAX_BALANCES).map((b, i) => {
    const x = obj(b, `balances[${i}]`);
    if (typeof x.symbol !== 'string' || !/^[A-Za-z0-9.-]{1,20}$/.test(x.symbol)) throw malformed('symbol');
    return {
      symbol: x.symbol,
      free: units(x.free, 'free'),
      locked: units(x.locked, 'locked'),
      frozen: units(x.frozen, 'frozen'),
    };
  });
  return { balances, sequence: uint(o.txCount, 'txCount') };
}

export interface BnbProductApiOptions {
  chain?: string;
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createBnbProductApiBackend(options: BnbProductApiOptions = {}): BnbBackend {
  const chain = options.chain ?? 'BNB';
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fail = (status: number, message: string, code?: string, body?: ChainErrorBody) =>
    new BnbNetworkError(status, message, code, body);
  const get = (path: string, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { timeoutMs, ...(signal ? { signal } : {}) }, fail);

  return {
    async status(signal) {
      return parseBnbStatus(await get(ROUTES.status(chain), signal));
    },
    async account(address, signal) {
      return parseBnbAccount(await get(ROUTES.account(chain, address), signal));
    },
    async history(address, cursor) {
      const page = parseHistoryPage(await get(ROUTES.history(chain, address, cursor)));
      return { operations: page.operations, cursor: page.cursor };
    },
  };
}
