/**
 * The FIO history the server serves keeps what the history screen shows of each action (spec 03 §3 "FIO history
 * item"): stake or unstake, the crypto handle and the chains assigned, as the operation's extras.
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
const ACTOR = Fio.accountHash(ME);

/** One action of the account at sequence `seq`, as /v1/history/get_actions lists it. */
const action = (seq: number, name: string, data: Record<string, unknown>) => ({
  account_action_seq: seq,
  block_num: 100 + seq,
  block_time: new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString().slice(0, 23),
  action_trace: {
    receipt: { receiver: ACTOR, response: '{"status":"OK","fee_collected":0}' },
    act: { account: 'fio.staking', name, data: { ...data, actor: ACTOR } },
    trx_id: seq.toString(16).padStart(64, '0'),
  },
});

const node = (req: Req): Res => {
  if (req.path !== '/v1/history/get_actions') return { status: 404, body: { message: 'no such path' } };
  return {
    body: {
      actions: [
        action(1, 'stakefio', { fio_address: 'me@secux', amount: 5_000_000_000 }),
        action(2, 'unstakefio', { fio_address: 'me@secux', amount: 2_000_000_000 }),
        action(3, 'addaddress', {
          fio_address: 'me@secux',
          public_addresses: [{ chain_code: 'LTC', token_code: 'LTC', public_address: 'ltc1qx' }],
        }),
      ],
      last_irreversible_block: 200,
    },
  };
};

let history: TestServer;
let app: FastifyInstance;

beforeAll(async () => {
  history = await startServer(node);
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: {
      CHAIN_FIO_NODES: 'http://127.0.0.1:9',
      CHAIN_FIO_HISTORY_NODES: history.url,
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
  await history?.close();
});

describe('FIO history extras on the wire', () => {
  it('tells stake from unstake and keeps the handle and the chain', async () => {
    const r = await app.inject({ method: 'GET', url: `/api/chains/FIO/history/${ME}` });
    expect(r.statusCode).toBe(200);
    const ops = (r.json() as { operations: { action?: string; extras?: Record<string, string> }[] })
      .operations;
    expect(ops.map((o) => [o.action, o.extras])).toEqual([
      ['addAddress', { cryptoHandleName: 'me@secux', assignChain: 'LTC' }],
      ['staking', { stakeAction: 'unstake', cryptoHandleName: 'me@secux' }],
      ['staking', { stakeAction: 'stake', cryptoHandleName: 'me@secux' }],
    ]);
    // The node's internal numbering stays on the server.
    expect(JSON.stringify(ops)).not.toContain('account_action_seq');
  });
});
