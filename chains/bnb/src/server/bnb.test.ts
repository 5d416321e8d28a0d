/**
 * The BNB Beacon Chain family (retired, read-only) served by the generic routes: with no archive configured (the
 * default) the chain says it is retired and accounts answer 410 chainRetired; with an archive on loopback speaking
 * the chain's HTTP API (reference/apis/bnb-beacon-chain.md) balances (404 = zero) and paged history are read;
 * broadcast and fees always refuse with readOnlyChain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { bnbFamily } from './index.js';

const ME = 'bnb1jxfh2g85q3v0tdq56fnevx6xcxtcnhtsmcu64m';
const NEW = 'bnb1grpf0955h0ykzq3ar5nmum7y6gdfl6lxfn46h2';
const H = (i: number) => i.toString(16).padStart(64, '0');

const servers: Server[] = [];
const apps: FastifyInstance[] = [];
const urls: string[] = [];

function tx(i: number) {
  return {
    txHash: H(i),
    blockHeight: 385_000_000 + i,
    timeStamp: '2024-11-01T00:00:00.000Z',
    fromAddr: i % 2 ? ME : NEW,
    toAddr: i % 2 ? NEW : ME,
    value: '0.10000000',
    txAsset: 'BNB',
    txFee: '0.00007500',
    code: 0,
  };
}

async function archive(): Promise<string> {
  const s = createServer((req, res) => {
    urls.push(req.url ?? '');
    const u = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (u.pathname === `/api/v1/account/${ME}`) {
      res.end(
        JSON.stringify({
          account_number: 1,
          address: ME,
          balances: [
            { symbol: 'BNB', free: '1.23450000', locked: '0.00000000', frozen: '0.00000001' },
            { symbol: 'BTCB-1DE', free: '2.00000000', locked: '0.00000000', frozen: '0.00000000' },
          ],
          public_key: null,
          sequence: 7,
        }),
      );
    } else if (u.pathname.startsWith('/api/v1/account/')) {
      res.statusCode = 404;
      res.end('');
    } else if (u.pathname === '/api/v1/transactions') {
      const offset = Number(u.searchParams.get('offset'));
      const limit = Number(u.searchParams.get('limit'));
      const all = Array.from({ length: 13 }, (_, i) => tx(i + 1));
      res.end(JSON.stringify({ total: all.length, tx: all.slice(offset, offset + limit) }));
    } else {
      res.statusCode = 500;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  servers.push(s);
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
}

async function serve(env: Record<string, string>) {
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env,
    families: [bnbFamily],
  });
  const app = Fastify({ logger: false });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.ready();
  apps.push(app);
  return app;
}

let retired: FastifyInstance;
let archived: FastifyInstance;
beforeAll(async () => {
  retired = await serve({});
  archived = await serve({ CHAIN_BNB_ARCHIVE: await archive() });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const s of servers) s.close();
});

describe('BNB Beacon Chain without an archive (the default)', () => {
  it('is served as retired, with the halt facts and no archive', async () => {
    const r = await retired.inject({ url: '/api/chains/BNB' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      chain: 'BNB',
      family: 'bnb',
      retired: true,
      archive: false,
      haltHeight: 385_251_927,
      haltDate: '2024-12-03',
    });
  });
  it('answers accounts and histories with 410 chainRetired, and refuses to broadcast', async () => {
    const a = await retired.inject({ url: `/api/chains/BNB/account/${ME}` });
    expect(a.statusCode).toBe(410);
    expect(a.json()).toMatchObject({ code: 'chainRetired' });
    const h = await retired.inject({ url: `/api/chains/BNB/history/${ME}` });
    expect(h.json()).toMatchObject({ code: 'chainRetired' });
    const b = await retired.inject({
      method: 'POST',
      url: '/api/chains/BNB/broadcast',
      payload: { rawTx: 'ab' },
    });
    expect(b.statusCode).toBe(410);
    expect(b.json()).toMatchObject({ code: 'readOnlyChain' });
  });
});

describe('BNB Beacon Chain with an archive (CHAIN_BNB_ARCHIVE)', () => {
  it('reads the balance (free + locked + frozen) and every asset line', async () => {
    const r = await archived.inject({ url: `/api/chains/BNB/account/${ME}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      balance: '123450001',
      txCount: 7,
      balances: [
        { symbol: 'BNB', free: '123450000', locked: '0', frozen: '1' },
        { symbol: 'BTCB-1DE', free: '200000000' },
      ],
    });
    expect((await archived.inject({ url: '/api/chains/BNB' })).json()).toMatchObject({ archive: true });
  });
  it('an account the archive does not know is a zero balance (404), a bad address is 400', async () => {
    expect((await archived.inject({ url: `/api/chains/BNB/account/${NEW}` })).json()).toMatchObject({
      balance: '0',
      txCount: 0,
    });
    expect((await archived.inject({ url: '/api/chains/BNB/account/bnb1nope' })).statusCode).toBe(400);
  });
  it('pages the history 10 at a time until the total is reached', async () => {
    const p1 = (await archived.inject({ url: `/api/chains/BNB/history/${ME}` })).json();
    expect(p1.operations).toHaveLength(10);
    expect(p1.operations[0]).toMatchObject({ direction: 'out', value: '10000000', fee: '7500' });
    expect(p1.cursor).toEqual(expect.any(String));
    const p2 = (
      await archived.inject({ url: `/api/chains/BNB/history/${ME}?cursor=${encodeURIComponent(p1.cursor)}` })
    ).json();
    expect(p2.operations).toHaveLength(3);
    expect(p2.cursor).toBeNull();
    expect(urls.filter((u) => u.startsWith('/api/v1/transactions'))).toEqual([
      `/api/v1/transactions?address=${ME}&offset=0&limit=10`,
      `/api/v1/transactions?address=${ME}&offset=10&limit=10`,
    ]);
  });
  it('still refuses to broadcast (the chain is halted)', async () => {
    const b = await archived.inject({
      method: 'POST',
      url: '/api/chains/BNB/broadcast',
      payload: { rawTx: 'ab' },
    });
    expect(b.json()).toMatchObject({ code: 'readOnlyChain' });
  });
});
