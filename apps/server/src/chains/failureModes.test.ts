/**
 * ONE failure-mode suite run against every provider kind (issue 19): Blockbook, Bitcoin Core, mempool.space, EVM
 * JSON-RPC and Etherscan-compatible explorer, each with fake upstreams on loopback (test/servers.ts); the modes are
 * server-kit's testing/failureModes.ts, which the EVM block scan's own suite (chains/evm) runs too.
 * For every failure (refused, hang, hang after the health/chain check, 429, 5xx, HTML, truncated JSON, wrong chain,
 * negative, float, huge, missing fields, empty-history lie):
 *  - alone: the status the client gets (never a 200 with the bad value; fees fall back to the spec's tiers);
 *  - before a healthy provider: 200 with the healthy provider's value, served by it.
 * Timeouts are injected small (connect 250 ms, provider 1 s); no wall-clock time is asserted (bench/failover.mjs).
 */
// JSON answers are loosely typed here; the assertions check their shape.
/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerChainRoutes } from './registry.js';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import {
  MODES,
  TIMEOUTS,
  aloneStatus,
  transportFailure,
  type Mode,
} from '@secux-companion/server-kit/testing/failureModes';
import {
  refusedUrl,
  rpcHandler,
  startServer,
  type Handler,
  type Req,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
const serve = async (h: Handler) => {
  const s = await startServer(h);
  servers.push(s);
  return s;
};

/** A healthy handler whose answers are rewritten (the lies). */
const rewrite =
  (h: Handler, f: (r: Req, body: any) => any): Handler =>
  async (r) => {
    const a = await h(r);
    return { ...a, body: f(r, structuredClone(a.body)) };
  };

// ---- Blockbook ----
const bbHealthy: Handler = (r) => {
  if (r.path === '/api/' || r.path === '/api') return { body: fx.blockbook.status };
  if (r.path.startsWith('/api/v2/xpub/'))
    return { body: r.query.get('details') === 'txs' ? fx.blockbook.xpubTxs : fx.blockbook.xpub };
  return { status: 400, body: { error: 'not found' } };
};
const bbCheck = (r: Req) => r.path === '/api/' || r.path === '/api';
function blockbook(mode: Mode): Handler | undefined {
  const lie = (f: (b: any) => void) => rewrite(bbHealthy, (r, b) => (bbCheck(r) ? b : (f(b), b)));
  switch (mode) {
    case 'wrongChain':
      return (r) => (bbCheck(r) ? { body: fx.blockbook.statusTestnet } : bbHealthy(r));
    case 'negative':
      return lie((b) => (b.balance = '-5'));
    case 'float':
      return lie((b) => (b.balance = '1.5'));
    case 'huge':
      return lie((b) => (b.balance = `1${'0'.repeat(90)}`));
    case 'missing':
      return lie((b) => delete b.balance);
    case 'emptyHistoryLie':
      return lie((b) => {
        b.txs = 5;
        delete b.transactions;
      });
    default:
      return transportFailure(mode, bbCheck, bbHealthy);
  }
}

// ---- Bitcoin Core (GET /tx/:txid) ----
const coreTx = (value: unknown) => ({
  txid: fx.TXID,
  hex: '0200',
  confirmations: 2,
  blocktime: 1_700_000_000,
  vsize: 110,
  vin: [{ coinbase: '04ff', sequence: 4294967295 }],
  vout: [{ value, n: 0, scriptPubKey: { hex: '0014aa', address: fx.ADDR0 } }],
});
const coreNode = (chain: string, value: unknown, extra: Record<string, (p: unknown[]) => unknown> = {}) =>
  rpcHandler({
    getblockchaininfo: () => ({ chain, blocks: 850_000 }),
    getblockcount: () => 850_000,
    getrawtransaction: () => coreTx(value),
    ...extra,
  });
const coreHealthy = coreNode('main', 0.5);
const coreCheck = (r: Req) => !Array.isArray(r.json) && (r.json as any)?.method === 'getblockchaininfo';
function core(mode: Mode): Handler | undefined {
  switch (mode) {
    case 'wrongChain':
      return coreNode('test', 0.5);
    case 'negative':
      return coreNode('main', -0.5);
    case 'float':
      return coreNode('main', 0.123456789); // sub-satoshi: malformed, never rounded
    case 'huge':
      return coreNode('main', 1e90);
    case 'missing':
      return coreNode('main', 0.5, { getrawtransaction: () => ({ txid: fx.TXID, hex: '00', vin: [] }) });
    case 'emptyHistoryLie':
      return undefined; // a transaction lookup has no list to lie about
    default:
      return transportFailure(mode, coreCheck, coreHealthy);
  }
}

// ---- mempool.space (GET /fees) ----
const mpHealthy: Handler = (r) =>
  r.path.endsWith('/block-height/0') ? { body: fx.mempool.genesis } : { body: fx.mempool.recommended };
const mpCheck = (r: Req) => r.path.endsWith('/block-height/0');
function mempool(mode: Mode): Handler | undefined {
  const lie = (f: (b: any) => void) => rewrite(mpHealthy, (r, b) => (mpCheck(r) ? b : (f(b), b)));
  switch (mode) {
    case 'wrongChain':
      return (r) => (mpCheck(r) ? { body: fx.mempool.genesisTestnet4 } : mpHealthy(r));
    case 'negative':
      return lie((b) => (b.fastestFee = -5));
    case 'float':
      return undefined; // fee rates are fractional by definition (sat/vB)
    case 'huge':
      return lie((b) => (b.fastestFee = 1e300));
    case 'missing':
      return lie((b) => delete b.hourFee);
    case 'emptyHistoryLie':
      return undefined;
    default:
      return transportFailure(mode, mpCheck, mpHealthy);
  }
}

// ---- EVM JSON-RPC (GET /account/:address) ----
const evmNode = (over: Record<string, (p: unknown[]) => unknown> = {}, chainId = '0x1') =>
  rpcHandler({
    eth_chainId: () => chainId,
    eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'11'.repeat(32)}` }),
    eth_getBalance: () => '0x2a',
    eth_getTransactionCount: () => '0x3',
    ...over,
  });
const rpcCheck = (r: Req) =>
  ['eth_chainId', 'eth_getBlockByNumber'].includes((r.json as any)?.method as string);
function evmRpc(mode: Mode): Handler | undefined {
  switch (mode) {
    case 'wrongChain':
      return evmNode({}, '0x5');
    case 'negative':
      return evmNode({ eth_getBalance: () => '-0x2a' });
    case 'float':
      return evmNode({ eth_getBalance: () => 1.5, eth_getTransactionCount: () => 1.94e84 });
    case 'huge':
      return evmNode({
        eth_getBalance: () => `0x1${'0'.repeat(70)}`,
        eth_getTransactionCount: () => `0x1${'0'.repeat(70)}`,
      });
    case 'missing':
      return (r) => (rpcCheck(r) ? evmNode()(r) : { body: { jsonrpc: '2.0', id: (r.json as any)?.id ?? 1 } });
    case 'emptyHistoryLie':
      return undefined; // an RPC serves no history
    default:
      return transportFailure(mode, rpcCheck, evmNode());
  }
}

// ---- Etherscan-compatible explorer (GET /history/:address) ----
const exHealthy: Handler = (r) => {
  const a = r.query.get('action');
  if (a === 'eth_chainId') return { body: { jsonrpc: '2.0', id: 1, result: '0x1' } };
  if (a === 'txlist') return { body: fx.etherscan.txlist };
  if (a === 'tokentx') return { body: fx.etherscan.tokentx };
  return { body: fx.etherscan.empty };
};
const exCheck = (r: Req) => r.query.get('action') === 'eth_chainId';
function explorer(mode: Mode): Handler | undefined {
  const lie = (f: (b: any) => void) =>
    rewrite(exHealthy, (r, b) => (r.query.get('action') === 'txlist' ? (f(b), b) : b));
  switch (mode) {
    case 'wrongChain':
      return (r) => (exCheck(r) ? { body: { jsonrpc: '2.0', id: 1, result: '0x5' } } : exHealthy(r));
    case 'negative':
      return lie((b) => (b.result[0].value = '-5'));
    case 'float':
      return lie((b) => (b.result[0].value = '1.5'));
    case 'huge':
      return lie((b) => (b.result[0].value = `1${'0'.repeat(90)}`));
    case 'missing':
      return lie((b) => delete b.result[0].hash);
    case 'emptyHistoryLie':
      return (r) => (exCheck(r) ? exHealthy(r) : { body: { status: '0', message: 'NOTOK', result: [] } });
    default:
      return transportFailure(mode, exCheck, exHealthy);
  }
}

interface Kind {
  name: string;
  bad(mode: Mode): Handler | undefined;
  healthy: Handler;
  /** The environment with the bad upstream first and, when given, the healthy one second. */
  env(bad: string, good?: string): Record<string, string>;
  url: string;
  /** The endpoint of the empty-history lie (default `url`). */
  historyUrl?: string;
  /** The healthy provider's value in the answer, and who serves it. */
  served(body: any): unknown;
  value: unknown;
  by?: string;
  /** Status when the bad provider is alone (per mode; default by failure class). */
  alone?: (mode: Mode) => number;
  base?: string;
}

const KINDS: Kind[] = [
  {
    name: 'Blockbook',
    bad: blockbook,
    healthy: bbHealthy,
    env: (bad, good) => ({
      CHAIN_BTC_BLOCKBOOK: [bad, good].filter(Boolean).join(','),
      CHAIN_BTC_MEMPOOL: 'none',
    }),
    url: `/api/chains/BTC/xpub/${fx.XPUB}`,
    historyUrl: `/api/chains/BTC/history/${fx.XPUB}`,
    served: (b) => b.balance,
    value: fx.blockbook.xpub.balance,
    by: 'blockbook#2',
  },
  {
    name: 'Bitcoin Core',
    bad: core,
    healthy: coreHealthy,
    env: (bad, good) => ({
      CHAIN_BTC_BITCOIN_RPC: [bad, good].filter(Boolean).join(','),
      CHAIN_BTC_BLOCKBOOK: 'none',
      CHAIN_BTC_MEMPOOL: 'none',
    }),
    url: `/api/chains/BTC/tx/${fx.TXID}`,
    served: (b) => b.outputs?.[0]?.value,
    value: '50000000',
    // a transaction lookup does not name its provider: the value (the bad node's differs or fails) tells
  },
  {
    name: 'mempool',
    bad: mempool,
    healthy: mpHealthy,
    env: (bad, good) => ({
      CHAIN_BTC_MEMPOOL: [bad, good]
        .filter(Boolean)
        .map((u) => `${u}/api`)
        .join(','),
      CHAIN_BTC_BLOCKBOOK: 'none',
      CHAIN_BTC_BITCOIN_RPC: 'http://127.0.0.1:9', // serves the chain; has no fee source that answers
    }),
    url: '/api/chains/BTC/fees',
    served: (b) => b.tiers,
    value: { high: 21, medium: 13, low: 8 },
    by: 'mempool#2',
    alone: () => 200, // spec: the fallback tiers (200/120/60), flagged source 'fallback'
  },
  {
    name: 'EVM RPC',
    bad: evmRpc,
    healthy: evmNode(),
    env: (bad, good) => ({
      CHAIN_ETH_RPC: [bad, good].filter(Boolean).join(','),
      CHAIN_ETH_EXPLORER: 'none',
    }),
    url: `/api/chains/ETH/account/${fx.ADDRESS}`,
    served: (b) => [b.balance, b.txCount, b.nonce],
    value: ['42', 3, '3'],
    by: 'rpc#2',
  },
  {
    name: 'explorer',
    bad: explorer,
    healthy: exHealthy,
    env: (bad, good) => ({
      CHAIN_ETH_EXPLORER: [bad, good]
        .filter(Boolean)
        .map((u) => `${u}/api`)
        .join(','),
      CHAIN_ETH_EXPLORER_KEY: 'k',
    }),
    url: `/api/chains/ETH/history/${fx.ADDRESS}`,
    served: (b) => b.operations?.length,
    value: 2,
    by: 'explorer#2',
  },
];

async function appWith(env: Record<string, string>) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-failure-modes-'));
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
        { env: { ...TIMEOUTS, ...env } },
      ),
    { prefix: '/api' },
  );
  app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
  await app.ready();
  return app;
}

const badUrl = async (h: Handler | undefined, mode: Mode) =>
  mode === 'refused' ? refusedUrl() : (await serve(h!)).url;

describe.each(KINDS)('failure modes: $name', (k) => {
  const modes = MODES.filter((m) => m === 'refused' || k.bad(m));
  it.each(modes)(
    '%s: alone → error status (never the bad value); before a healthy one → its value',
    async (mode) => {
      const bad = await badUrl(k.bad(mode), mode);
      // The explorer kind needs an RPC to serve the chain (history comes from the explorers only).
      const rpc: Record<string, string> =
        k.name === 'explorer' ? { CHAIN_ETH_RPC: (await serve(evmNode())).url } : {};
      const url = mode === 'emptyHistoryLie' ? (k.historyUrl ?? k.url) : k.url;
      const served = mode === 'emptyHistoryLie' && k.historyUrl ? (b: any) => b.operations?.length : k.served;
      const value =
        mode === 'emptyHistoryLie' && k.historyUrl ? fx.blockbook.xpubTxs.transactions.length : k.value;
      let app = await appWith({ ...rpc, ...k.env(bad) });
      const alone = await app.inject({ method: 'GET', url });
      expect(alone.statusCode).toBe((k.alone ?? aloneStatus)(mode));
      if (alone.statusCode !== 200) expect(alone.json()).toMatchObject({ stale: true });
      else expect(alone.json()).toMatchObject({ source: 'fallback' });
      await app.close();

      const good = await serve(k.healthy);
      app = await appWith({ ...rpc, ...k.env(bad, good.url) });
      // Twice: the second call is served by the healthy provider too (the bad one is skipped or fails again).
      for (let i = 0; i < 2; i++) {
        const r = await app.inject({ method: 'GET', url });
        expect(r.statusCode, r.body).toBe(200);
        const body = r.json();
        expect(served(body)).toEqual(value);
        if (k.by) expect(body.provider).toBe(k.by);
      }
      await app.close();
    },
  );
});

describe('a history cursor another provider kind wrote', () => {
  it('is the client’s error (400), not a 502', async () => {
    const bb = await serve(bbHealthy);
    const app = await appWith({ CHAIN_BTC_BLOCKBOOK: bb.url, CHAIN_BTC_MEMPOOL: 'none' });
    const etherscanCursor = Buffer.from(JSON.stringify({ k: 'etherscan', p: 2 })).toString('base64url');
    const r = await app.inject({
      method: 'GET',
      url: `/api/chains/BTC/history/${fx.XPUB}?cursor=${etherscanCursor}`,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 'bad_request' });
    const ok = await app.inject({
      method: 'GET',
      url: `/api/chains/BTC/history/${fx.XPUB}?cursor=${Buffer.from(JSON.stringify({ k: 'blockbook', p: 1 })).toString('base64url')}`,
    });
    expect(ok.statusCode).toBe(200);
    await app.close();
  });
});

describe('failure modes: a history dated where no block can be (issue 29: the year 3000 served with 200)', () => {
  const YEAR_3000 = Date.UTC(3000, 0, 1) / 1000;
  const future: Handler = rewrite(bbHealthy, (r, b) => {
    if (!bbCheck(r) && b.transactions) for (const t of b.transactions) t.blockTime = YEAR_3000;
    return b;
  });
  const url = `/api/chains/BTC/history/${fx.XPUB}`;
  const env = (...urls: string[]) => ({ CHAIN_BTC_BLOCKBOOK: urls.join(','), CHAIN_BTC_MEMPOOL: 'none' });

  it('alone → an error, never the date; before a healthy Blockbook → its history', async () => {
    const bad = await serve(future);
    let app = await appWith(env(bad.url));
    const alone = await app.inject({ method: 'GET', url });
    expect(alone.statusCode).toBe(502);
    expect(alone.body).not.toContain(String(YEAR_3000));
    await app.close();

    const good = await serve(bbHealthy);
    app = await appWith(env(bad.url, good.url));
    const r = await app.inject({ method: 'GET', url });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.provider).toBe('blockbook#2');
    expect(body.operations.length).toBe(fx.blockbook.xpubTxs.transactions.length);
    for (const op of body.operations) expect(op.time).toBeLessThan(Date.now());
    await app.close();
  });
});
