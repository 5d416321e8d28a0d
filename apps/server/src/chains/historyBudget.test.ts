/**
 * History-class calls have a request budget of their own (CHAIN_HISTORY_BUDGET_MS): Etherscan's "Query Timeout"
 * answer takes about 30 s to arrive and Blockbook's first scan of a big xpub is slow (mainnet-behaviour.md §0, §3.2),
 * so a history page may take longer than the request budget of a cheap read (CHAIN_REQUEST_BUDGET_MS) and is still
 * served, while a read that slow is cut off at its own budget. Small injected budgets only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerChainRoutes } from './registry.js';
import { startServer, type TestServer } from '@secux-companion/server-kit/testing/servers';

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';

const servers: TestServer[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(servers.map((s) => s.close()));
});

/** A rippled whose every answer starts after 600 ms: longer than the read budget (300 ms), within the history one. */
async function slowXrp(env: Record<string, string>) {
  const rippled = await startServer((req) => {
    const { method } = req.json as { method: string };
    const result =
      method === 'account_tx'
        ? { account: ME, limit: 20, status: 'success', transactions: [] }
        : {
            account_data: { Account: ME, Balance: '25000000', Flags: 0, OwnerCount: 0, Sequence: 9 },
            account_flags: { requireDestinationTag: false },
            status: 'success',
            validated: true,
          };
    return { delayMs: 600, body: { result } };
  });
  servers.push(rippled);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-chains-history-budget-'));
  const app = Fastify({ logger: false });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
        {
          env: {
            CHAIN_XRP_RIPPLED: rippled.url,
            CHAIN_XRP_RATE: '0',
            CHAIN_REQUEST_BUDGET_MS: '300',
            CHAIN_CONNECT_TIMEOUT_MS: '5000',
            ...env,
          },
        },
      ),
    { prefix: '/api' },
  );
  app.addHook('onClose', async () => fs.rmSync(tmp, { recursive: true, force: true }));
  await app.ready();
  apps.push(app);
  const get = async (url: string) => {
    const r = await app.inject({ url });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  };
  return { get };
}

describe('the history budget (CHAIN_HISTORY_BUDGET_MS)', () => {
  it('serves a history page slower than the read budget; a read that slow is cut off at its budget', async () => {
    const { get } = await slowXrp({ CHAIN_HISTORY_BUDGET_MS: '5000' });
    const history = await get(`/api/chains/XRP/history/${ME}`);
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ operations: [] });
    const account = await get(`/api/chains/XRP/account/${ME}`);
    expect(account.status).toBeGreaterThanOrEqual(500);
    expect(account.body).toMatchObject({ attempts: [{ kind: 'timeout' }] });
  });

  it('never shortens the request budget: a history budget below it leaves history calls the request budget', async () => {
    const { get } = await slowXrp({ CHAIN_REQUEST_BUDGET_MS: '5000', CHAIN_HISTORY_BUDGET_MS: '200' });
    expect((await get(`/api/chains/XRP/history/${ME}`)).status).toBe(200);
  });
});
