/**
 * JSON-RPC transport. Bitcoin Core < 28 answers RPC errors with HTTP 500 and a JSON body
 * `{result:null, error:{code, message}}`, so the body decides: an RPC error is mapped by code, a non-JSON 5xx is a
 * server failure.
 */
import { z } from 'zod';
import { ProviderError, httpRequest, snippet, validate } from '@secux-companion/server-kit/failover';
import { parseLosslessJson } from '@secux-companion/server-kit/losslessJson';
import type { CoreContext } from './context.js';
import { ChainInfo, RpcEnvelope, SLOW } from './schemas.js';

export function rpcError(method: string, code: number, message: string): ProviderError {
  const msg = `${method}: ${message}`;
  if (code === -28) return new ProviderError('server', msg, { upstreamCode: code }); // warming up
  if (code === -32601) return new ProviderError('unsupported', msg, { upstreamCode: code });
  if (code === -5 && /no such|not found/i.test(message))
    return new ProviderError('notFound', msg, { upstreamCode: code });
  if (method === 'sendrawtransaction' && [-22, -25, -26, -27].includes(code))
    return new ProviderError('rejected', message, { upstreamCode: code });
  if (code === -5 || code === -8 || code === -3 || code === -1)
    return new ProviderError('badRequest', msg, { upstreamCode: code });
  return new ProviderError('server', msg, { upstreamCode: code });
}

async function post(
  ctx: CoreContext,
  body: unknown,
  wallet: string | undefined,
  signal: AbortSignal,
  slow = false,
): Promise<unknown> {
  const url = wallet ? `${ctx.base}/wallet/${encodeURIComponent(wallet)}` : ctx.base;
  const a = await httpRequest(ctx.o.fetch, url, {
    // The node answers a scan or an import only when it is done: no first-byte limit (the call's timeout holds).
    ...(slow ? { firstByteMs: Infinity } : {}),
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(ctx.auth ? { authorization: ctx.auth } : {}) },
    signal,
    pass: [400, 401, 403, 404, 500],
  });
  if (a.status === 401 || a.status === 403)
    throw new ProviderError('server', 'node refused the RPC credentials', { status: a.status });
  let data: unknown;
  try {
    // Coin amounts with more digits than a double holds keep their text (large DOGE and DGB balances).
    data = parseLosslessJson(a.text, { decimals: true });
  } catch (e) {
    if (a.status >= 400)
      throw new ProviderError(
        a.status >= 500 ? 'server' : 'badRequest',
        `HTTP ${a.status}: ${snippet(a.text, 80)}`,
        { status: a.status },
      );
    throw e;
  }
  return data;
}

export async function rpc<T = unknown>(
  ctx: CoreContext,
  method: string,
  params: unknown[],
  signal: AbortSignal,
  wallet?: string,
): Promise<T> {
  const env = validate(
    RpcEnvelope,
    await post(ctx, { jsonrpc: '1.0', id: ctx.nextId++, method, params }, wallet, signal, SLOW.has(method)),
    'RPC answer',
  );
  if (env.error) throw rpcError(method, env.error.code, env.error.message);
  return env.result as T;
}

/** Batch call; per-item errors come back as ProviderError values (not thrown). */
export async function batch(
  ctx: CoreContext,
  calls: { method: string; params: unknown[] }[],
  signal: AbortSignal,
  wallet?: string,
): Promise<(unknown | ProviderError)[]> {
  if (!calls.length) return [];
  const first = ctx.nextId;
  ctx.nextId += calls.length;
  const data = await post(
    ctx,
    calls.map((x, i) => ({ jsonrpc: '1.0', id: first + i, method: x.method, params: x.params })),
    wallet,
    signal,
  );
  const arr = validate(z.array(RpcEnvelope), data, 'RPC batch answer');
  const byId = new Map(arr.map((e) => [Number(e.id), e]));
  return calls.map((x, i) => {
    const e = byId.get(first + i);
    if (!e) return new ProviderError('malformed', `batch answer lacks ${x.method}`);
    return e.error ? rpcError(x.method, e.error.code, e.error.message) : e.result;
  });
}

/** Checks (again every 10 minutes, and after a failure) that the node is on the configured network. */
export async function checkChain(ctx: CoreContext, signal: AbortSignal) {
  if (Date.now() < ctx.checkedUntil) return;
  const info = validate(ChainInfo, await rpc(ctx, 'getblockchaininfo', [], signal), 'getblockchaininfo');
  const ok =
    ctx.o.network === 'main'
      ? info.chain === 'main'
      : ctx.o.network === 'regtest'
        ? info.chain === 'regtest'
        : ['test', 'testnet4', 'signet'].includes(info.chain);
  if (!ok) throw new ProviderError('wrongChain', `node is on '${info.chain}', expected ${ctx.o.network}`);
  if (info.blocks < 0 || !Number.isSafeInteger(info.blocks))
    throw new ProviderError('malformed', 'node reports an impossible height');
  ctx.checkedUntil = Date.now() + 10 * 60_000;
}
