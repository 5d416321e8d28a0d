/** The EVM JSON-RPC transport (single calls and batches) and its error mapping. */
import { z } from 'zod';
import {
  ProviderError,
  httpRequest,
  parseJson,
  validate,
  type FetchFn,
} from '@secux-companion/server-kit/failover';
import type { RpcCall, RpcTransport } from '../../rpcTransport.js';

// ---- raw JSON-RPC shapes (kept inside this file) ----
export const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);
export const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/);
export const RpcError = z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() });
export const RpcEnvelope = z.object({
  jsonrpc: z.string().optional(),
  id: z.unknown().optional(),
  result: z.unknown().optional(),
  error: RpcError.optional().nullable(),
});
export const FeeHistory = z.object({
  oldestBlock: hexQty,
  baseFeePerGas: z.array(hexQty),
  gasUsedRatio: z.array(z.number()),
  reward: z.array(z.array(hexQty)).optional(),
});

/** Maps a JSON-RPC error object to a ProviderError (substring rules from shared/reference/apis, geth messages). */
export function evmRpcError(method: string, code: number, message: string): ProviderError {
  const m = message.toLowerCase();
  // -32005 "Limit exceeded", -32016 "over rate limit", -32000 "429 Too Many Requests: …" (mainnet-behaviour.md §3.1).
  if (code === -32005 || code === -32016 || /rate limit|too many requests|limit exceeded/.test(m))
    return new ProviderError('rateLimited', message, { upstreamCode: code });
  if (code === -32601 || /method not found|not supported|does not exist\/is not available/.test(m))
    return new ProviderError('unsupported', `${method}: ${message}`, { upstreamCode: code });
  if (code === -32700 || code === -32603)
    return new ProviderError('server', `${method}: ${message}`, { upstreamCode: code });
  // A raw transaction the node cannot decode (anvil and Besu: -32602 'Failed to decode transaction') is the node's
  // refusal of that transaction, as geth's -32000 'rlp: …' / 'typed transaction too short' is: 422, never failed over.
  if (code === -32602 && method === 'eth_sendRawTransaction')
    return new ProviderError('rejected', message, { upstreamCode: code });
  if (code === -32600 || code === -32602)
    return new ProviderError('badRequest', `${method}: ${message}`, { upstreamCode: code });
  if (
    method === 'eth_sendRawTransaction' ||
    method === 'eth_estimateGas' ||
    method === 'eth_call' ||
    code === 3
  )
    return new ProviderError('rejected', message, { upstreamCode: code });
  return new ProviderError('server', `${method}: ${message}`, { upstreamCode: code });
}

export function rpcTransport(
  fetchFn: FetchFn,
  url: string,
  headers: Record<string, string> = {},
  /** First-byte timeout of its requests (default: the call's connect timeout; Infinity for heavy scans). */
  firstByteMs?: number,
): RpcTransport {
  let id = 1;
  const post = async (body: unknown, signal: AbortSignal) => {
    const a = await httpRequest(fetchFn, url, {
      ...(firstByteMs !== undefined ? { firstByteMs } : {}),
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headers },
      signal,
    });
    return parseJson(a.text);
  };
  return {
    async call<T>(method: string, params: unknown[], signal: AbortSignal): Promise<T> {
      const env = validate(
        RpcEnvelope,
        await post({ jsonrpc: '2.0', id: id++, method, params }, signal),
        'JSON-RPC answer',
      );
      if (env.error) throw evmRpcError(method, env.error.code, env.error.message);
      if (!('result' in env)) throw new ProviderError('malformed', `${method}: answer without result`);
      return env.result as T;
    },
    async batch(calls: RpcCall[], signal: AbortSignal): Promise<unknown[]> {
      if (!calls.length) return [];
      const first = id;
      id += calls.length;
      const data = await post(
        calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, method: c.method, params: c.params })),
        signal,
      );
      // Some nodes answer a batch-level error object instead of an array.
      if (!Array.isArray(data)) {
        const env = RpcEnvelope.safeParse(data);
        if (env.success && env.data.error)
          throw evmRpcError('batch', env.data.error.code, env.data.error.message);
        throw new ProviderError('malformed', 'batch answer is not an array');
      }
      const arr = validate(z.array(RpcEnvelope), data, 'JSON-RPC batch answer');
      const byId = new Map(arr.map((e) => [Number(e.id), e]));
      return calls.map((c, i) => {
        const e = byId.get(first + i);
        if (!e) return new ProviderError('malformed', `batch answer lacks ${c.method}`);
        if (e.error) return evmRpcError(c.method, e.error.code, e.error.message);
        return e.result;
      });
    },
  };
}
