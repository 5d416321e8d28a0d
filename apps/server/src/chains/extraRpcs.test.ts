/**
 * Issue 31 item 12: the remote config's extra RPCs (spec 01 §9) feed the EVM chains' failover — tried after the chain's
 * own nodes, by chain symbol or chain id — and a change of them is served without a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import {
  refusedUrl,
  rpcHandler,
  startServer,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';
import { extraRpcsOf } from '../app.js';
import { registerChainRoutes } from './registry.js';

const ADDR = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function ethNode(): Promise<TestServer> {
  const s = await startServer(
    rpcHandler({
      eth_chainId: () => '0x1',
      eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'11'.repeat(32)}` }),
      eth_getBalance: () => '0x2a',
      eth_getTransactionCount: () => '0x3',
      eth_gasPrice: () => '0x5',
      eth_feeHistory: () => fx.rpc.feeHistory,
    }),
  );
  servers.push(s);
  return s;
}

async function appWith(
  env: Record<string, string>,
  extra: () => Record<string, string[]>,
): Promise<FastifyInstance> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-extra-rpcs-'));
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
        {
          env: { CHAIN_PROVIDER_TIMEOUT_MS: '500', CHAIN_HEALTH_TIMEOUT_MS: '400', ...env },
          extraRpcs: extra,
        },
      ),
    { prefix: '/api' },
  );
  app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
  await app.ready();
  return app;
}

describe('extra RPCs from the remote config', () => {
  it("are tried after the chain's own RPC, by symbol or chain id, and a change is served at once", async () => {
    const good = await ethNode();
    let extra: Record<string, string[]> = {};
    const app = await appWith({ CHAIN_ETH_RPC: await refusedUrl() }, () => extra);
    const account = () => app.inject({ method: 'GET', url: `/api/chains/ETH/account/${ADDR}` });

    // Its own RPC refuses and there is no extra one: the chain cannot answer.
    expect((await account()).statusCode).toBeGreaterThanOrEqual(500);

    extra = { ETH: [good.url] };
    const bySymbol = await account();
    expect(bySymbol.statusCode).toBe(200);
    expect(bySymbol.json()).toMatchObject({ balance: '42', provider: 'rpc#2' });

    extra = { '1': [good.url, 'wss://ws.example/only-http-is-used'] };
    const byChainId = await account();
    expect(byChainId.statusCode).toBe(200);
    expect(byChainId.json()).toMatchObject({ balance: '42', provider: 'rpc#2' });
    await app.close();
  });

  it('a stored value is read as chain → URL strings; anything else is left out', () => {
    expect(extraRpcsOf({ ETH: ['https://a.example', 3, null], '56': 'https://b.example' })).toEqual({
      ETH: ['https://a.example'],
    });
    expect(extraRpcsOf(['https://a.example'])).toEqual({});
    expect(extraRpcsOf(null)).toEqual({});
  });
});
