/**
 * TronBackend over OUR product API (/api/chains/TRX/…; apps/server/src/chains/families/tron). Raw answer shapes stay
 * in this file; logic/ sees domain types only. Histories are parsed with chain-common's wire parser.
 */
import { HISTORY_PAGE_SIZE } from '@secux-companion/core';
import { requestJson, type FetchLike } from '@secux-companion/chain-common';
import { parseHistoryPage, type ChainErrorBody } from '@secux-companion/chain-common/wire';
import type { TronAccountInfo, TronBackend, TronToken } from '../logic/adapter';
import type { TronChainParams } from '../logic/costs';
import { TronError } from '../logic/errors';
import type { TronBlockRef } from '../logic/tx';

export const DEFAULT_TIMEOUT_MS = 30_000;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class TronNetworkError extends Error {
  override readonly name = 'TronNetworkError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: ChainErrorBody,
  ) {
    super(message);
  }
}

const malformed = (what: string) => new TronNetworkError(200, `malformed answer: ${what}`, 'malformed');

function obj(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw malformed(what);
  return v as Record<string, unknown>;
}
function units(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^\d{1,78}$/.test(v)) throw malformed(what);
  return BigInt(v);
}
function uint(v: unknown, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0 || v > max) throw malformed(what);
  return v;
}
function str(v: unknown, what: string, max = 200): string {
  if (typeof v !== 'string' || v.length > max) throw malformed(what);
  return v;
}

const enc = encodeURIComponent;
export const ROUTES = {
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  params: (chain: string) => `/chains/${enc(chain)}/params`,
  block: (chain: string) => `/chains/${enc(chain)}/block`,
  estimate: (chain: string) => `/chains/${enc(chain)}/estimate`,
  token: (chain: string, contract: string, owner?: string) =>
    `/chains/${enc(chain)}/token/${enc(contract)}${owner ? `?owner=${enc(owner)}` : ''}`,
  history: (chain: string, address: string, cursor: string | null) =>
    `/chains/${enc(chain)}/history/${enc(address)}?pageSize=${HISTORY_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
} as const;

export function parseTronToken(v: unknown): TronToken {
  const o = obj(v, 'token');
  const type = o.type === 'trc10' || o.type === 'trc20' ? o.type : undefined;
  if (!type) throw malformed('token type');
  return {
    type,
    contract: str(o.contract, 'contract', 64),
    name: str(o.name, 'name'),
    symbol: str(o.symbol, 'symbol', 64),
    decimals: uint(o.decimals, 'decimals', 77),
    balance: units(o.balance, 'token balance'),
    ...(typeof o.tokenPriceInTrx === 'string' && /^\d{1,30}(\.\d{1,30})?$/.test(o.tokenPriceInTrx)
      ? { tokenPriceInTrx: o.tokenPriceInTrx }
      : {}),
  };
}

export function parseTronAccount(v: unknown): TronAccountInfo {
  const o = obj(v, 'account');
  const r = obj(o.resources, 'resources');
  if (typeof o.activated !== 'boolean') throw malformed('activated');
  if (!Array.isArray(o.tokens)) throw malformed('tokens');
  return {
    balance: units(o.balance, 'balance'),
    activated: o.activated,
    txCount: uint(o.txCount, 'txCount'),
    resources: {
      freeNetLimit: units(r.freeNetLimit, 'freeNetLimit'),
      freeNetUsed: units(r.freeNetUsed, 'freeNetUsed'),
      netLimit: units(r.netLimit, 'netLimit'),
      netUsed: units(r.netUsed, 'netUsed'),
      energyLimit: units(r.energyLimit, 'energyLimit'),
      energyUsed: units(r.energyUsed, 'energyUsed'),
    },
    tokens: o.tokens.map(parseTronToken),
  };
}

export function parseTronParams(v: unknown): TronChainParams {
  const o = obj(v, 'params');
  return {
    bandwidthPrice: units(o.bandwidthPrice, 'bandwidthPrice'),
    energyPrice: units(o.energyPrice, 'energyPrice'),
    createAccountFee: units(o.createAccountFee, 'createAccountFee'),
    createNewAccountFeeInSystemContract: units(
      o.createNewAccountFeeInSystemContract,
      'createNewAccountFeeInSystemContract',
    ),
  };
}

export function parseTronBlock(v: unknown): TronBlockRef {
  const o = obj(v, 'block');
  const blockID = str(o.blockID, 'blockID', 64);
  if (!/^[0-9a-f]{64}$/.test(blockID)) throw malformed('blockID');
  return {
    blockID,
    blockNumber: uint(o.blockNumber, 'blockNumber'),
    timestamp: uint(o.timestamp, 'timestamp'),
  };
}

export interface TronProductApiOptions {
  chain?: string;
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export function createTronProductApiBackend(options: TronProductApiOptions = {}): TronBackend {
  const chain = options.chain ?? 'TRX';
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fail = (status: number, message: string, code?: string, body?: ChainErrorBody) =>
    new TronNetworkError(status, message, code, body);
  const get = (path: string, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { timeoutMs, ...(signal ? { signal } : {}) }, fail);
  const post = (path: string, body: unknown) =>
    requestJson(doFetch, base + path, { method: 'POST', body, timeoutMs }, fail);

  return {
    async account(address, signal) {
      return parseTronAccount(await get(ROUTES.account(chain, address), signal));
    },
    async params(signal) {
      return parseTronParams(await get(ROUTES.params(chain), signal));
    },
    async block(signal) {
      return parseTronBlock(await get(ROUTES.block(chain), signal));
    },
    async estimateEnergy(owner, contract, data) {
      const o = obj(await post(ROUTES.estimate(chain), { owner, contract, data }), 'estimate');
      if (o.ok === false)
        throw new TronError(
          'tronEstimateFailed',
          `The token contract refused the transfer when it was tried: ${typeof o.message === 'string' ? o.message.slice(0, 200) : 'reverted'}`,
        );
      return units(o.energy, 'energy');
    },
    async token(contract, owner) {
      return parseTronToken(await get(ROUTES.token(chain, contract, owner)));
    },
    async history(address, cursor) {
      const page = parseHistoryPage(await get(ROUTES.history(chain, address, cursor)));
      return { operations: page.operations, cursor: page.cursor };
    },
    async broadcast(signedHex) {
      const o = obj(await post(ROUTES.broadcast(chain), { rawTx: signedHex }), 'broadcast');
      if (typeof o.hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(o.hash)) throw malformed('hash');
      return o.hash.toLowerCase();
    },
  };
}
