/**
 * What every call of the product API backend shares: the server chain id and the requests to OUR API (a read, a
 * history-class list, a post, the allow-listed node proxy, the broadcast), with their timeouts.
 */
import { BROADCAST_TIMEOUT_MS, historyTimeout, type ProductApiOptions } from '@secux-companion/chain-common';
import type { EvmBackend } from '../../logic/adapter';
import type { NonceSource } from '../../logic/nonce';
import { DEFAULT_TIMEOUT_MS, EvmNetworkError, obj, requestJson, type FetchLike } from '../http';
import { ROUTES } from './routes';

/** chain-common's options, the server chain id required ('ETH', 'BSC', 'EVM-137' …). */
export interface EvmProductApiOptions extends ProductApiOptions {
  chain: string;
}

export interface EvmProductApiBackend extends EvmBackend {
  readonly chain: string;
  /**
   * Nonce sources after the backend's own /nonce (spec 02 §7 "Fallbacks"): the node provider behind the
   * server's allow-listed JSON-RPC proxy (eth_getTransactionCount 'pending', 20 s).
   */
  nonceFallbacks(): NonceSource[];
}

export const UINT256_MAX = 2n ** 256n - 1n;

export interface ProductApiClient {
  readonly chain: string;
  get(path: string, signal?: AbortSignal): Promise<unknown>;
  /** History pages, token balances and NFTs: history-class calls on the server (its history budget, 40 s). */
  list(path: string): Promise<unknown>;
  post(path: string, body: unknown, signal?: AbortSignal): Promise<unknown>;
  /** The server's allow-listed node proxy (eth_feeHistory, eth_gasPrice, eth_call …). */
  rpc(method: string, params: unknown[], signal?: AbortSignal): Promise<unknown>;
  /** POST /broadcast with the broadcast's own timeout (the server's submit time). */
  broadcast(body: unknown): Promise<unknown>;
}

export function productApiClient(options: EvmProductApiOptions): ProductApiClient {
  const base = (options.baseUrl ?? '/api').replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((i, init) => globalThis.fetch(i, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const listTimeoutMs = historyTimeout(options, timeoutMs);
  const { chain } = options;
  let rpcId = 1;

  const post = (path: string, body: unknown, signal?: AbortSignal) =>
    requestJson(doFetch, base + path, { method: 'POST', body, timeoutMs, ...(signal ? { signal } : {}) });

  return {
    chain,
    get: (path, signal) => requestJson(doFetch, base + path, { timeoutMs, ...(signal ? { signal } : {}) }),
    list: (path) => requestJson(doFetch, base + path, { timeoutMs: listTimeoutMs }),
    post,
    async rpc(method, params, signal) {
      const answer = obj(
        await post(ROUTES.rpc(chain), { jsonrpc: '2.0', id: rpcId++, method, params }, signal),
        'rpc',
      );
      if (answer.error) {
        const e = obj(answer.error, 'rpc error');
        throw new EvmNetworkError(
          200,
          typeof e.message === 'string' ? e.message : `${method} failed`,
          typeof e.code === 'number' ? e.code : undefined,
        );
      }
      if (!('result' in answer)) throw new EvmNetworkError(200, `malformed answer: ${method}`, 'malformed');
      return answer.result;
    },
    broadcast: (body) =>
      requestJson(doFetch, base + ROUTES.broadcast(chain), {
        method: 'POST',
        body,
        timeoutMs: options.broadcastTimeoutMs ?? BROADCAST_TIMEOUT_MS,
      }),
  };
}
