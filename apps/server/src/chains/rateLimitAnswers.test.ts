/**
 * Each provider's rate-limit answer is recognised by status and body (issue 29, mainnet-behaviour.md §11 row 5) and
 * classified `rateLimited` with its Retry-After or penalty; the breaker then leaves the provider alone that long,
 * even when it is the only one (no hammering). Fake upstreams answer each provider's documented shape.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  ChainApiError,
  ProviderError,
  failover,
  withBreaker,
  type Provider,
} from '@secux-companion/server-kit/failover';
import { createEtherscan } from '@secux-companion/chain-evm/server/providers/etherscan';
import { createEvmRpc } from '@secux-companion/chain-evm/server/providers/evmRpc';
import { createFioNode } from '@secux-companion/chain-fio/server/providers/fioNode';
import { createSolanaRpc } from '@secux-companion/chain-solana/server/providers/jsonRpc';
import { createHorizon } from '@secux-companion/chain-stellar/server/providers/horizon';
import { createTronIndex, createTronNode } from '@secux-companion/chain-tron/server/providers/trongrid';
import { createBlockbook } from '@secux-companion/chain-bitcoin/server/providers/blockbook';
import { createRippled } from '@secux-companion/chain-xrp/server/providers/rippled';
import { startServer, type Res, type TestServer } from '@secux-companion/server-kit/testing/servers';

const servers: TestServer[] = [];
const answering = async (res: Res) => {
  const s = await startServer(() => res);
  servers.push(s);
  return s.url;
};
afterAll(() => Promise.all(servers.map((s) => s.close())));

const base = { fetch, timeoutMs: 5_000 };
const signal = () => AbortSignal.timeout(5_000);
const ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

/** The ProviderError a provider call ends with. */
async function failure(p: Promise<unknown>): Promise<{ kind: string; retryAfter?: number; status?: number }> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(e)}`);
  return {
    kind: e.kind,
    ...(e.opts.retryAfter !== undefined ? { retryAfter: e.opts.retryAfter } : {}),
    ...(e.opts.status !== undefined ? { status: e.opts.status } : {}),
  };
}

describe("each provider's rate-limit answer", () => {
  it('Blockbook: 429 {"error":"rate limit exceeded"} with Retry-After', async () => {
    const url = await answering({
      status: 429,
      body: { error: 'rate limit exceeded' },
      headers: { 'retry-after': '17' },
    });
    const bb = createBlockbook({ ...base, name: 'blockbook#1', url, network: 'main' });
    expect(await failure(bb.getTx!('ab'.repeat(32), signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 17,
      status: 429,
    });
  });

  it('rippled: HTTP 503 "Server is overloaded" (plain text), and JSON slowDown / tooBusy', async () => {
    const overloaded = await answering({ status: 503, body: 'Server is overloaded' });
    const slowDown = await answering({
      body: {
        result: {
          status: 'error',
          error: 'slowDown',
          error_code: 10,
          error_message: 'You are placing too much load on the server.',
        },
      },
    });
    const tooBusy = await answering({ body: { result: { status: 'error', error: 'tooBusy' } } });
    for (const url of [overloaded, slowDown, tooBusy]) {
      const r = createRippled({ ...base, name: 'rippled#1', url });
      expect(await failure(r.fee(signal())), url).toMatchObject({ kind: 'rateLimited', retryAfter: 10 });
    }
    const plain503 = await answering({ status: 503, body: 'Service Unavailable' });
    expect(await failure(createRippled({ ...base, name: 'r', url: plain503 }).fee(signal()))).toMatchObject({
      kind: 'server',
    });
  });

  it('Horizon: 429 problem JSON (rate_limit_exceeded) with X-RateLimit-Reset in seconds', async () => {
    const url = await answering({
      status: 429,
      body: {
        type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
        title: 'Rate Limit Exceeded',
        status: 429,
      },
      headers: { 'x-ratelimit-limit': '3600', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '42' },
    });
    const h = createHorizon({ ...base, name: 'horizon#1', url, networkPassphrase: 'x' });
    expect(await failure(h.baseFee(signal()))).toEqual({ kind: 'rateLimited', retryAfter: 42, status: 429 });
  });

  it('TronGrid: 403 {success:false,error} and {Error} with the suspension, and the same inside a 200', async () => {
    const v1 = await answering({
      status: 403,
      body: {
        success: false,
        error: 'The key exceeds the frequency limit(15), and the query server is suspended for 30s',
        statusCode: 403,
      },
    });
    const node = await answering({
      status: 403,
      body: { Error: 'request rate exceeded the allowed_rps(10), and the query server is suspended for 5 s' },
    });
    const node200 = await answering({
      body: { Error: 'The key exceeds the frequency limit(30), and the query server is suspended for 30s' },
    });
    const index200 = await answering({
      body: { success: false, error: 'The key exceeds the frequency limit(15)' },
    });
    const index = (url: string) => createTronIndex({ ...base, name: 'tron-index#1', url });
    const full = (url: string) => createTronNode({ ...base, name: 'tron-node#1', url });
    const T = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
    expect(await failure(index(v1).trc20Balances(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 30,
      status: 403,
    });
    expect(await failure(full(node).getAccount(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 5,
      status: 403,
    });
    expect(await failure(full(node200).getAccount(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 30,
    });
    expect(await failure(index(index200).trc20Balances(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 30,
    });
  });

  it('Etherscan: HTTP 200 status "0" "Max rate limit reached" is a rate limit; "not supported for this chain" an error, never an empty history', async () => {
    const limited = await answering({
      body: { status: '0', message: 'NOTOK', result: 'Max calls per sec rate limit reached (3/sec)' },
    });
    const notFree = await answering({
      body: {
        status: '0',
        message: 'NOTOK',
        result:
          'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage.',
      },
    });
    const ex = (url: string) => createEtherscan({ ...base, name: 'explorer#1', url, apiKey: 'k' });
    expect(await failure(ex(limited).getBalance!(ADDRESS, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 1,
    });
    const history = ex(notFree).getHistory!(ADDRESS, { cursor: null, pageSize: 10 }, signal());
    expect(await failure(history)).toEqual({ kind: 'unsupported' });
  });

  it('Blockscout: 429 with x-ratelimit-reset in milliseconds', async () => {
    const url = await answering({
      status: 429,
      body: { message: 'Too Many Requests' },
      headers: { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1500' },
    });
    const bs = createEtherscan({ ...base, name: 'blockscout#1', url, dialect: 'blockscout' });
    expect(await failure(bs.getBalance!(ADDRESS, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 2,
      status: 429,
    });
  });

  it('Solana: 429 with JSON-RPC code 429, a blocked IP (403), a disabled call (410: unsupported, not its health)', async () => {
    const perMethod = await answering({
      status: 429,
      body: {
        jsonrpc: '2.0',
        error: {
          code: 429,
          message:
            'Too many requests for a specific RPC call, contact your app developer or support@rpcpool.com.',
        },
        id: 1,
      },
      headers: { 'retry-after': '3' },
    });
    const inBody = await answering({
      body: {
        jsonrpc: '2.0',
        error: { code: 429, message: 'Too many requests for a specific RPC call' },
        id: 1,
      },
    });
    const blocked = await answering({ status: 403, body: 'Forbidden' });
    const disabled = await answering({
      status: 410,
      body: {
        jsonrpc: '2.0',
        error: { code: 410, message: 'The RPC call or parameters have been disabled.' },
        id: 1,
      },
    });
    const sol = (url: string) => createSolanaRpc({ ...base, name: 'solana#1', url });
    const S = '11111111111111111111111111111111';
    expect(await failure(sol(perMethod).getBalance(S, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 3,
      status: 429,
    });
    expect(await failure(sol(inBody).getBalance(S, signal()))).toMatchObject({ kind: 'rateLimited' });
    expect(await failure(sol(blocked).getBalance(S, signal()))).toMatchObject({
      kind: 'rateLimited',
      status: 403,
    });
    expect(await failure(sol(disabled).getBalance(S, signal()))).toMatchObject({
      kind: 'unsupported',
      status: 410,
    });
  });

  it('EVM JSON-RPC: -32005 "Limit exceeded" and -32016 "over rate limit" inside a 200', async () => {
    for (const error of [
      { code: -32005, message: 'Limit exceeded' },
      { code: -32016, message: 'over rate limit' },
      {
        code: -32000,
        message:
          '429 Too Many Requests: {"jsonrpc":"2.0","error":{"code":-32016,"message":"over rate limit"}}',
      },
    ]) {
      const url = await answering({ body: { jsonrpc: '2.0', id: 1, error } });
      const rpc = createEvmRpc({ ...base, name: 'rpc#1', url, chainId: 1 });
      expect(await failure(rpc.getBalance!(ADDRESS, signal())), error.message).toMatchObject({
        kind: 'rateLimited',
      });
    }
  });

  it('FIO / nodeos: 429 with Retry-After', async () => {
    const url = await answering({ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '9' } });
    const fio = createFioNode({ ...base, name: 'fio-node#1', url });
    expect(await failure(fio.info(signal()))).toEqual({ kind: 'rateLimited', retryAfter: 9, status: 429 });
  });
});

describe('the breaker honours a rate-limit pause', () => {
  const limited = (retryAfter?: number) =>
    new ProviderError('rateLimited', 'rate limited (429)', {
      status: 429,
      ...(retryAfter ? { retryAfter } : {}),
    });

  it('skips a provider for its Retry-After at once, and never hammers a lone one during the pause', async () => {
    const calls: string[] = [];
    const a: Provider = withBreaker(
      { name: 'a', timeoutMs: 1_000 },
      { failures: 3, cooldownMs: 100, maxCooldownMs: 100 },
    );
    const b: Provider = withBreaker(
      { name: 'b', timeoutMs: 1_000 },
      { failures: 3, cooldownMs: 100, maxCooldownMs: 100 },
    );
    const fn = (p: Provider) => {
      calls.push(p.name);
      if (p.name === 'a') throw limited(30);
      return Promise.resolve(p.name);
    };
    expect((await failover('T', 'balance', [a, b], fn)).value).toBe('b');
    // one rate-limit answer is enough (below the breaker's 3 failures): `a` is left alone for 30 s
    expect((await failover('T', 'balance', [a, b], fn)).value).toBe('b');
    expect(calls).toEqual(['a', 'b', 'b']);
    // alone, it is not tried as a last resort during its pause: 429 with what is left of it
    const alone = await failover('T', 'balance', [a], fn).catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(ChainApiError);
    expect(alone).toMatchObject({ statusCode: 429, extra: { retryAfter: 30 } });
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('a rate limit without a pause counts like other failures (the lone provider is still tried)', async () => {
    let n = 0;
    const a: Provider = withBreaker({ name: 'a', timeoutMs: 1_000 });
    const fn = () => {
      n += 1;
      return Promise.reject(limited());
    };
    await failover('T', 'balance', [a], fn).catch(() => undefined);
    await failover('T', 'balance', [a], fn).catch(() => undefined);
    expect(n).toBe(2);
  });
});
