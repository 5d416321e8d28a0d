/**
 * FIO history nodes (issue 29, mainnet-behaviour.md §8): the mainnet profile reads history from FIO's v1 history
 * nodes, and each history node numbers an account's actions its own way — so the next page of a history is asked of
 * the node that numbered the first one, never of another node that happens to be first in the list again.
 */
import { Fio } from '@fioprotocol/fiojs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import {
  startServer,
  type Req,
  type Res,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';
import { fioFamily } from './index.js';

const ME = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const PAYEE = 'FIO7uRvrLVrZCbCM2DtCgUMospqUMnP3JUC1sKHA8zNoF835kJBvN';
const ACTOR = Fio.accountHash(ME);

/** One transfer of `amount` SUF at sequence `seq`, as /v1/history/get_actions lists it. */
const action = (seq: number, amount: number) => ({
  account_action_seq: seq,
  block_num: 90 + amount,
  // the same action has the same time on every node: one second apart, the first on 2026-01-01
  block_time: new Date(Date.UTC(2026, 0, 1) + amount * 1000).toISOString().slice(0, 23),
  action_trace: {
    receipt: { receiver: ACTOR, response: '{"status":"OK","fee_collected":2000000000}' },
    act: {
      account: 'fio.token',
      name: 'trnsfiopubky',
      data: { payee_public_key: PAYEE, amount, actor: ACTOR },
    },
    trx_id: amount.toString(16).padStart(64, '0'),
  },
});

/**
 * A history node whose numbering of the account starts at `base`: the latest action is `base + 29`; the amounts are
 * the same on every node (the same chain), only the sequence numbers differ.
 */
function historyNode(base: number) {
  let down = false;
  const handler = (req: Req): Res => {
    if (req.path !== '/v1/history/get_actions') return { status: 404, body: { message: 'no such path' } };
    if (down) return { status: 500, body: { code: 500, message: 'Internal Service Error' } };
    const b = req.json as { pos: number; offset: number };
    const top = b.pos === -1 ? base + 29 : b.pos;
    const from = Math.max(base, top + b.offset);
    const actions = [];
    for (let s = from; s <= top; s++) actions.push(action(s, s - base + 1));
    return { body: { actions, last_irreversible_block: 200 } };
  };
  return { handler, setDown: (v: boolean) => void (down = v) };
}

let a: TestServer;
let b: TestServer;
const nodeA = historyNode(1000);
const nodeB = historyNode(5);
let app: FastifyInstance;
const get = async (url: string) => {
  const r = await app.inject({ method: 'GET', url });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are checked by the assertions
  return { status: r.statusCode, body: r.json() as Record<string, any> };
};
const pages = (s: TestServer) => s.requests.filter((r) => r.path === '/v1/history/get_actions');

beforeAll(async () => {
  a = await startServer(nodeA.handler);
  b = await startServer(nodeB.handler);
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: {
      CHAIN_FIO_NODES: 'http://127.0.0.1:9',
      CHAIN_FIO_HISTORY_NODES: `${a.url},${b.url}`,
      CHAIN_TFIO_NODES: 'none',
    },
    families: [fioFamily],
  });
  app = Fastify({ logger: false });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await Promise.all([a?.close(), b?.close()]);
});

describe('FIO history paging stays on one history node', () => {
  it('history comes from the history nodes, not the API nodes', async () => {
    const r = await get(`/api/chains/FIO/history/${ME}`);
    expect(r.status).toBe(200);
    expect(r.body.provider).toBe('fio-history#1');
    expect(r.body.operations.map((o: { value: string }) => o.value).slice(0, 3)).toEqual(['30', '29', '28']);
  });

  it('a page numbered by the second node is continued on it even when the first node is back', async () => {
    nodeA.setDown(true);
    const first = await get(`/api/chains/FIO/history/${ME}`);
    expect(first.body.provider).toBe('fio-history#2');
    nodeA.setDown(false);
    const aBefore = pages(a).length;
    const second = await get(`/api/chains/FIO/history/${ME}?cursor=${String(first.body.cursor)}`);
    expect(second.status).toBe(200);
    expect(second.body.provider).toBe('fio-history#2');
    // node B's own numbering continues: no action repeated, none skipped
    expect(pages(b).at(-1)!.json).toEqual({ account_name: ACTOR, pos: 13, offset: -19 });
    expect(pages(a).length).toBe(aBefore);
    const values = [...first.body.operations, ...second.body.operations].map(
      (o: { value: string }) => o.value,
    );
    expect(values).toEqual(Array.from({ length: 30 }, (_, i) => String(30 - i)));
  });

  it("the pinned node failing is an error, never another node's page", async () => {
    const first = await get(`/api/chains/FIO/history/${ME}`);
    expect(first.body.provider).toBe('fio-history#1');
    nodeA.setDown(true);
    const bBefore = pages(b).length;
    const next = await get(`/api/chains/FIO/history/${ME}?cursor=${String(first.body.cursor)}`);
    nodeA.setDown(false);
    expect(next.status).toBeGreaterThanOrEqual(500);
    expect(next.body.attempts.map((x: { provider: string }) => x.provider)).toEqual(['fio-history#1']);
    expect(pages(b).length).toBe(bBefore);
  });

  it('a cursor without its node (or of a node no longer configured) asks for the first page again', async () => {
    const legacy = Buffer.from(JSON.stringify({ k: 'fio', a: ME, s: 20 })).toString('base64url');
    expect((await get(`/api/chains/FIO/history/${ME}?cursor=${legacy}`)).status).toBe(400);
    const gone = Buffer.from(JSON.stringify({ k: 'fio', a: ME, s: 20, n: 'fio-history#9' })).toString(
      'base64url',
    );
    expect((await get(`/api/chains/FIO/history/${ME}?cursor=${gone}`)).status).toBe(400);
  });
});
