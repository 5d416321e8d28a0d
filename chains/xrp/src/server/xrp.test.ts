/**
 * The XRP family against fake rippled servers on loopback (JSON-RPC shapes from reference/apis/xrpl.md), served by
 * the generic routes: account (actNotFound = inactive, balance 0), history paging (limit 20, markers, only
 * tesSUCCESS, a repeated marker ends it), fees, the live reserves, broadcast (hash, engine refusals, the 'Held' busy
 * message passed through) and failover to the second server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { xrpFamily } from './index.js';

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';
const OTHER = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const EXCHANGE = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
const H = (c: string) => c.repeat(64);

type Params = Record<string, unknown>;
const calls: { method: string; params: Params }[] = [];
let submitAnswer: { engine_result: string; engine_result_message: string } = {
  engine_result: 'tesSUCCESS',
  engine_result_message: 'The transaction was applied. Only final in a validated ledger.',
};
let repeatMarker = false;

const payment = (hash: string, result: string, from: string, to: string, drops: string, tag?: number) => ({
  hash,
  ledger_index: 100,
  close_time_iso: '2026-01-01T00:00:00Z',
  tx_json: {
    TransactionType: 'Payment',
    Account: from,
    Destination: to,
    DeliverMax: drops,
    Fee: '12',
    ...(tag !== undefined ? { DestinationTag: tag } : {}),
  },
  meta: { TransactionResult: result, delivered_amount: drops },
  validated: true,
});

function answer(method: string, p: Params): unknown {
  switch (method) {
    case 'account_info':
      if (p.account === ME)
        return {
          account_data: { Account: ME, Balance: '25000000', Flags: 0, OwnerCount: 3, Sequence: 9 },
          account_flags: { requireDestinationTag: false },
          status: 'success',
          validated: true,
        };
      if (p.account === EXCHANGE)
        return {
          account_data: {
            Account: EXCHANGE,
            Balance: '1000000000',
            Flags: 0x00020000,
            OwnerCount: 0,
            Sequence: 2,
          },
          status: 'success',
        };
      return {
        account: p.account,
        error: 'actNotFound',
        error_code: 19,
        error_message: 'Account not found.',
        status: 'error',
        validated: true,
      };
    case 'account_tx':
      if (p.marker === undefined)
        return {
          account: ME,
          limit: p.limit,
          marker: { ledger: 99, seq: 1 },
          status: 'success',
          transactions: [
            payment(H('A'), 'tesSUCCESS', OTHER, ME, '5000000', 42),
            payment(H('B'), 'tecUNFUNDED_PAYMENT', ME, OTHER, '1'),
            payment(H('C'), 'tesSUCCESS', ME, OTHER, '2000000'),
          ],
        };
      return {
        account: ME,
        limit: p.limit,
        ...(repeatMarker ? { marker: p.marker } : {}),
        status: 'success',
        transactions: [payment(H('D'), 'tesSUCCESS', OTHER, ME, '1000000')],
      };
    case 'fee':
      return {
        drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: '15' },
        ledger_current_index: 1000,
        status: 'success',
      };
    case 'server_state':
      return {
        state: {
          server_state: 'full',
          validated_ledger: {
            base_fee: 10,
            close_time: 1,
            hash: H('E'),
            reserve_base: 1000000,
            reserve_inc: 200000,
            seq: 999,
          },
        },
        status: 'success',
      };
    case 'submit':
      return {
        ...submitAnswer,
        accepted: true,
        tx_blob: p.tx_blob,
        tx_json: { hash: H('f') },
        status: 'success',
      };
    default:
      return { error: 'unknownCmd', status: 'error' };
  }
}

const servers: Server[] = [];
async function rippled(handler: (method: string, params: Params) => unknown): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const { method, params } = JSON.parse(body) as { method: string; params: Params[] };
      const result = handler(method, params[0] ?? {});
      if (result === 503) {
        res.writeHead(503).end('Server is overloaded');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result }));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let app: FastifyInstance;
beforeAll(async () => {
  const down = await rippled(() => 503);
  const up = await rippled((method, params) => {
    calls.push({ method, params });
    return answer(method, params);
  });
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: { CHAIN_XRP_RIPPLED: `${down},${up}` },
    families: [xrpFamily],
  });
  app = Fastify({ logger: false });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  for (const s of servers) s.close();
});

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const r = await app.inject({ method, url, ...(payload ? { payload } : {}) });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};

describe('XRP family behind the product API', () => {
  it('reads an account with its sequence and owned objects, from the second server when the first is overloaded', async () => {
    const r = await call('GET', `/api/chains/XRP/account/${ME}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      balance: '25000000',
      sequence: 9,
      ownerCount: 3,
      activated: true,
      requireDestinationTag: false,
      txCount: 1,
      provider: 'rippled#2',
    });
    expect(calls.at(-1)?.params).toMatchObject({ account: ME, ledger_index: 'validated', api_version: 2 });
  });

  it('answers actNotFound as balance 0, txCount 0, inactive — not an error', async () => {
    const r = await call('GET', `/api/chains/XRP/account/${OTHER}`);
    expect(r.body).toMatchObject({ balance: '0', txCount: 0, activated: false, sequence: null });
  });

  it('reports a recipient that requires a destination tag (lsfRequireDestTag)', async () => {
    expect((await call('GET', `/api/chains/XRP/account/${EXCHANGE}`)).body).toMatchObject({
      requireDestinationTag: true,
    });
  });

  it('refuses a malformed address with 400', async () => {
    expect((await call('GET', '/api/chains/XRP/account/rNotAnAddress')).status).toBe(400);
  });

  it('pages history 20 at a time with markers, keeps only tesSUCCESS, and stops when the marker ends', async () => {
    repeatMarker = false;
    const first = await call('GET', `/api/chains/XRP/history/${ME}`);
    const ops = first.body.operations as {
      hash: string;
      direction: string;
      value: string;
      destinationTag?: number;
    }[];
    expect(ops.map((o) => o.hash)).toEqual([H('A'), H('C')]);
    expect(ops[0]).toMatchObject({ direction: 'in', value: '5000000', destinationTag: 42 });
    expect(calls.at(-1)?.params).toMatchObject({ limit: 20, ledger_index_min: -1, ledger_index_max: -1 });
    expect(first.body.cursor).toEqual(expect.any(String));
    const second = await call('GET', `/api/chains/XRP/history/${ME}?cursor=${String(first.body.cursor)}`);
    expect(calls.at(-1)?.params.marker).toEqual({ ledger: 99, seq: 1 });
    expect((second.body.operations as { hash: string }[]).map((o) => o.hash)).toEqual([H('D')]);
    expect(second.body.cursor).toBeNull();
  });

  it('stops paging when the server hands back the same marker', async () => {
    repeatMarker = true;
    const first = await call('GET', `/api/chains/XRP/history/${ME}`);
    const second = await call('GET', `/api/chains/XRP/history/${ME}?cursor=${String(first.body.cursor)}`);
    expect(second.body.cursor).toBeNull();
    repeatMarker = false;
  });

  it('refuses a cursor made for another address', async () => {
    const first = await call('GET', `/api/chains/XRP/history/${ME}`);
    expect(
      (await call('GET', `/api/chains/XRP/history/${OTHER}?cursor=${String(first.body.cursor)}`)).status,
    ).toBe(400);
  });

  it('gives the fee in drops and the live reserves of the validated ledger', async () => {
    expect((await call('GET', '/api/chains/XRP/fees')).body).toMatchObject({
      unit: 'drops',
      tiers: { high: '15', medium: '15', low: '10' },
    });
    expect((await call('GET', '/api/chains/XRP/ledger')).body).toMatchObject({
      ledgerIndex: 999,
      reserveBase: '1000000',
      reserveIncrement: '200000',
    });
  });

  it('submits the blob and answers its hash', async () => {
    submitAnswer = { engine_result: 'tesSUCCESS', engine_result_message: 'The transaction was applied.' };
    const r = await call('POST', '/api/chains/XRP/broadcast', { rawTx: '1200ab' });
    expect(r.body).toMatchObject({ hash: H('F') });
    expect(calls.at(-1)).toMatchObject({ method: 'submit', params: { tx_blob: '1200AB' } });
  });

  it("passes an engine refusal and the 'Held until escalated fee drops.' busy message through as they are", async () => {
    submitAnswer = {
      engine_result: 'tecNO_DST_INSUF_XRP',
      engine_result_message: 'Destination does not exist. Too little XRP sent to create it.',
    };
    const refused = await call('POST', '/api/chains/XRP/broadcast', { rawTx: '1200' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: 'Destination does not exist. Too little XRP sent to create it.',
      code: 'rejected',
      engineResult: 'tecNO_DST_INSUF_XRP',
    });
    submitAnswer = { engine_result: 'terQUEUED', engine_result_message: 'Held until escalated fee drops.' };
    const held = await call('POST', '/api/chains/XRP/broadcast', { rawTx: '1200' });
    expect(held.body).toMatchObject({
      error: 'Held until escalated fee drops.',
      code: 'queued',
      hash: H('F'),
    });
  });

  it('lists XRP with its providers and forwards only read-only node methods', async () => {
    const list = (await call('GET', '/api/chains')).body as unknown as
      Record<string, unknown>[] | { chains: Record<string, unknown>[] };
    const rows = Array.isArray(list) ? list : list.chains;
    expect(rows).toContainEqual(
      expect.objectContaining({
        chain: 'XRP',
        family: 'xrp',
        providers: ['rippled#1', 'rippled#2'],
        source: 'config',
      }),
    );
    expect(
      (
        await call('POST', '/api/chains/XRP/rpc', {
          jsonrpc: '2.0',
          id: 1,
          method: 'submit',
          params: [{ tx_blob: '12' }],
        })
      ).status,
    ).toBe(400);
    const r = await call('POST', '/api/chains/XRP/rpc', {
      jsonrpc: '2.0',
      id: 1,
      method: 'fee',
      params: [{}],
    });
    expect(r.status).toBe(200);
  });
});

describe('XRP bounds by meaning (issue 29: the lies were served with 200)', () => {
  /** A server that lies (a balance above the supply, a payment dated in the year 3000) before an honest one. */
  async function liarFirst(lie: (method: string, a: Record<string, unknown>) => void) {
    const liar = await rippled((method, params) => {
      const a = structuredClone(answer(method, params)) as Record<string, unknown>;
      lie(method, a);
      return a;
    });
    const honest = await rippled((method, params) => answer(method, params));
    const registry = createChainRegistry({
      config: { profile: 'mainnet', dataDir: '/nonexistent' },
      fetch,
      env: { CHAIN_XRP_RIPPLED: `${liar},${honest}` },
      families: [xrpFamily],
    });
    const a = Fastify({ logger: false });
    await a.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
      prefix: '/api',
    });
    await a.ready();
    return a;
  }

  it('a balance above the 100 billion XRP that exist is a lie: the next server answers', async () => {
    const a = await liarFirst((method, r) => {
      if (method === 'account_info' && r.account_data)
        (r.account_data as { Balance: string }).Balance = '1000000000000000000'; // 1e18 drops: fits a u64, not the supply
    });
    const r = await a.inject({ url: `/api/chains/XRP/account/${ME}` });
    expect(r.json()).toMatchObject({ balance: '25000000', provider: 'rippled#2' });
    await a.close();
  });

  it('a history dated in the year 3000 is a lie: the next server answers', async () => {
    const a = await liarFirst((method, r) => {
      if (method === 'account_tx' && Array.isArray(r.transactions))
        for (const t of r.transactions as { close_time_iso: string }[])
          t.close_time_iso = '3000-01-01T00:00:00Z';
    });
    const r = await a.inject({ url: `/api/chains/XRP/history/${ME}` });
    const body = r.json() as { provider: string; operations: { time: number }[] };
    expect(r.statusCode).toBe(200);
    expect(body.provider).toBe('rippled#2');
    for (const op of body.operations) expect(op.time).toBe(Date.parse('2026-01-01T00:00:00Z'));
    await a.close();
  });
});
