/**
 * BnbBackend over OUR product API (/api/chains/BNB/…; apps/server/src/chains/families/bnb). Raw answer shapes stay
 * in this file; logic/ sees domain types only. Histories are parsed with chain-common's wire parser.
 */
import {
  answerReaders,
  ChainApiError,
  createProductApiClient,
  historyRoute,
  type ProductApiOptions,
} from '@secux-companion/chain-common';
import type { BnbAccountInfo, BnbBackend, BnbChainStatus } from '../logic/adapter';
import type { BnbAssetBalance } from '../logic/history';

export const DEFAULT_TIMEOUT_MS = 30_000;
/** The most asset lines read from an account answer. */
export const MAX_BALANCES = 100;

/** A failed product-API call: HTTP status (0 = network or timeout), the server's message and error body. */
export class BnbNetworkError extends ChainApiError {
  override readonly name = 'BnbNetworkError';
}

const { malformed, obj, uint, amount } = answerReaders(BnbNetworkError);

const enc = encodeURIComponent;
export const ROUTES = {
  status: (chain: string) => `/chains/${enc(chain)}`,
  account: (chain: string, address: string) => `/chains/${enc(chain)}/account/${enc(address)}`,
  history: historyRoute,
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
      free: amount(x.free, 'free'),
      locked: amount(x.locked, 'locked'),
      frozen: amount(x.frozen, 'frozen'),
    };
  });
  return { balances, sequence: uint(o.txCount, 'txCount') };
}

export type BnbProductApiOptions = ProductApiOptions;

export function createBnbProductApiBackend(options: BnbProductApiOptions = {}): BnbBackend {
  const api = createProductApiClient(options, {
    chain: 'BNB',
    timeoutMs: DEFAULT_TIMEOUT_MS,
    error: BnbNetworkError,
  });
  const { chain, get } = api;

  return {
    async status(signal) {
      return parseBnbStatus(await get(ROUTES.status(chain), signal));
    },
    async account(address, signal) {
      return parseBnbAccount(await get(ROUTES.account(chain, address), signal));
    },
    history: api.history,
  };
}
