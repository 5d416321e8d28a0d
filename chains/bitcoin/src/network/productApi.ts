/**
 * BitcoinBackend over OUR product API (/api/chains/{chain}/…; apps/server/CHAINS.md). The browser never
 * calls a third-party chain service: the server holds the providers, keys, failover and cache.
 *
 * Raw answer shapes stay in this file; logic/ only sees the domain types of BitcoinBackend. Every amount
 * arrives as a decimal string in satoshis and becomes a bigint here. The routes the client uses are listed
 * in {@link ROUTES} (one place to adapt when the server changes) and in chains/bitcoin/API.md.
 */
import { HISTORY_PAGE_SIZE, type Bip, type RecommendedFees } from '@secux-companion/core';
import {
  BROADCAST_TIMEOUT_MS,
  historyTimeout,
  requestJson,
  type FetchLike,
  type HistoryPage,
  type ProductApiOptions as CommonProductApiOptions,
} from '@secux-companion/chain-common';
import { parseHistoryPage } from '@secux-companion/chain-common/wire';
import type { AccountSummary, BackendUtxo, BitcoinBackend, UsedAddress } from '../logic/adapter';
import { ProductApiError } from '../logic/errors';

export { ProductApiError };
import {
  parseAccount,
  parseAncestors,
  parseBroadcast,
  parseFees,
  parseMinRelayFee,
  parseNetworkInfo,
  parseRawTx,
  parseUtxos,
  parseBalanceHistory,
  type RawAddressEntry,
} from './raw';

export type { FetchLike };

/** Spec 01 §9: backend timeout 30 s. */
export const BACKEND_TIMEOUT_MS = 30_000;

const enc = encodeURIComponent;

/** The product API routes used by the bitcoin family (relative to the API base). */
export const ROUTES = {
  chains: () => `/chains`,
  account: (chain: string, xpub: string, bip: Bip) => `/chains/${enc(chain)}/xpub/${enc(xpub)}?bip=${bip}`,
  utxos: (chain: string, xpub: string, bip: Bip) => `/chains/${enc(chain)}/utxo/${enc(xpub)}?bip=${bip}`,
  history: (chain: string, xpub: string, bip: Bip, cursor: string | null) =>
    `/chains/${enc(chain)}/history/${enc(xpub)}?bip=${bip}&pageSize=${HISTORY_PAGE_SIZE}${cursor ? `&cursor=${enc(cursor)}` : ''}`,
  balanceHistory: (chain: string, xpub: string, bip: Bip, from: number, to: number, groupBy: number) =>
    `/chains/${enc(chain)}/balance-history/${enc(xpub)}?bip=${bip}&from=${from}&to=${to}&groupBy=${groupBy}`,
  rawTx: (chain: string, txid: string) => `/chains/${enc(chain)}/tx/${enc(txid)}/raw`,
  fees: (chain: string) => `/chains/${enc(chain)}/fees`,
  broadcast: (chain: string) => `/chains/${enc(chain)}/broadcast`,
  /** The network's relay minimum (a node RPC's, else the mempool service's). */
  minRelayFee: (chain: string) => `/chains/${enc(chain)}/min-relay-fee`,
  /** A pending transaction with its unconfirmed ancestors (a node's getmempoolentry, else the mempool service's walk). */
  ancestors: (chain: string, txid: string) => `/chains/${enc(chain)}/tx/${enc(txid)}/ancestors`,
} as const;

/** chain-common's options, the server chain id required ('BTC', 'LTC' …). */
export interface ProductApiOptions extends CommonProductApiOptions {
  chain: string;
}

/** Extra calls beyond BitcoinBackend (account addresses for the receive index). */
export interface ProductApiBackend extends BitcoinBackend {
  readonly chain: string;
  /** Used addresses of the account (receive and change), as the server derives them. */
  getAccountAddresses(xpub: string, bip: Bip): Promise<UsedAddress[]>;
  /** Forgets the short-lived account answers (before a refresh). */
  clearCache(): void;
  getNetworkMinFeeRate(): Promise<number>;
  getMempoolAncestors(txid: string): Promise<{ fee: bigint; vsize: number }>;
}

export function createProductApiBackend(options: ProductApiOptions): ProductApiBackend {
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? BACKEND_TIMEOUT_MS;
  // An xpub's account, UTXOs and history are scans: the server gives them its history budget.
  const scanTimeoutMs = historyTimeout(options, timeoutMs);
  const { chain } = options;
  /** Account answers are shared by getAccountSummary and getAccountAddresses (one request per account). */
  const accountCache = new Map<string, { at: number; value: Promise<unknown> }>();
  const ACCOUNT_TTL_MS = 5_000;

  const account = (xpub: string, bip: Bip) => {
    const key = `${bip}:${xpub}`;
    const hit = accountCache.get(key);
    if (hit && Date.now() - hit.at < ACCOUNT_TTL_MS) return hit.value;
    const value = request(ROUTES.account(chain, xpub, bip), undefined, scanTimeoutMs);
    accountCache.set(key, { at: Date.now(), value });
    value.catch(() => accountCache.delete(key));
    return value;
  };

  function request(path: string, init?: { method: 'POST'; body: unknown }, ms = timeoutMs): Promise<unknown> {
    return requestJson(
      doFetch,
      `${base}${path}`,
      { ...init, timeoutMs: ms },
      (status, message, code, body) => new ProductApiError(status, message, code, body),
    );
  }

  return {
    chain,

    clearCache() {
      accountCache.clear();
    },

    async getAccountSummary(xpub, bip): Promise<AccountSummary> {
      const a = parseAccount(await account(xpub, bip));
      return { balance: a.balance, unconfirmed: a.unconfirmed, txCount: a.txCount };
    },

    async getAccountAddresses(xpub, bip) {
      const a = parseAccount(await account(xpub, bip));
      return a.addresses.map((e: RawAddressEntry) => ({ ...e }));
    },

    /**
     * Unspent outputs, pending ones with height null. The product API already leaves out outputs that a
     * pending (mempool) transaction spends, for every provider (apps/server/CHAINS.md, /utxo).
     */
    async getUtxos(xpub, bip): Promise<BackendUtxo[]> {
      return parseUtxos(await request(ROUTES.utxos(chain, xpub, bip), undefined, scanTimeoutMs));
    },

    /** The server's Operations, read field by field into domain Operations (no other shape in between). */
    async getHistory(xpub, bip, cursor): Promise<HistoryPage> {
      const page = parseHistoryPage(
        await request(ROUTES.history(chain, xpub, bip, cursor), undefined, scanTimeoutMs),
      );
      return { operations: page.operations, cursor: page.cursor };
    },

    /** Blockbook's balance history through the server (a scan: the history budget). */
    async getBalanceHistory(xpub, bip, from, to, groupBy) {
      return parseBalanceHistory(
        await request(ROUTES.balanceHistory(chain, xpub, bip, from, to, groupBy), undefined, scanTimeoutMs),
      );
    },

    async getRawTransactions(txids) {
      const pairs = await Promise.all(
        [...new Set(txids)].map(
          async (txid) => [txid, parseRawTx(await request(ROUTES.rawTx(chain, txid)))] as const,
        ),
      );
      return Object.fromEntries(pairs);
    },

    async getRecommendedFees(): Promise<RecommendedFees | null> {
      return parseFees(await request(ROUTES.fees(chain)));
    },

    async getNetworkMinFeeRate() {
      return parseMinRelayFee(await request(ROUTES.minRelayFee(chain)));
    },

    async getMempoolAncestors(txid) {
      return parseAncestors(await request(ROUTES.ancestors(chain, txid)), txid);
    },

    async broadcast(rawTx) {
      accountCache.clear();
      return parseBroadcast(
        await request(
          ROUTES.broadcast(chain),
          { method: 'POST', body: { rawTx } },
          options.broadcastTimeoutMs ?? BROADCAST_TIMEOUT_MS,
        ),
      );
    },
  };
}

/** Which network the server runs a chain on ('main' | 'test' | 'regtest'); null when the server does not say. */
export async function fetchChainNetworks(
  options: { baseUrl?: string; fetch?: FetchLike } = {},
): Promise<Record<string, 'main' | 'test' | 'regtest'>> {
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  return parseNetworkInfo(
    await requestJson(
      doFetch,
      `${base}${ROUTES.chains()}`,
      { timeoutMs: BACKEND_TIMEOUT_MS },
      (status, message, code, body) => new ProductApiError(status, message, code, body),
    ),
  );
}
