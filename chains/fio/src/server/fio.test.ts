/**
 * The FIO family against fake FIO API nodes on loopback answering the reference shapes (reference/apis/fio.md),
 * served by the generic routes and the fio routes: balance with locks (404 = 0), an unknown key (404 = zeros), fees
 * per end point, names (404 = empty), avail_check, mapped addresses, history paging, a push refused with FIO's own
 * message, bounds, input validation and failover from a failing node to the next. Payment requests and staking
 * (issue 17) over the same nodes and a fake staking service: request lists (limit 100; 404 = none; times as ISO;
 * unreadable content served as ''; a status FIO does not have is malformed), the staking view (APR from
 * historical_apr['7day'], null when the service fails; voted / proxy from the voter table with the proxy's handle;
 * the unstake lock from get_locks) and the configuration (default proxy and staking service per chain, `none`).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Fio } from '@fioprotocol/fiojs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import type { FioFacade } from './facade.js';
import { fioFamily } from './index.js';

const ME = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const NEW = 'FIO7uRvrLVrZCbCM2DtCgUMospqUMnP3JUC1sKHA8zNoF835kJBvN';
const notFound = (message: string) => [404, { message }] as const;
let lie = false;
let locked = false;
let stakingDown = false;
let voted = true;
/** The push answer when set (else an eosio_assert refusal). */
let pushAnswer: readonly [number, unknown] | undefined;
const bodies: { path: string; body: Record<string, unknown> }[] = [];
const ME_ACTOR = Fio.accountHash(ME);
const CONTENT = 'A'.repeat(96);
const request = (o: Record<string, unknown> = {}) => ({
  fio_request_id: 7,
  payer_fio_address: 'payer@secux',
  payee_fio_address: 'me@secux',
  payer_fio_public_key: NEW,
  payee_fio_public_key: ME,
  content: CONTENT,
  time_stamp: '2026-03-01T10:20:30',
  status: 'requested',
  ...o,
});
const voterRow = (owner: string, o: Record<string, unknown>) => ({
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

function answer(path: string, b: Record<string, unknown>): readonly [number, unknown] {
  switch (path) {
    case '/v1/chain/get_fio_balance':
      if (b.fio_public_key !== ME) return notFound('Public key not found');
      return [
        200,
        {
          balance: lie ? -5 : 12_000_000_000,
          available: 9_000_000_000,
          staked: 3_000_000_000,
          srps: 3_000_000_000,
          roe: '1.000000000000000',
        },
      ];
    case '/v1/chain/get_locks':
      if (!locked || b.fio_public_key !== ME) return notFound('No lock tokens in account');
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
    case '/v1/chain/get_sent_fio_requests':
      if (b.fio_public_key !== ME) return notFound('No FIO Requests');
      return [
        200,
        {
          requests: [
            request(),
            request({ fio_request_id: 8, status: 'sent_to_blockchain', content: 'B'.repeat(1200) }),
            ...(lie ? [request({ fio_request_id: 9, status: 'paid-ish' })] : []),
          ],
          more: 0,
        },
      ];
    case '/v1/chain/get_received_fio_requests':
      return notFound('No received FIO Requests');
    case '/v1/chain/get_table_rows':
      if (b.lower_bound === ME_ACTOR && voted)
        return [200, { rows: [voterRow(ME_ACTOR, { proxy: 'proxyaccount' })] }];
      if (b.lower_bound === 'proxyaccount')
        return [200, { rows: [voterRow('proxyaccount', { is_proxy: 1, fioaddress: 'proxy@secux' })] }];
      return [200, { rows: [], more: false }];
    case '/v1/chain/get_fee':
      if (b.end_point === 'bogus')
        return [
          400,
          {
            type: 'invalid_input',
            message: 'An invalid request was sent in, please check the nested errors for details.',
            fields: [{ name: 'end_point', value: 'bogus', error: 'Invalid end point' }],
          },
        ];
      return [200, { fee: b.end_point === 'add_pub_address' ? 0 : 2_000_000_000 }];
    case '/v1/chain/get_fio_domains':
      return [
        200,
        { fio_domains: [{ fio_domain: 'mine', expiration: '2027-01-01T00:00:00', is_public: 0 }], more: 0 },
      ];
    case '/v1/chain/get_fio_addresses':
      return notFound('No FIO Addresses');
    case '/v1/chain/avail_check':
      return [200, { is_registered: b.fio_name === 'taken@secux' ? 1 : 0 }];
    case '/v1/chain/get_pub_address':
      if (b.chain_code === 'LTC') return [200, { public_address: 'ltc1qexample' }];
      return notFound('Public address not found');
    case '/v1/chain/get_pub_addresses':
      return [
        200,
        {
          public_addresses: [{ chain_code: 'LTC', token_code: 'LTC', public_address: 'ltc1qexample' }],
          more: 0,
        },
      ];
    case '/v1/chain/get_info':
      return [200, { chain_id: 'ab'.repeat(32), head_block_num: 100, last_irreversible_block_num: 98 }];
    case '/v1/chain/get_block':
      return [200, { block_num: 98, id: `00000062${'cd'.repeat(28)}`, timestamp: '2026-01-01T00:00:00.000' }];
    case '/v1/history/get_actions':
      return [
        200,
        {
          actions: [
            {
              account_action_seq: b.pos === -1 ? 25 : 3,
              block_num: 90,
              block_time: '2026-01-01T00:00:00.000',
              action_trace: {
                receipt: {
                  receiver: String(b.account_name),
                  response: '{"status":"OK","fee_collected":2000000000}',
                },
                act: {
                  account: 'fio.token',
                  name: 'trnsfiopubky',
                  data: { payee_public_key: NEW, amount: 5, actor: String(b.account_name) },
                },
                trx_id: 'ef'.repeat(32),
              },
            },
          ],
          last_irreversible_block: 98,
        },
      ];
    case '/v1/chain/push_transaction':
      if (pushAnswer) return pushAnswer;
      return [
        500,
        {
          code: 500,
          message: 'Internal Service Error',
          error: {
            code: 3050003,
            name: 'eosio_assert_message_exception',
            what: 'eosio_assert_message assertion failure',
            details: [
              {
                message: 'assertion failure with message: Fee exceeds supplied maximum.',
                file: 'x',
                line_number: 1,
                method: 'y',
              },
            ],
          },
        },
      ];
  }
  return [404, { message: 'no such path' }];
}

const servers: Server[] = [];
async function node(failing: boolean): Promise<string> {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (failing) return void res.writeHead(502).end('bad gateway');
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      bodies.push({ path: req.url ?? '', body });
      const [status, json] = answer(req.url ?? '', body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** FIO's staking statistics service (GET /staking), failing while `stakingDown`. */
async function stakingService(): Promise<string> {
  const server = createServer((req, res) => {
    if (stakingDown || req.url !== '/staking') return void res.writeHead(500).end('{}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        staked_token_pool: 81362017.67,
        outstanding_srps: 132751309.12,
        rewards_token_pool: 8938773.92,
        combined_token_pool: 92742285.03,
        staking_rewards_reserves_minted: 6261266.06,
        roe: 0.6986,
        active: true,
        historical_apr: { '1day': 9.8194, '7day': 13.5374, '30day': 11.5396 },
      }),
    );
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let app: FastifyInstance;
beforeAll(async () => {
  const down = await node(true);
  const up = await node(false);
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: {
      CHAIN_FIO_NODES: `${down},${up}`,
      CHAIN_FIO_STAKING_URL: `${await stakingService()}/staking`,
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

describe('FIO family over fake nodes', () => {
  it('balance with available, staked and the locks 404 as 0, after failing over', async () => {
    const r = await get(`/api/chains/FIO/account/${ME}`);
    expect(r.body.error ?? r.status).toBe(200);
    expect(r.body).toMatchObject({
      balance: '12000000000',
      available: '9000000000',
      staked: '3000000000',
      locked: '0',
      provider: 'fio-node#2',
    });
    expect(r.body.actor).toMatch(/^[a-z1-5.]{12}$/);
  });
  it('an unknown key is a zero balance (404 "Public key not found")', async () => {
    const r = await get(`/api/chains/FIO/account/${NEW}`);
    expect(r.body).toMatchObject({ balance: '0', available: '0', locked: '0' });
  });
  it('refuses a malformed key and a value out of bounds', async () => {
    expect((await get('/api/chains/FIO/account/FIOnotakey')).status).toBe(400);
    lie = true;
    const r = await get(`/api/chains/FIO/account/${ME}`);
    lie = false;
    expect(r.status).toBeGreaterThanOrEqual(500);
  });
  it('fees per end point carry the handle; a bad end point is refused before any node', async () => {
    expect((await get('/api/chains/FIO/fio/fee/register_fio_domain')).body.fee).toBe('2000000000');
    await get('/api/chains/FIO/fio/fee/add_pub_address?fioAddress=me@secux');
    expect(bodies.at(-1)).toEqual({
      path: '/v1/chain/get_fee',
      body: { end_point: 'add_pub_address', fio_address: 'me@secux' },
    });
    expect((await get('/api/chains/FIO/fio/fee/bogus')).status).toBe(400);
    expect((await get('/api/chains/FIO/fees')).body).toMatchObject({
      unit: 'SUF',
      tiers: { medium: '2000000000' },
    });
  });
  it('names: domains listed, handles 404 = empty', async () => {
    const r = await get(`/api/chains/FIO/fio/names/${ME}`);
    expect(r.body).toMatchObject({
      domains: [{ domain: 'mine', expiration: '2027-01-01T00:00:00', isPublic: false }],
      handles: [],
    });
    expect(bodies.find((b) => b.path === '/v1/chain/get_fio_domains')!.body).toEqual({
      fio_public_key: ME,
      limit: 100,
      offset: 0,
    });
  });
  it('availability and mapped addresses (404 = none)', async () => {
    expect((await get('/api/chains/FIO/fio/avail/taken@secux')).body.registered).toBe(true);
    expect((await get('/api/chains/FIO/fio/avail/free@secux')).body.registered).toBe(false);
    expect((await get('/api/chains/FIO/fio/avail/-bad@secux')).status).toBe(400);
    expect((await get('/api/chains/FIO/fio/pub-address/me@secux?chain=LTC&token=LTC')).body.address).toBe(
      'ltc1qexample',
    );
    expect(
      (await get('/api/chains/FIO/fio/pub-address/me@secux?chain=BTC&token=BTC')).body.address,
    ).toBeNull();
    expect((await get('/api/chains/FIO/fio/pub-addresses/me@secux')).body.addresses).toEqual([
      { chainCode: 'LTC', tokenCode: 'LTC', publicAddress: 'ltc1qexample' },
    ]);
  });
  it('TAPOS reference from the last irreversible block', async () => {
    expect((await get('/api/chains/FIO/fio/chain')).body).toMatchObject({
      chainId: 'ab'.repeat(32),
      block: { block_num: 98 },
    });
  });
  it('history: newest 20 first, then a cursor below the lowest sequence', async () => {
    const first = await get(`/api/chains/FIO/history/${ME}`);
    expect(bodies.at(-1)!.body).toMatchObject({ pos: -1, offset: -20 });
    expect(first.body.operations).toMatchObject([{ direction: 'out', value: '5', fee: '2000000000' }]);
    await get(`/api/chains/FIO/history/${ME}?cursor=${String(first.body.cursor)}`);
    expect(bodies.at(-1)!.body).toMatchObject({ pos: 24, offset: -19 });
  });
  it("a push the chain refuses comes back with FIO's message", async () => {
    const rawTx = JSON.stringify({
      signatures: [`SIG_K1_${'K'.repeat(95)}`],
      compression: 0,
      packed_context_free_data: '',
      packed_trx: 'ab',
    });
    const r = await app.inject({ method: 'POST', url: '/api/chains/FIO/broadcast', payload: { rawTx } });
    expect(r.statusCode).toBe(422);
    expect((r.json() as { error: string }).error).toContain('Fee exceeds supplied maximum.');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/chains/FIO/broadcast',
      payload: { rawTx: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('FIO push answers as nodeos gives them', () => {
  const rawTx = JSON.stringify({
    signatures: [`SIG_K1_${'K'.repeat(95)}`],
    compression: 0,
    packed_context_free_data: '',
    packed_trx: 'ab',
  });
  const broadcast = async () => {
    const r = await app.inject({ method: 'POST', url: '/api/chains/FIO/broadcast', payload: { rawTx } });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  };
  const nodeos = (
    status: number,
    message: string,
    code: number,
    name: string,
    what: string,
    detail: string,
  ) =>
    [
      status,
      {
        code: status,
        message,
        error: {
          code,
          name,
          what,
          details: [{ message: detail, file: 'f.cpp', line_number: 1, method: 'm' }],
        },
      },
    ] as const;
  afterAll(() => {
    pushAnswer = undefined;
  });

  it('202 Accepted is a sent transaction', async () => {
    pushAnswer = [202, { transaction_id: 'cd'.repeat(32), processed: {} }];
    expect(await broadcast()).toMatchObject({ status: 200, body: { hash: 'cd'.repeat(32) } });
  });

  it('401 unsatisfied_authorization (another key) is a refusal; 409 tx_duplicate is this very transaction, sent', async () => {
    pushAnswer = nodeos(
      401,
      'UnAuthorized',
      3090003,
      'unsatisfied_authorization',
      'Provided keys, permissions, and delays do not satisfy declared authorizations',
      `transaction declares authority '{"actor":"${ME_ACTOR}","permission":"active"}', but does not have signatures for it under a provided delay of 0 ms, provided permissions [], provided keys ["${NEW}"], and a delay max limit of 3888000000 ms`,
    );
    expect(await broadcast()).toMatchObject({
      status: 422,
      body: {
        code: 'rejected',
        fioCode: 'unsatisfied_authorization',
        error: 'Provided keys, permissions, and delays do not satisfy declared authorizations',
      },
    });
    pushAnswer = nodeos(
      409,
      'Conflict',
      3040008,
      'tx_duplicate',
      'Duplicate transaction',
      'duplicate transaction ab',
    );
    // A resend of the same bytes after a timeout: the chain already has it (its id is SHA-256 of packed_trx).
    expect(await broadcast()).toMatchObject({
      status: 200,
      body: { hash: createHash('sha256').update(Buffer.from('ab', 'hex')).digest('hex'), state: 'pending' },
    });
  });
});

describe('FIO payment requests', () => {
  it('sent: 100 per list, ISO times, after failing over; unreadable content is served as ""', async () => {
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
          payerKey: NEW,
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
  });

  it("received: the node's 404 'No received FIO Requests' is an empty list", async () => {
    const r = await get(`/api/chains/FIO/fio/requests/${ME}/received`);
    expect(r.body).toMatchObject({ requests: [] });
  });

  it('a status FIO does not have makes the answer malformed (no node left → an upstream error)', async () => {
    lie = true;
    const r = await get(`/api/chains/FIO/fio/requests/${ME}/sent`);
    lie = false;
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
    locked = true;
    const r = await get(`/api/chains/FIO/fio/staking/${ME}`);
    locked = false;
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
      provider: 'fio-node#2',
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
    const r = await get(`/api/chains/FIO/fio/staking/${NEW}`);
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

  it('the technology provider id (issue 31 item 4): FIO proxy@secux, TFIO none; CHAIN_<SYM>_TPID replaces it', () => {
    const r = createChainRegistry({
      config: { profile: 'mainnet', dataDir: '/nonexistent' },
      fetch,
      env: {},
      families: [fioFamily],
    });
    expect(r.get('FIO')!.describe('config')).toMatchObject({ chain: 'FIO', tpid: 'proxy@secux' });
    expect(r.get('TFIO')!.describe('config')).toMatchObject({ chain: 'TFIO', tpid: '' });
    expect(facadeOf({ CHAIN_FIO_TPID: 'wallet@example' })!.describe(undefined)).toMatchObject({
      tpid: 'wallet@example',
    });
    expect(facadeOf({ CHAIN_FIO_TPID: 'none' })!.describe(undefined)).toMatchObject({ tpid: '' });
    expect(() => facadeOf({ CHAIN_FIO_TPID: 'not a handle' })).toThrow(/TPID/);
  });

  it('CHAIN_FIO_STAKING_URL=none switches the APR off; a default proxy that is not a handle is refused', () => {
    expect(facadeOf({ CHAIN_FIO_STAKING_URL: 'none' })!.cfg.staking).toEqual([]);
    expect(() => facadeOf({ CHAIN_FIO_DEFAULT_PROXY: 'not a handle' })).toThrow();
  });
});
