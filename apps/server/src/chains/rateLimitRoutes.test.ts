/**
 * Through the HTTP routes: each client (its address) has its own share of a provider's token bucket, the answer
 * when every provider is out of tokens or rate limiting is 429 with Retry-After, and an error answer is never cached
 * (issue 29, mainnet-behaviour.md §11 rows 4–6).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerChainRoutes } from './registry.js';
import { startServer, type Handler, type TestServer } from '@secux-companion/server-kit/testing/servers';

const servers: TestServer[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(servers.map((s) => s.close()));
});

const feeAnswer = {
  result: {
    drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: '15' },
    ledger_current_index: 1000,
    status: 'success',
  },
};

async function appWith(handler: Handler, env: Record<string, string>) {
  const rippled = await startServer(handler);
  servers.push(rippled);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-chains-rates-'));
  const app = Fastify({ logger: false });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
        // Every fee read reaches the provider (no fee cache): the bucket counts them.
        {
          env: { CHAIN_XRP_RIPPLED: rippled.url, CHAIN_RATE_WAIT_MS: '0', CHAIN_FEES_CACHE_MS: '0', ...env },
        },
      ),
    { prefix: '/api' },
  );
  app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
  await app.ready();
  apps.push(app);
  const fees = async (ip = '10.0.0.1') => {
    const r = await app.inject({ url: '/api/chains/XRP/fees', remoteAddress: ip });
    return { status: r.statusCode, headers: r.headers, body: r.json() as Record<string, unknown> };
  };
  return { rippled, fees };
}

describe('rate limits through the routes', () => {
  it("each client's address has its own share: a busy one gets 429, the next one is served", async () => {
    const { rippled, fees } = await appWith(() => ({ body: feeAnswer }), { CHAIN_XRP_RATE: '4/60' });
    const busy = [await fees('10.0.0.1'), await fees('10.0.0.1'), await fees('10.0.0.1')];
    expect(busy.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(busy[2]!.body).toMatchObject({ code: 'too_many_requests', attempts: [{ kind: 'rateLimited' }] });
    expect(Number(busy[2]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fees('10.0.0.2')).status).toBe(200);
    expect(rippled.requests).toHaveLength(3);
  });

  it('a rate-limited provider: 429 with its Retry-After, never cached (though fees are, when they succeed)', async () => {
    const { fees } = await appWith(
      () => ({ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '21' } }),
      {},
    );
    const r = await fees();
    expect(r.status).toBe(429);
    expect(r.headers['retry-after']).toBe('21');
    expect(r.headers['cache-control']).toBe('no-store');
    const ok = await appWith(() => ({ body: feeAnswer }), {});
    expect((await ok.fees()).headers['cache-control']).toBe('public, max-age=10');
  });
});
