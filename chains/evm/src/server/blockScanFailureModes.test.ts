/**
 * The failure-mode suite (issue 19, server-kit's testing/failureModes.ts) run against the EVM block scan of a plain
 * node, with fake upstreams on loopback: alone, through the routes, the status the client gets (never a 200 with the
 * bad value); before a healthy scan (the pair built the way config.ts builds a chain's scans, one per RPC), the
 * healthy scan's history through the facade's failover and the family's bounds.
 */
// JSON answers are loosely typed here; the assertions check their shape.
/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ChainApiError, failover } from '@secux-companion/server-kit/failover';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
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
import { evmBounds } from './bounds.js';
import { evmFamily } from './index.js';
import { createEvmBlockScan } from './providers/evmBlockScan.js';

const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
const serve = async (h: Handler) => {
  const s = await startServer(h);
  servers.push(s);
  return s;
};

// ---- block scan of a plain node (GET /history/:address) ----
const ME = fx.ADDRESS;
const scanNode = (
  value: unknown = '0x5',
  over: Record<string, (p: unknown[]) => unknown> = {},
  chainId = '0x1',
) =>
  rpcHandler({
    eth_chainId: () => chainId,
    eth_blockNumber: () => '0x2',
    eth_getBlockByNumber: (p) => ({
      number: p[0],
      hash: `0x${'33'.repeat(32)}`,
      timestamp: '0x6553f100',
      transactions:
        p[0] === '0x2' ? [{ hash: fx.H1, from: ME, to: fx.OTHER, value, nonce: '0x0', gasPrice: '0x1' }] : [],
    }),
    eth_getLogs: () => [],
    eth_getTransactionReceipt: () => ({ status: '0x1', gasUsed: '0x5208' }),
    ...over,
  });
const scanCheck = (r: Req) => (r.json as any)?.method === 'eth_chainId';
function blockScan(mode: Mode): Handler | undefined {
  switch (mode) {
    case 'wrongChain':
      return scanNode('0x5', {}, '0x5');
    case 'negative':
      return scanNode('-0x5');
    case 'float':
      return scanNode(1.5);
    case 'huge':
      return scanNode(`0x1${'0'.repeat(70)}`);
    case 'missing':
      return scanNode('0x5', { eth_getBlockByNumber: (p) => ({ number: p[0], hash: '0x00' }) });
    case 'emptyHistoryLie':
      return undefined; // a block scan has no count of its own to contradict
    default:
      return transportFailure(mode, scanCheck, scanNode());
  }
}

async function appWith(env: Record<string, string>) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-failure-modes-'));
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
        { env: { ...TIMEOUTS, ...env }, families: [evmFamily] },
      ),
    { prefix: '/api' },
  );
  app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
  await app.ready();
  return app;
}

const badUrl = async (h: Handler | undefined, mode: Mode) =>
  mode === 'refused' ? refusedUrl() : (await serve(h!)).url;

describe('failure modes: block scan', () => {
  const scanModes = MODES.filter((m) => m === 'refused' || blockScan(m));
  it.each(scanModes)('%s: alone → error status; before a healthy scan → its history', async (mode) => {
    const bad = await badUrl(blockScan(mode), mode);
    // Alone, through the routes: the block scan serves history on a chain with CHAIN_<SYM>_BLOCK_SCAN.
    const app = await appWith({
      CHAIN_ETH_RPC: bad,
      CHAIN_ETH_BLOCK_SCAN: 'true',
      CHAIN_ETH_EXPLORER: 'none',
    });
    const alone = await app.inject({ method: 'GET', url: `/api/chains/ETH/history/${ME}` });
    expect(alone.statusCode).toBe(aloneStatus(mode));
    await app.close();
    // Before a healthy scan, with the facade's failover and the family's bounds (the pair built here the way config.ts
    // builds a chain's scans, one per RPC).
    const good = await serve(scanNode());
    const scan = (name: string, url: string) =>
      createEvmBlockScan({ name, url, fetch, timeoutMs: 1000, chainId: 1 });
    const r = await failover(
      'ETH',
      'history',
      [scan('scan#1', bad), scan('scan#2', good.url)],
      (p, s) => p.getHistory!(ME, { cursor: null, pageSize: 10 }, s),
      {
        check: evmBounds.history,
        policy: { connectTimeoutMs: 250, budgetMs: 3000 },
        callClass: 'history',
      },
    );
    expect(r.provider).toBe('scan#2');
    expect(r.value.operations.map((o) => [o.hash, o.value, o.direction])).toEqual([[fx.H1, '5', 'out']]);
    await expect(
      failover(
        'ETH',
        'history',
        [scan('scan#1', bad)],
        (p, s) => p.getHistory!(ME, { cursor: null, pageSize: 10 }, s),
        {
          check: evmBounds.history,
          policy: { connectTimeoutMs: 250, budgetMs: 3000 },
          callClass: 'history',
        },
      ),
    ).rejects.toBeInstanceOf(ChainApiError);
  });
});
