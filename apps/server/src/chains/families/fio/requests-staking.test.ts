/**
 * The FIO payment-request and staking routes (issue 17) over fake FIO nodes and a fake staking service answering the
 * reference shapes: request lists (limit 100; 404 = none; times as ISO; unreadable content served as ''), a
 * malformed list failing over to the next node, the staking view (APR from historical_apr['7day'], null when the
 * service fails; voted / proxy from the voter table with the proxy's handle; the unstake lock from get_locks) and the
 * configuration (default proxy and staking service per chain, mainnet defaults, `none`).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Fio } from '@fioprotocol/fiojs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '../../registry.js';
import { registerChainRoutes } from '../../routes.js';
import type { FioFacade } from './facade.js';
import { fioFamily } from './index.js';

const ME = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const PAYER = 'FIO7uRvrLVrZCbCM2DtCgUMospqUMnP3JUC1sKHA8zNoF835kJBvN';
const ME_ACTOR = Fio.accountHash(ME);
const CONTENT = 'A'.repeat(96);
const request = (o: Record<string, unknown> = {}) => ({
  fio_request_id: 7,
  payer_fio_address: 'payer@secux',
  payee_fio_address: 'me@secux',
  payer_fio_public_key: PAYER,
  payee_fio_public_key: ME,
  content: CONTENT,
  time_stamp: '2026-03-01T10:20:30',
  status: 'requested',
  ...o,
});

let mode: 'ok' | 'lie' = 'ok';
let stakingDown = false;
let voted = true;
const bodies: { node: string; path: string; body: Record<string, unknown> }[] = [];

function answer(path: string, b: Record<string, unknown>): readonly [number, unknown] {
  switch (path) {
    case '/v1/chain/get_sent_fio_requests':
      if (b.fio_public_key !== ME) return [404, { message: 'No FIO Requests' }];
      return [
        200,
        {
          requests: [
            request(),
            request({ fio_request_id: 8, status: 'sent_to_blockchain', content: 'B'.repeat(1200) }),
            ...(mode === 'lie' ? [request({ fio_request_id: 9, status: 'paid-ish' })] : []),
          ],
          more: 0,
        },
      ];
    case '/v1/chain/get_received_fio_requests':
      return [404, { message: 'No received FIO Requests' }];
    case '/v1/chain/get_locks':
      if (b.fio_public_key !== ME) return [404, { message: 'Public key not found' }];
      return [
        200,
        {
          lock_amount: 40_000_000_000,
          remaining_lock_amount: 40_000_000_000,
          time_stamp: 1_780_000_000,
          payouts_performed: 0,
          can_vote: 1,
          unlock_periods: [{ duration: 604_800, amount: 40_000_000_000 }],
        },
      ];
    case '/v1/chain/get_table_rows': {
      const row = (owner: string, o: Record<string, unknown>) => ({
        id: 1,
        fioaddress: '',
        addresshash: '0x0',
        owner,
        proxy: '',
        producers: [],
        last_vote_weight: '0.0',
        proxied_vote_weight: '0.0',
        is_proxy: 0,
        is_auto_proxy: 0,
        reserved2: 0,
        reserved3: '0.000000000 FIO',
        ...o,
      });
      if (b.lower_bound === ME_ACTOR && voted)
        return [200, { rows: [row(ME_ACTOR, { proxy: 'proxyaccount' })] }];
      if (b.lower_bound === 'proxyaccount')
        return [200, { rows: [row('proxyaccount', { is_proxy: 1, fioaddress: 'proxy@secux' })] }];
      return [200, { rows: [], more: false }];
    }
  }
  return [404, { message: 'no such path' }];
}

const servers: Server[] = [];
async function listen(handler: (path: string, method: string, raw: string) => readonly [number, unknown]) {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const [status, json] = handler(req.url ?? '', req.method ?? 'GET', raw);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const fakeNode = (name: string, honest: boolean) =>
  listen((path, _m, raw) => {
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    bodies.push({ node: name, path, body });
    if (!honest && path.includes('fio_requests'))
      return [200, { requests: [request({ payer_fio_address: 'not a handle' })], more: 0 }];
    return answer(path, body);
  });

let app: FastifyInstance;
let stakingUrl = '';
beforeAll(async () => {
  const liar = await fakeNode('liar', false);
  const honest = await fakeNode('honest', true);
  stakingUrl = await listen((path, method) => {
    if (method !== 'GET' || path !== '/staking') return [404, {}];
    if (stakingDown) return [500, { message: 'down' }];
    return [
      200,
      {
        staked_token_pool: 81362017.67,
        outstanding_srps: 132751309.12,
        rewards_token_pool: 8938773.92,
        combined_token_pool: 92742285.03,
        staking_rewards_reserves_minted: 6261266.06,
        roe: 0.6986,
        active: true,
        historical_apr: { '1day': 9.8194, '7day': 13.5374, '30day': 11.5396 },
      },
    ];
  });
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: {
      CHAIN_FIO_NODES: `${liar},${honest}`,
      CHAIN_FIO_STAKING_URL: `${stakingUrl}/staking`,
      CHAIN_FIO_DEFAULT_PROXY: 'proxy@secux',
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
  for (const s of servers) s.close();
});
const get = async (url: string) => {
  const r = await app.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};

describe('FIO payment requests', () => {
  it('sent: 100 per list, ISO times; a malformed list fails over; unreadable content is served as ""', async () => {
    const r = await get(`/api/chains/FIO/fio/requests/${ME}/sent`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      chain: 'FIO',
      provider: 'fio-node#2',
      requests: [
        {
          id: 7,
          payerHandle: 'payer@secux',
          payeeHandle: 'me@secux',
          payerKey: PAYER,
          payeeKey: ME,
          content: CONTENT,
          timeStamp: '2026-03-01T10:20:30.000Z',
          status: 'requested',
        },
        expect.objectContaining({ id: 8, status: 'sent_to_blockchain', content: '' }),
      ],
    });
    expect(bodies.filter((b) => b.path === '/v1/chain/get_sent_fio_requests').at(-1)!.body).toEqual({
      fio_public_key: ME,
      limit: 100,
      offset: 0,
    });
    expect(bodies.some((b) => b.node === 'liar' && b.path === '/v1/chain/get_sent_fio_requests')).toBe(true);
  });

  it("received: the node's 404 'No received FIO Requests' is an empty list", async () => {
    const r = await get(`/api/chains/FIO/fio/requests/${ME}/received`);
    expect(r.body).toMatchObject({ requests: [] });
  });

  it('a status FIO does not have makes the answer malformed (no node left → an upstream error)', async () => {
    mode = 'lie';
    const r = await get(`/api/chains/FIO/fio/requests/${ME}/sent`);
    mode = 'ok';
    expect(r.status).toBeGreaterThanOrEqual(500);
    expect(JSON.stringify(r.body)).not.toContain('paid-ish');
  });

  it('refuses a key that is not a FIO key before asking any node', async () => {
    const before = bodies.length;
    expect((await get('/api/chains/FIO/fio/requests/FIOnotakey/sent')).status).toBe(400);
    expect(bodies.length).toBe(before);
  });
});

describe('FIO staking view', () => {
  it("the 7-day APR, the account's proxy by handle, the default proxy and the 7-day lock", async () => {
    const r = await get(`/api/chains/FIO/fio/staking/${ME}`);
    expect(r.body).toEqual({
      chain: 'FIO',
      apr7d: 13.5374,
      voted: true,
      proxy: 'proxy@secux',
      defaultProxy: 'proxy@secux',
      lock: {
        amount: '40000000000',
        remaining: '40000000000',
        unlockAt: new Date((1_780_000_000 + 604_800) * 1000).toISOString(),
      },
      provider: expect.stringMatching(/^fio-node#[12]$/),
    });
    const read = bodies.filter((b) => b.path === '/v1/chain/get_table_rows').at(-2)!.body;
    expect(read).toMatchObject({
      code: 'eosio',
      scope: 'eosio',
      table: 'voters',
      index_position: '3',
      key_type: 'name',
      lower_bound: ME_ACTOR,
      upper_bound: ME_ACTOR,
    });
  });

  it('an account that never voted and has no lock; the staking service failing gives apr7d null', async () => {
    voted = false;
    stakingDown = true;
    const r = await get(`/api/chains/FIO/fio/staking/${PAYER}`);
    voted = true;
    stakingDown = false;
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ apr7d: null, voted: false, proxy: null, lock: null });
  });

  it('serves the ABIs of fio.reqobt, fio.staking and eosio, nothing else', async () => {
    expect((await get('/api/chains/FIO/fio/abi/fio.system')).status).toBe(400);
  });
});

describe('FIO staking configuration', () => {
  const facadeOf = (env: Record<string, string>) =>
    createChainRegistry({
      config: { profile: 'mainnet', dataDir: '/nonexistent' },
      fetch,
      env,
      families: [fioFamily],
    }).get('FIO') as FioFacade | undefined;

  it("mainnet: FIO's staking service and proxy@secux; testnet: no APR service and proxy@fiotestnet", () => {
    const r = createChainRegistry({
      config: { profile: 'mainnet', dataDir: '/nonexistent' },
      fetch,
      env: {},
      families: [fioFamily],
    });
    const fio = r.get('FIO') as FioFacade;
    const tfio = r.get('TFIO') as FioFacade;
    expect(fio.cfg.defaultProxy).toBe('proxy@secux');
    expect(fio.cfg.staking?.map((s) => s.name)).toEqual(['fio-staking#1']);
    expect(tfio.cfg.defaultProxy).toBe('proxy@fiotestnet');
    expect(tfio.cfg.staking).toEqual([]);
  });

  it('CHAIN_FIO_STAKING_URL=none switches the APR off; a default proxy that is not a handle is refused', () => {
    expect(facadeOf({ CHAIN_FIO_STAKING_URL: 'none' })!.cfg.staking).toEqual([]);
    expect(() => facadeOf({ CHAIN_FIO_DEFAULT_PROXY: 'not a handle' })).toThrow();
  });
});
