/**
 * EvmBackend straight over JSON-RPC, for an RPC the user added to a custom EVM chain: the browser calls it
 * itself (the server never forwards to a URL a client names; the CSP's connect-src allows it on purpose).
 *
 * Spec 02 §4/§7: a health check posts eth_chainId to all RPCs in parallel with a 3 s timeout and takes the
 * first healthy one (right chain id); when a call fails on the main RPC it is retried on another healthy one.
 * History comes from an Etherscan-compatible explorer API when the chain has one (txlist + tokentx, sort desc),
 * otherwise it is empty (explorer-history failures also give an empty list).
 */
import { errorMessages } from '@secux-companion/core';
import type { Hex } from 'viem';
import type { EvmAccountSummary, EvmBackend } from '../logic/adapter';
import { EVM_HISTORY_PAGE_SIZE, type EvmTxRecord } from '../logic/history';
import { NONCE_TIMEOUTS_MS, type NonceSource } from '../logic/nonce';
import {
  DEFAULT_TIMEOUT_MS,
  EvmNetworkError,
  hexData,
  obj,
  parseFeeHistory,
  parseReceiptStatus,
  qty,
  requestJson,
  str,
  type FetchLike,
} from './http';

/** Spec 02 §9: health check 3 s. */
export const HEALTH_TIMEOUT_MS = 3_000;
/** Spec 02 (ETH and generic EVM): what a broadcast no RPC took says (core's catalogue `cannotBroadcast`). */
export const CANNOT_BROADCAST = errorMessages.en.cannotBroadcast ?? 'Can not broadcast at the moment';
/** Spec 02 §9: EVM history page 100 (explorer offset). */
export const EXPLORER_PAGE = EVM_HISTORY_PAGE_SIZE;

export interface JsonRpcClient {
  readonly url: string;
  call(method: string, params: unknown[], signal?: AbortSignal): Promise<unknown>;
}

export function jsonRpcClient(
  url: string,
  options: { fetch?: FetchLike; timeoutMs?: number } = {},
): JsonRpcClient {
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let id = 1;
  return {
    url,
    async call(method, params, signal) {
      const answer = obj(
        await requestJson(doFetch, url, {
          method: 'POST',
          body: { jsonrpc: '2.0', id: id++, method, params },
          timeoutMs,
          ...(signal ? { signal } : {}),
        }),
        method,
      );
      if (answer.error) {
        const e = obj(answer.error, 'error');
        throw new EvmNetworkError(
          200,
          typeof e.message === 'string' ? e.message : `${method} failed`,
          typeof e.code === 'number' ? e.code : -32000,
        );
      }
      if (!('result' in answer)) throw new EvmNetworkError(200, `malformed answer: ${method}`, 'malformed');
      return answer.result;
    },
  };
}

/**
 * Orders the RPCs by health: eth_chainId to all in parallel (3 s); healthy ones (right chain id) in answer
 * order. Empty when none is healthy ('There are no valid RPCs').
 */
export async function healthyRpcs(
  urls: readonly string[],
  chainId: number,
  options: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<string[]> {
  const order: string[] = [];
  await Promise.all(
    urls.map(async (url) => {
      try {
        const id = qty(
          await jsonRpcClient(url, { ...options, timeoutMs: options.timeoutMs ?? HEALTH_TIMEOUT_MS }).call(
            'eth_chainId',
            [],
          ),
          'eth_chainId',
        );
        if (Number(id) === chainId) order.push(url);
      } catch {
        /* unhealthy */
      }
    }),
  );
  return order;
}

/** Etherscan-compatible explorer item → record (txlist or tokentx). */
export function parseExplorerItem(v: unknown, kind: 'txlist' | 'tokentx'): EvmTxRecord {
  const o = obj(v, kind);
  const num = (x: unknown) => (typeof x === 'string' && /^\d+$/.test(x) ? BigInt(x) : undefined);
  const block = num(o.blockNumber);
  const ts = num(o.timeStamp);
  const record: EvmTxRecord = {
    hash: str(o.hash, 'hash'),
    blockNumber: block === undefined ? null : Number(block),
    timeStamp: ts === undefined ? null : Number(ts),
    from: str(o.from, 'from'),
    to: typeof o.to === 'string' ? o.to : '',
    value: num(o.value) ?? 0n,
    ...(num(o.gasUsed) !== undefined ? { gasUsed: num(o.gasUsed)! } : {}),
    ...(num(o.gasPrice) !== undefined ? { gasPrice: num(o.gasPrice)! } : {}),
    ...(num(o.nonce) !== undefined ? { nonce: Number(num(o.nonce)) } : {}),
    ...(o.isError === '1' || o.txreceipt_status === '0' ? { isError: true } : {}),
  };
  if (kind === 'tokentx') {
    record.token = {
      contract: str(o.contractAddress, 'contractAddress'),
      symbol: typeof o.tokenSymbol === 'string' ? o.tokenSymbol : '',
      decimals: Number(num(o.tokenDecimal) ?? 18n),
      ...(typeof o.tokenName === 'string' ? { name: o.tokenName } : {}),
    };
  }
  return record;
}

/** Explorer envelope → items; an empty page ('No transactions found') or any failure → []. */
export function parseExplorerList(v: unknown, kind: 'txlist' | 'tokentx'): EvmTxRecord[] {
  try {
    const o = obj(v, 'explorer');
    if (!Array.isArray(o.result)) return [];
    return o.result.map((x) => parseExplorerItem(x, kind));
  } catch {
    return [];
  }
}

export interface JsonRpcBackendOptions {
  chainId: number;
  rpcs: readonly string[];
  fetch?: FetchLike;
  timeoutMs?: number;
  /** Etherscan-compatible explorer API base (…/api) for history. */
  explorerApi?: string;
}

export interface JsonRpcBackend extends EvmBackend {
  /** The RPCs in use, healthy first (after the first call). */
  rpcs(): Promise<string[]>;
  /**
   * Nonce sources after the healthy pool (spec 02 §7 "Fallbacks"): every configured RPC on its own as a
   * fallback node (3 s each, also those the health check left out), then the explorer's proxy
   * eth_getTransactionCount when the chain has an explorer API.
   */
  nonceFallbacks(): NonceSource[];
}

export function createJsonRpcBackend(options: JsonRpcBackendOptions): JsonRpcBackend {
  const clientOpts = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  };
  let ordered: Promise<string[]> | undefined;

  const pool = () => {
    ordered ??= healthyRpcs(
      options.rpcs,
      options.chainId,
      options.fetch ? { fetch: options.fetch } : {},
    ).then((h) => {
      if (!h.length) ordered = undefined;
      return h;
    });
    return ordered;
  };

  /** Runs on the main RPC; a transport failure retries on the next healthy one (a node's own error does not). */
  const call = async (method: string, params: unknown[], signal?: AbortSignal): Promise<unknown> => {
    const urls = await pool();
    if (!urls.length) throw new EvmNetworkError(0, 'There are no valid RPCs', 'noValidRpcs');
    let last: unknown;
    for (const url of urls) {
      try {
        return await jsonRpcClient(url, clientOpts).call(method, params, signal);
      } catch (e) {
        if (e instanceof EvmNetworkError && typeof e.code === 'number') throw e;
        last = e;
        ordered = undefined; // check again on the next call
      }
    }
    throw last instanceof Error ? last : new EvmNetworkError(0, 'Invalid RPC', 'invalidRpc');
  };

  const explorer = async (
    action: 'txlist' | 'tokentx',
    address: string,
    page: number,
  ): Promise<EvmTxRecord[]> => {
    if (!options.explorerApi) return [];
    const url = `${options.explorerApi}?module=account&action=${action}&address=${encodeURIComponent(address)}&page=${page}&offset=${EXPLORER_PAGE}&sort=desc`;
    try {
      const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
      return parseExplorerList(await requestJson(doFetch, url, { timeoutMs: clientOpts.timeoutMs }), action);
    } catch {
      return [];
    }
  };

  const fallbackNode = (url: string): NonceSource => ({
    name: `node ${url}`,
    timeoutMs: NONCE_TIMEOUTS_MS.fallback,
    get: async (address, signal) =>
      qty(
        await jsonRpcClient(url, { ...clientOpts, timeoutMs: NONCE_TIMEOUTS_MS.fallback }).call(
          'eth_getTransactionCount',
          [address, 'pending'],
          signal,
        ),
        'nonce',
      ),
  });

  const explorerNonce = (api: string): NonceSource => ({
    name: 'explorer',
    timeoutMs: NONCE_TIMEOUTS_MS.provider,
    get: async (address, signal) => {
      const url = `${api}?module=proxy&action=eth_getTransactionCount&address=${encodeURIComponent(address)}&tag=pending`;
      const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
      return qty(
        obj(await requestJson(doFetch, url, { timeoutMs: NONCE_TIMEOUTS_MS.provider, signal }), 'explorer')
          .result,
        'nonce',
      );
    },
  });

  return {
    rpcs: pool,

    nonceFallbacks() {
      return [
        ...options.rpcs.map(fallbackNode),
        ...(options.explorerApi ? [explorerNonce(options.explorerApi)] : []),
      ];
    },

    async getAccount(address): Promise<EvmAccountSummary> {
      const [balance, pending, latest] = await Promise.all([
        call('eth_getBalance', [address, 'latest']),
        call('eth_getTransactionCount', [address, 'pending']),
        call('eth_getTransactionCount', [address, 'latest']),
      ]);
      return {
        balance: qty(balance, 'balance'),
        nonce: Number(qty(pending, 'nonce')),
        txCount: Number(qty(latest, 'txCount')),
      };
    },

    async getNonce(address, signal) {
      return Number(qty(await call('eth_getTransactionCount', [address, 'pending'], signal), 'nonce'));
    },

    async getGasPrice() {
      return qty(await call('eth_gasPrice', []), 'eth_gasPrice');
    },

    async getFeeHistory(blocks, percentiles) {
      try {
        return parseFeeHistory(
          await call('eth_feeHistory', [`0x${blocks.toString(16)}`, 'latest', [...percentiles]]),
        );
      } catch (e) {
        if (e instanceof EvmNetworkError && typeof e.code === 'number') return null;
        throw e;
      }
    },

    async estimateGas(c) {
      const tx = {
        ...(c.from ? { from: c.from } : {}),
        to: c.to,
        ...(c.value ? { value: `0x${c.value.toString(16)}` } : {}),
        ...(c.data && c.data !== '0x' ? { data: c.data } : {}),
      };
      return qty(await call('eth_estimateGas', [tx]), 'eth_estimateGas');
    },

    async ethCall(to, data: Hex) {
      return hexData(await call('eth_call', [{ to, data }, 'latest']), 'eth_call');
    },

    async getTransactions(address, cursor) {
      const page = cursor ? Number(cursor) : 1;
      const [txs, tokens] = await Promise.all([
        explorer('txlist', address, page),
        explorer('tokentx', address, page),
      ]);
      const more = txs.length === EXPLORER_PAGE || tokens.length === EXPLORER_PAGE;
      return { records: [...txs, ...tokens], cursor: more ? String(page + 1) : null };
    },

    async getReceiptStatus(hash) {
      return parseReceiptStatus(await call('eth_getTransactionReceipt', [hash]));
    },

    /**
     * A node's own refusal keeps its words (nonce too low …); when no RPC took the transaction at all (none valid,
     * every one unreachable or failing) the spec's 'Can not broadcast at the moment' (spec 02 ETH and generic EVM:
     * "Broadcast failure: 'Can not broadcast at the moment'").
     */
    async broadcast(rawTx) {
      let answer: unknown;
      try {
        answer = await call('eth_sendRawTransaction', [rawTx]);
      } catch (e) {
        if (e instanceof EvmNetworkError && typeof e.code === 'number') throw e;
        throw new EvmNetworkError(0, CANNOT_BROADCAST, 'cannotBroadcast');
      }
      return str(answer, 'hash');
    },
  };
}
