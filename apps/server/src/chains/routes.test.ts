/**
 * The generic routes serve a family they know nothing about: a made-up "memo" family (its own address syntax, raw
 * transactions in base64, its own RPC allow-list and an extra endpoint) is plugged in through the family list only.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';
import type { ChainFacade, ChainSource, Family } from '@secux-companion/server-kit/facade';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import { IdParams, noStore } from '@secux-companion/server-kit/params';
import { checkChainEnv, createChainRegistry, registerChainRoutes } from './registry.js';

const ADDRESS = 'm12345678';
const memoAddress = z.string().regex(/^m\d{8}$/, { message: 'must be a memo address' });

class MemoFacade implements ChainFacade {
  readonly rpcMethods: ReadonlySet<string> = new Set(['memo_height']);
  readonly rawTx = z
    .string()
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { message: 'must be base64' })
    .transform((b) => Buffer.from(b, 'base64').toString('utf8'));
  readonly sent: string[] = [];
  constructor(
    readonly chain: string,
    private readonly node: string,
    readonly family = 'memo',
  ) {}
  describe(source: ChainSource | undefined) {
    return { chain: this.chain, family: this.family, ledger: 7, source };
  }
  async account(id: string, query: unknown) {
    const address = parseInput(memoAddress, id, 'address');
    const q = parseInput(z.object({ reserve: z.enum(['true', 'false']).optional() }), query, 'query');
    if (address === 'm00000000')
      throw new ChainApiError(404, 'not_found', 'account not found', {
        chain: this.chain,
        provider: this.node,
      });
    return {
      chain: this.chain,
      address,
      balance: '1000000',
      unconfirmedBalance: '0',
      txCount: 2,
      ...(q.reserve === 'true' ? { reserve: '10' } : {}),
      provider: this.node,
    };
  }
  async history(id: string, query: unknown) {
    const address = parseInput(memoAddress, id, 'address');
    const q = parseInput(z.object({ cursor: z.string().optional() }), query, 'query');
    return {
      operations: [
        {
          hash: 'AB'.repeat(32),
          time: 1_700_000_000_000,
          blockHeight: 5,
          direction: 'in' as const,
          value: '25',
          fee: '1',
          senders: [{ address: 'm87654321', value: '25', isOwn: false }],
          recipients: [{ address, value: '25', isOwn: true }],
          isOwnTransaction: false,
          rbf: false,
        },
      ],
      cursor: q.cursor ? null : 'next',
      provider: this.node,
    };
  }
  async fees() {
    return {
      chain: this.chain,
      unit: 'wei' as const,
      tiers: { high: '12', medium: '11', low: '10' },
      source: 'network' as const,
      provider: this.node,
    };
  }
  async broadcast(rawTx: string) {
    this.sent.push(rawTx);
    if (rawTx === 'bad') throw new ChainApiError(422, 'rejected', 'tefPAST_SEQ', { chain: this.chain });
    return { hash: `hash-of-${rawTx}`, provider: this.node };
  }
  async txStatus(id: string) {
    const hash = parseInput(
      z.string().regex(/^hash-of-[a-z-]+$/, { message: 'must be a memo hash' }),
      id,
      'hash',
    );
    return {
      hash,
      state: 'pending' as const,
      final: false,
      confirmations: null,
      blockHeight: null,
      provider: this.node,
    };
  }
  async rpc(method: string, params: unknown[]) {
    return { method, params };
  }
}

const memo = new MemoFacade('MEMO', 'memo-node#1');
const memoFamily: Family<MemoFacade, 'memo'> = {
  id: 'memo',
  env: {
    global: z.object({}),
    perChain: z.object({ URL: z.string().url({ message: 'must be a URL' }).optional() }),
    symbols: ['MEMO'],
  },
  chains: () => [
    { facade: memo, summary: { chain: 'MEMO', ledger: 7, providers: ['memo-node#1'], source: 'config' } },
  ],
  routes: [
    {
      method: 'GET',
      path: '/memo/:id',
      async handler(f, req, reply) {
        const { id } = parseInput(IdParams, req.params, 'path');
        if (!id.startsWith('m')) throw new HttpError(400, 'not a memo address');
        noStore(reply);
        return { chain: f.chain, address: id, memo: 'hello' };
      },
    },
  ],
  owns: (f): f is MemoFacade => f instanceof MemoFacade && f.family === 'memo',
  notMine: (chain) => `not a memo chain: ${chain}`,
};

/** A second family without extra routes (same facade code, another family): the memo route answers 400. */
const otherFamily: Family<MemoFacade, 'other'> = {
  id: 'other',
  env: { global: z.object({}), perChain: z.object({}), symbols: [] },
  chains: () => [],
  resolver: () => (chain) =>
    /^OTHER-\d+$/.test(chain)
      ? {
          facade: new MemoFacade(chain, 'other#1', 'other'),
          summary: { chain, providers: [], source: 'registry' },
        }
      : undefined,
  routes: [],
  owns: (f): f is MemoFacade => f instanceof MemoFacade && f.family === 'other',
  notMine: (chain) => `not another chain: ${chain}`,
};

let app: FastifyInstance;
beforeAll(async () => {
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch: (async () => {
      throw new Error('no network here');
    }) as typeof fetch,
    env: {},
    families: [memoFamily, otherFamily],
  });
  app = Fastify({ logger: false });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.ready();
});
afterAll(() => app.close());

const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
  const r = await app.inject({ method, url, ...(payload ? { payload } : {}) });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};

describe('generic chain routes over a family they do not know', () => {
  it('lists and describes the family’s chain with the family’s own facts', async () => {
    expect((await call('GET', '/api/chains')).body).toEqual({
      chains: [{ chain: 'MEMO', family: 'memo', ledger: 7, providers: ['memo-node#1'], source: 'config' }],
      unserved: [],
    });
    expect((await call('GET', '/api/chains/memo')).body).toEqual({
      chain: 'MEMO',
      family: 'memo',
      ledger: 7,
      source: 'config',
    });
    expect(await call('GET', '/api/chains/NOPE/account/m12345678')).toMatchObject({
      status: 404,
      body: { code: 'unknown_chain', chain: 'NOPE' },
    });
  });

  it('account and history: the family parses its own ids and query', async () => {
    expect(await call('GET', `/api/chains/MEMO/account/${ADDRESS}?reserve=true`)).toEqual({
      status: 200,
      body: {
        chain: 'MEMO',
        address: ADDRESS,
        balance: '1000000',
        unconfirmedBalance: '0',
        txCount: 2,
        reserve: '10',
        provider: 'memo-node#1',
      },
    });
    expect(await call('GET', '/api/chains/MEMO/account/0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toEqual({
      status: 400,
      body: { error: 'invalid address: must be a memo address', code: 'bad_request', statusCode: 400 },
    });
    expect(await call('GET', '/api/chains/MEMO/account/m00000000')).toEqual({
      status: 404,
      body: {
        error: 'account not found',
        code: 'not_found',
        statusCode: 404,
        chain: 'MEMO',
        provider: 'memo-node#1',
      },
    });
    const h = await call('GET', `/api/chains/MEMO/history/${ADDRESS}`);
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ cursor: 'next', provider: 'memo-node#1' });
    expect((h.body.operations as { recipients: { address: string }[] }[])[0]!.recipients[0]!.address).toBe(
      ADDRESS,
    );
    expect((await call('GET', `/api/chains/MEMO/history/${ADDRESS}?cursor=next`)).body).toMatchObject({
      cursor: null,
    });
    expect((await call('GET', '/api/chains/MEMO/history/bad')).status).toBe(400);
  });

  it('fees in the family’s unit', async () => {
    expect((await call('GET', '/api/chains/MEMO/fees')).body).toMatchObject({
      chain: 'MEMO',
      tiers: { high: '12', medium: '11', low: '10' },
      provider: 'memo-node#1',
    });
  });

  it('broadcast takes the raw transaction as the family writes it (base64 here, not hex)', async () => {
    const raw = Buffer.from('signed-tx').toString('base64');
    expect(await call('POST', '/api/chains/MEMO/broadcast', { rawTx: raw })).toEqual({
      status: 200,
      // Accepted is not final: the answer says pending, and /tx-status follows it.
      body: { hash: 'hash-of-signed-tx', state: 'pending', provider: 'memo-node#1' },
    });
    expect(memo.sent).toEqual(['signed-tx']);
    expect(await call('POST', '/api/chains/MEMO/broadcast', { rawTx: '**' })).toEqual({
      status: 400,
      body: { error: 'invalid body: rawTx: must be base64', code: 'bad_request', statusCode: 400 },
    });
    expect(
      await call('POST', '/api/chains/MEMO/broadcast', { rawTx: Buffer.from('bad').toString('base64') }),
    ).toMatchObject({ status: 422, body: { code: 'rejected', error: 'tefPAST_SEQ' } });
  });

  it('tx-status: the family checks the hash (400) and answers the chain’s state', async () => {
    expect(await call('GET', '/api/chains/MEMO/tx-status/hash-of-signed-tx')).toEqual({
      status: 200,
      body: {
        hash: 'hash-of-signed-tx',
        state: 'pending',
        final: false,
        confirmations: null,
        blockHeight: null,
        provider: 'memo-node#1',
      },
    });
    expect(await call('GET', '/api/chains/MEMO/tx-status/0xnot')).toEqual({
      status: 400,
      body: { error: 'invalid hash: must be a memo hash', code: 'bad_request', statusCode: 400 },
    });
    expect((await call('GET', '/api/chains/NOPE/tx-status/hash-of-x')).status).toBe(404);
  });

  it('rpc forwards the family’s allow-listed methods only', async () => {
    expect(await call('POST', '/api/chains/MEMO/rpc', { id: 3, method: 'memo_height', params: [1] })).toEqual(
      {
        status: 200,
        body: { jsonrpc: '2.0', id: 3, result: { method: 'memo_height', params: [1] } },
      },
    );
    expect(await call('POST', '/api/chains/MEMO/rpc', { id: 4, method: 'eth_chainId' })).toEqual({
      status: 400,
      body: {
        error: 'method not allowed: eth_chainId',
        code: 'bad_request',
        statusCode: 400,
        allowed: ['memo_height'],
      },
    });
  });

  it('the family’s extra route runs for its chains; another family’s chain gets a 400', async () => {
    expect(await call('GET', `/api/chains/MEMO/memo/${ADDRESS}`)).toEqual({
      status: 200,
      body: { chain: 'MEMO', address: ADDRESS, memo: 'hello' },
    });
    expect((await call('GET', '/api/chains/MEMO/memo/x1')).status).toBe(400);
    // OTHER-1 is served on demand by the second family, which has no memo route.
    expect((await call('GET', '/api/chains/other-1/fees')).status).toBe(200);
    expect(await call('GET', `/api/chains/OTHER-1/memo/${ADDRESS}`)).toEqual({
      status: 400,
      body: { error: 'not a memo chain: OTHER-1', code: 'bad_request', statusCode: 400 },
    });
  });

  it('the family’s variables are validated with the others', () => {
    expect(checkChainEnv({ CHAIN_MEMO_URL: 'not a url' }, [memoFamily, otherFamily])).toEqual([
      'CHAIN_MEMO_URL: must be a URL',
    ]);
  });
});
