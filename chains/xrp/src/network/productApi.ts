/**
 * XrpBackend over OUR product API (/api/chains/XRP/…; apps/server/src/chains/families/xrp). Raw answer shapes stay in
 * this file; logic/ sees domain types only. Histories are parsed with chain-common's wire parser.
 */
import { HISTORY_PAGE_SIZE } from '@secux-companion/core';
import { requestJson, type FetchLike } from '@secux-companion/chain-common';
import { parseHistoryPage, type ChainErrorBody } from '@secux-companion/chain-common/wire';
import type { XrpAccountInfo, XrpBackend, XrpLedgerInfo } from '../logic/adapter';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class XrpNetworkError extends Error {
  override readonly name = 'XrpNetworkError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: ChainErrorBody,
  ) {
    super(message);
  }
}

const malformed = (what: string) => new XrpNetworkError(200, `malformed answer: ${what}`, 'malformed');

function obj(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw malformed(what);
  return v as Record<string, unknown>;
}
function drops(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^\d{1,20}$/.test(v)) throw malformed(what);
  return BigInt(v);
}
function uint(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw malformed(what);
  return v;
}
function bool(v: unknown, what: string): boolean {
  if (typeof v !== 'boolean') throw malformed(what);
  return v;
}

const enc = encodeURIComponent;
export const ROUTES = {
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  ledger: (chain: string) => `/chains/${enc(chain)}/ledger`,
  fees: (chain: string) => `/chains/${enc(chain)}/fees`,
  history: (chain: string, address: string, cursor: string | null) =>
    `/chains/${enc(chain)}/history/${enc(address)}?pageSize=${HISTORY_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
} as const;

export function parseXrpAccount(v: unknown): XrpAccountInfo {
  const o = obj(v, 'account');
  return {
    balance: drops(o.balance, 'balance'),
    txCount: uint(o.txCount, 'txCount'),
    sequence: o.sequence === null || o.sequence === undefined ? null : uint(o.sequence, 'sequence'),
    ownerCount: uint(o.ownerCount, 'ownerCount'),
    activated: bool(o.activated, 'activated'),
    requireDestinationTag: bool(o.requireDestinationTag, 'requireDestinationTag'),
  };
}

export function parseXrpLedger(v: unknown): XrpLedgerInfo {
  const o = obj(v, 'ledger');
  return {
    ledgerIndex: uint(o.ledgerIndex, 'ledgerIndex'),
    reserve: {
      base: drops(o.reserveBase, 'reserveBase'),
      increment: drops(o.reserveIncrement, 'reserveIncrement'),
    },
  };
}

export interface XrpProductApiOptions {
  chain?: string;
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createXrpProductApiBackend(options: XrpProductApiOptions = {}): XrpBackend {
  const chain = options.chain ?? 'XRP';
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fail = (status: number, message: string, code?: string, body?: ChainErrorBody) =>
    new XrpNetworkError(status, message, code, body);
  const get = (path: string, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { timeoutMs, ...(signal ? { signal } : {}) }, fail);

  return {
    async account(address, signal) {
      return parseXrpAccount(await get(ROUTES.account(chain, address), signal));
    },
    async ledger(signal) {
      return parseXrpLedger(await get(ROUTES.ledger(chain), signal));
    },
    async fees(signal) {
      const o = obj(await get(ROUTES.fees(chain), signal), 'fees');
      if (o.unit !== 'drops') throw malformed('unit');
      const t = obj(o.tiers, 'tiers');
      const tier = (k: string) => Number(drops(typeof t[k] === 'number' ? String(t[k]) : t[k], k));
      return { high: tier('high'), medium: tier('medium'), low: tier('low') };
    },
    async history(address, cursor) {
      const page = parseHistoryPage(await get(ROUTES.history(chain, address, cursor)));
      return { operations: page.operations, cursor: page.cursor };
    },
    async broadcast(rawTx) {
      const o = obj(
        await requestJson(
          doFetch,
          base + ROUTES.broadcast(chain),
          { method: 'POST', body: { rawTx }, timeoutMs },
          fail,
        ),
        'broadcast',
      );
      if (typeof o.hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(o.hash)) throw malformed('hash');
      return o.hash.toUpperCase();
    },
  };
}
