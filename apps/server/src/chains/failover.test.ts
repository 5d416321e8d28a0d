/**
 * Failover through the HTTP routes: local upstreams that refuse, hang, answer 500, 429 or garbage, or report the
 * wrong chain id; the registry is built from CHAIN_* variables exactly as in production (mainnet profile).
 */
// JSON answers are loosely typed here; the assertions check their shape.
/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, failover, withTimeout } from '@secux-companion/server-kit/failover';
import { registerChainRoutes } from './registry.js';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import {
  RpcFail,
  refusedUrl,
  rpcHandler,
  startServer,
  type Handler,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';

const ADDR = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const servers: TestServer[] = [];
const serve = async (h: Handler) => {
  const s = await startServer(h);
  servers.push(s);
  return s;
};
const evmNode = (
  chainId: number,
  extra: Record<string, (p: unknown[]) => unknown> = {},
  delayMs = 0,
): Handler => {
  const h = rpcHandler({
    eth_chainId: () => `0x${chainId.toString(16)}`,
    eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'11'.repeat(32)}` }),
    eth_getBalance: () => '0x2a',
    eth_getTransactionCount: () => '0x3',
    eth_gasPrice: () => '0x5',
    eth_feeHistory: () => fx.rpc.feeHistory,
    eth_sendRawTransaction: () => `0x${'ab'.repeat(32)}`,
    ...extra,
  });
  return async (r) => ({ ...(await h(r)), delayMs });
};
const hang: Handler = () => ({ hang: true });
const err500: Handler = () => ({ status: 500, body: { error: 'Internal server error' } });
const err429: Handler = () => ({
  status: 429,
  body: { error: 'rate limit exceeded' },
  headers: { 'retry-after': '12' },
});
const garbage: Handler = () => ({ body: '<html>502 Bad Gateway</html>' });

async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-chains-failover-'));
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
        {
          env: {
            CHAIN_PROVIDER_TIMEOUT_MS: '500',
            CHAIN_HEALTH_TIMEOUT_MS: '400',
            CHAIN_FEES_CACHE_MS: '0',
            ...env,
          },
        },
      ),
    { prefix: '/api' },
  );
  app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
  await app.ready();
  return app;
}
const call = async (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) => {
  const r = await app.inject({ method, url, ...(payload ? { payload } : {}) });
  return { status: r.statusCode, body: r.json() as Record<string, any>, headers: r.headers };
};

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('EVM RPC selection and failover', () => {
  let refused: string;
  let bad: Record<'hang' | 'e500' | 'e429' | 'garbage' | 'wrong', TestServer>;
  beforeAll(async () => {
    refused = await refusedUrl();
    bad = {
      hang: await serve(hang),
      e500: await serve(err500),
      e429: await serve(err429),
      garbage: await serve(garbage),
      wrong: await serve(evmNode(56)),
    };
  });

  it('skips RPCs that refuse, hang, answer 500/429/garbage or report the wrong chain id', async () => {
    const good = await serve(evmNode(1));
    const app = await appWith({
      CHAIN_ETH_RPC: [
        refused,
        bad.hang.url,
        bad.e500.url,
        bad.e429.url,
        bad.garbage.url,
        bad.wrong.url,
        good.url,
      ].join(','),
    });
    const t0 = Date.now();
    const r = await call(app, 'GET', `/api/chains/ETH/account/${ADDR}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ balance: '42', nonce: '3', txCount: 3, provider: 'rpc#7' });
    expect(Date.now() - t0).toBeLessThan(3000);
    // the wrong-chain node was asked for its chain id only, never for the balance
    expect(bad.wrong.requests.every((q) => JSON.stringify(q.json).includes('eth_chainId'))).toBe(true);
    await app.close();
  });

  it('health check: the first healthy RPC to answer becomes the main one', async () => {
    const slow = await serve(evmNode(1, {}, 200));
    const fast = await serve(evmNode(1));
    const app = await appWith({ CHAIN_ETH_RPC: `${slow.url},${fast.url}` });
    expect((await call(app, 'GET', `/api/chains/ETH/nonce/${ADDR}`)).body).toEqual({ nonce: '3' });
    const calls = (s: TestServer) =>
      s.requests.filter((q) => JSON.stringify(q.json).includes('eth_getTransactionCount')).length;
    expect(calls(fast)).toBe(1);
    expect(calls(slow)).toBe(0);
    await app.close();
  });

  it('when the main RPC fails the call is retried on another healthy one', async () => {
    const flaky = await serve(evmNode(1, { eth_getBalance: () => new RpcFail(-32603, 'internal error') }));
    const backup = await serve(evmNode(1, {}, 50));
    const app = await appWith({ CHAIN_ETH_RPC: `${flaky.url},${backup.url}` });
    const r = await call(app, 'GET', `/api/chains/ETH/account/${ADDR}`);
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe('42');
    await app.close();
  });

  it('never reports a balance when every RPC failed: 502 with the attempts', async () => {
    const app = await appWith({ CHAIN_ETH_RPC: [bad.e500.url, bad.garbage.url, bad.wrong.url].join(',') });
    const r = await call(app, 'GET', `/api/chains/ETH/account/${ADDR}`);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ code: 'upstream_failed', chain: 'ETH', stale: true });
    expect(r.body).not.toHaveProperty('balance');
    expect(r.body.attempts.map((a: { kind: string }) => a.kind).sort()).toEqual([
      'malformed',
      'server',
      'wrongChain',
    ]);
    expect(JSON.stringify(r.body)).not.toContain('127.0.0.1');
    await app.close();
  });

  it('unreachable (refused / hanging) → 503; all rate limited → 429 with Retry-After', async () => {
    let app = await appWith({ CHAIN_ETH_RPC: `${refused},${bad.hang.url}` });
    let r = await call(app, 'GET', `/api/chains/ETH/account/${ADDR}`);
    expect(r.status).toBe(503);
    expect(r.body.code).toBe('upstream_unavailable');
    await app.close();
    app = await appWith({ CHAIN_ETH_RPC: bad.e429.url });
    r = await call(app, 'GET', `/api/chains/ETH/fees`);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('too_many_requests');
    expect(r.headers['retry-after']).toBe('12');
    await app.close();
    // a dead host first does not turn "every node that answers is rate limiting" into a failure (502)
    app = await appWith({ CHAIN_ETH_RPC: `${refused},${bad.e429.url}` });
    r = await call(app, 'GET', `/api/chains/ETH/fees`);
    expect(r.status).toBe(429);
    expect(r.body.code).toBe('too_many_requests');
    await app.close();
  });

  it('a node rejecting a broadcast is final (422 with its message); no second node is tried', async () => {
    const rejecting = await serve(
      evmNode(1, { eth_sendRawTransaction: () => new RpcFail(-32000, 'nonce too low') }),
    );
    const other = await serve(evmNode(1, {}, 100));
    const app = await appWith({ CHAIN_ETH_RPC: `${rejecting.url},${other.url}` });
    const r = await call(app, 'POST', '/api/chains/ETH/broadcast', { rawTx: '0x02f86c' });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'rejected', error: 'nonce too low' });
    expect(other.requests.some((q) => JSON.stringify(q.json).includes('eth_sendRawTransaction'))).toBe(false);
    await app.close();
  });

  it.each([
    ['anvil / Besu', -32602, 'Failed to decode transaction'],
    ['geth, legacy', -32000, 'rlp: value size exceeds available input length'],
    ['geth, typed', -32000, 'typed transaction too short'],
  ] as const)(
    'hex that is not a signed transaction is the node’s refusal (%s): 422 rejected, no other node asked',
    async (_node, code, message) => {
      const refusing = await serve(evmNode(1, { eth_sendRawTransaction: () => new RpcFail(code, message) }));
      const other = await serve(evmNode(1, {}, 100));
      const app = await appWith({ CHAIN_ETH_RPC: `${refusing.url},${other.url}` });
      const r = await call(app, 'POST', '/api/chains/ETH/broadcast', { rawTx: '0xdeadbeef' });
      expect(r.status).toBe(422);
      expect(r.body).toMatchObject({ code: 'rejected', error: message, upstreamCode: code });
      expect(other.requests.some((q) => JSON.stringify(q.json).includes('eth_sendRawTransaction'))).toBe(
        false,
      );
      // not hex at all: refused before any node is asked
      const before = refusing.requests.length;
      const garbage = await call(app, 'POST', '/api/chains/ETH/broadcast', { rawTx: 'not a transaction' });
      expect(garbage.status).toBe(400);
      expect(refusing.requests.length).toBe(before);
      await app.close();
    },
  );

  it('BSC fees: the explorer gas oracle first, the RPC when it fails; /gas-oracle is the oracle only', async () => {
    const node = await serve(evmNode(56));
    let oracleUp = true;
    const explorer = await serve((r) =>
      r.query.get('action') === 'eth_chainId'
        ? { body: { jsonrpc: '2.0', id: 1, result: '0x38' } }
        : r.query.get('action') === 'gasoracle' && oracleUp
          ? { body: fx.etherscan.gasoracle }
          : { body: fx.etherscan.rateLimited },
    );
    const app = await appWith({
      CHAIN_BSC_RPC: node.url,
      CHAIN_BSC_EXPLORER: `${explorer.url}/api`,
      CHAIN_BSC_EXPLORER_KEY: 'k',
      CHAIN_ETH_RPC: node.url,
      CHAIN_ETH_CHAIN_ID: '56',
    });
    const f = await call(app, 'GET', '/api/chains/BSC/fees');
    expect(f.body).toMatchObject({ unit: 'wei', provider: 'explorer#1' });
    const o = await call(app, 'GET', '/api/chains/BSC/gas-oracle');
    expect(o.body).toEqual(f.body);
    oracleUp = false;
    expect((await call(app, 'GET', '/api/chains/BSC/fees')).body.provider).toBe('rpc#1');
    expect((await call(app, 'GET', '/api/chains/BSC/gas-oracle')).status).toBe(429);
    // other chains keep the RPC first; without an explorer /gas-oracle is 404
    expect((await call(app, 'GET', '/api/chains/ETH/fees')).body.provider).toBe('rpc#1');
    expect((await call(app, 'GET', '/api/chains/ETH/gas-oracle')).status).toBe(404);
    await app.close();
  });

  it('history falls back from a rate-limited explorer to the next one', async () => {
    const node = await serve(evmNode(1));
    const limited = await serve(() => ({ body: fx.etherscan.rateLimited }));
    const explorer = await serve((r) => ({
      body: r.query.get('action') === 'txlist' ? fx.etherscan.txlist : fx.etherscan.tokentx,
    }));
    const app = await appWith({
      CHAIN_ETH_RPC: node.url,
      CHAIN_ETH_EXPLORER: `${limited.url}/api,${explorer.url}/api`,
      CHAIN_ETH_EXPLORER_KEY: 'k',
    });
    const r = await call(app, 'GET', `/api/chains/ETH/history/${fx.ADDRESS}?pageSize=3`);
    expect(r.status).toBe(200);
    expect(r.body.provider).toBe('explorer#2');
    expect(r.body.operations).toHaveLength(2);
    await app.close();
  });
});

describe('bitcoin family failover', () => {
  const bbGood: Handler = (r) => {
    if (r.path === '/api/') return { body: fx.blockbook.status };
    if (r.path.startsWith('/api/v2/xpub/')) return { body: fx.blockbook.xpub };
    if (r.path.startsWith('/api/v2/tx/')) return { status: 404, body: 'Not Found' };
    return { status: 400, body: { error: 'unknown' } };
  };

  it('account from the first Blockbook that works; 404 maps to not found', async () => {
    const e500 = await serve(err500);
    const junk = await serve(garbage);
    const good = await serve(bbGood);
    const app = await appWith({
      CHAIN_BTC_BLOCKBOOK: `${e500.url},${junk.url},${good.url}`,
      CHAIN_BTC_MEMPOOL: 'none',
    });
    const r = await call(app, 'GET', `/api/chains/BTC/xpub/${fx.XPUB}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ balance: '90000000', txCount: 5, provider: 'blockbook#3' });
    const nf = await call(app, 'GET', `/api/chains/BTC/tx/${'0'.repeat(64)}`);
    expect(nf.status).toBe(404);
    expect(nf.body.code).toBe('not_found');
    await app.close();
  });

  it('fees: mempool first; when every fee source fails, the spec fallback 200/120/60', async () => {
    const mp = await serve((r) =>
      r.path.endsWith('/block-height/0') ? { body: fx.mempool.genesis } : { body: fx.mempool.recommended },
    );
    let app = await appWith({ CHAIN_BTC_BLOCKBOOK: await refusedUrl(), CHAIN_BTC_MEMPOOL: `${mp.url}/api` });
    expect((await call(app, 'GET', '/api/chains/BTC/fees')).body).toMatchObject({
      tiers: { high: 21, medium: 13, low: 8 },
      source: 'network',
      provider: 'mempool#1',
    });
    await app.close();
    const hung = await serve(hang);
    app = await appWith({ CHAIN_BTC_BLOCKBOOK: await refusedUrl(), CHAIN_BTC_MEMPOOL: `${hung.url}/api` });
    expect((await call(app, 'GET', '/api/chains/BTC/fees')).body).toMatchObject({
      unit: 'sat/vB',
      tiers: { high: 200, medium: 120, low: 60 },
      source: 'fallback',
    });
    // …but a balance never falls back to anything: 503
    const acc = await call(app, 'GET', `/api/chains/BTC/xpub/${fx.XPUB}`);
    expect(acc.status).toBe(503);
    expect(acc.body).not.toHaveProperty('balance');
    await app.close();
  });

  it('raw transaction: "Can not fetch transaction data" when every provider failed', async () => {
    const e500 = await serve(err500);
    const app = await appWith({ CHAIN_LTC_BLOCKBOOK: e500.url });
    const r = await call(app, 'GET', `/api/chains/LTC/tx/${'1'.repeat(64)}/raw`);
    expect(r.status).toBe(502);
    expect(r.body.error).toBe('Can not fetch transaction data');
    await app.close();
  });
});

describe('input validation (clear 4xx, never 5xx)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({
      CHAIN_ETH_RPC: await refusedUrl(),
      // an RPC-only chain: no keyless Blockscout either
      CHAIN_ETH_EXPLORER: 'none',
      CHAIN_BTC_BLOCKBOOK: await refusedUrl(),
    });
  });
  afterAll(() => app.close());
  it.each([
    ['GET', '/api/chains/ETH/account/0x123'],
    ['GET', `/api/chains/ETH/account/${ADDR}?tokens=maybe`],
    ['GET', `/api/chains/ETH/account/${ADDR}?contracts=0xnope`],
    ['GET', `/api/chains/ETH/history/${ADDR}?pageSize=1000`],
    ['GET', `/api/chains/ETH/history/${ADDR}?cursor=%7B%7D`],
    ['GET', '/api/chains/BTC/xpub/xpub123'],
    ['GET', `/api/chains/BTC/xpub/${fx.XPUB}?bip=12`],
    ['GET', '/api/chains/BTC/tx/nothex'],
    ['GET', '/api/chains/BTC/utxo/%3Cscript%3E'],
    ['GET', '/api/chains/ETH/tx/' + 'a'.repeat(64)],
    ['GET', '/api/chains/BTC/nonce/' + ADDR],
    ['GET', '/api/chains/ETH/tokens'],
    ['POST', '/api/chains/ETH/broadcast', { rawTx: 'xyz' }],
    ['POST', '/api/chains/ETH/broadcast', {}],
    ['POST', '/api/chains/ETH/gas-limit', { to: 'nope' }],
    ['POST', '/api/chains/ETH/rpc', { method: 'debug_traceTransaction', params: [] }],
    ['POST', '/api/chains/ETH/rpc', { method: 'eth_call', params: 'x' }],
    ['POST', '/api/chains/BTC/rpc', { method: 'dumpwallet', params: ['/tmp/x'] }],
    ['GET', '/api/chains/ETH/nfts/0x123'],
    ['GET', `/api/chains/ETH/nfts/${ADDR}?page=0`],
    ['GET', `/api/chains/ETH/nfts/${ADDR}?page=-1`],
    ['GET', `/api/chains/ETH/nfts/${ADDR}?page=1.5`],
    ['GET', `/api/chains/ETH/nfts/${ADDR}?collection=%3Cscript%3E`],
    ['GET', `/api/chains/BTC/nfts/${ADDR}`],
    ['GET', '/api/chains/BTC/gas-oracle'],
  ] as const)('%s %s → 400', async (method, url, payload?: object) => {
    const r = await call(app, method, url, payload);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual(expect.any(String));
  });
  it('unknown chains and chains without providers → 404', async () => {
    expect((await call(app, 'GET', '/api/chains/NOPE/fees')).status).toBe(404);
    // A coin of a family this server does not serve yet (XRP and XLM are served since their families were added).
    expect((await call(app, 'GET', '/api/chains/ADA/fees')).status).toBe(404);
    // EVM-137 is in the shipped registry snapshot; an id absent from it has no providers.
    expect((await call(app, 'GET', '/api/chains/EVM-987654321/fees')).status).toBe(404); // an RPC-only chain has no NFT source (no explorer, no block scan) and no gas oracle
    expect((await call(app, 'GET', `/api/chains/ETH/nfts/${ADDR}`)).body).toMatchObject({
      statusCode: 404,
      code: 'not_found',
    });
    expect((await call(app, 'GET', '/api/chains/ETH/gas-oracle')).status).toBe(404);
  });
});

describe('failover() and helpers', () => {
  it('classifies, skips and stops', async () => {
    const p = (name: string) => ({ name, timeoutMs: 100 });
    const r = await failover('X', 'thing', [p('a'), p('b'), p('c')], async (x) => {
      if (x.name === 'a') throw new ProviderError('server', 'boom');
      if (x.name === 'b') return new Promise(() => undefined); // hangs
      return 'ok';
    });
    expect(r).toMatchObject({
      value: 'ok',
      provider: 'c',
      attempts: [
        { provider: 'a', kind: 'server' },
        { provider: 'b', kind: 'timeout' },
      ],
    });
    await expect(
      failover('X', 'thing', [p('a'), p('b')], async () =>
        Promise.reject(new ProviderError('notFound', 'nope')),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(failover('X', 'thing', [], async () => 1)).rejects.toMatchObject({
      statusCode: 503,
      code: 'no_provider',
    });
    await expect(
      failover('X', 'thing', [p('a')], async () => Promise.reject(new TypeError('x is undefined'))),
    ).rejects.toMatchObject({ statusCode: 502 });
    await expect(withTimeout(50, () => new Promise(() => undefined))).rejects.toMatchObject({
      kind: 'timeout',
    });
  });
});
