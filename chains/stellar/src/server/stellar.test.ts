/**
 * The Stellar family against fake Horizon servers (response shapes recorded in reference/apis/stellar-horizon.md),
 * served by the generic routes: account (404 = inactive, balance 0; trustlines; SEP-29 memo_required), bounds on
 * every value (an answer out of bounds goes to the next server), payments paging with memos, the live base fee and
 * base reserve, fee_stats, broadcast (form-encoded tx → hash; transaction_failed result codes → one clear message),
 * a server on another network skipped.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import {
  Account,
  Asset,
  Keypair,
  Networks,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { stellarFamily } from './index.js';

const me = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
const ME = me.publicKey();
const OTHER = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2)).publicKey();
const EXCHANGE = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 3)).publicKey();
const NEW = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 4)).publicKey();
const LIAR = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 5)).publicKey();
const HASH = '5ebd5c0af4385500b53dd63b0ef5f6e8feef1a7e1c86989be3cdcce825f3c0cc';

const notFound = {
  type: 'https://stellar.org/horizon-errors/not_found',
  title: 'Resource Missing',
  status: 404,
  detail: 'The resource at the url requested was not found.',
};
const account = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  account_id: id,
  sequence: '24739097524306468',
  subentry_count: 1,
  num_sponsoring: 0,
  num_sponsored: 0,
  thresholds: { low_threshold: 0, med_threshold: 0, high_threshold: 0 },
  flags: { auth_required: false, auth_revocable: false, auth_immutable: false, auth_clawback_enabled: false },
  balances: [
    {
      balance: '1.0000005',
      limit: '922337203685.4775807',
      buying_liabilities: '0.0000000',
      selling_liabilities: '0.0000000',
      is_authorized: true,
      asset_type: 'credit_alphanum4',
      asset_code: 'EURT',
      asset_issuer: OTHER,
    },
    {
      balance: '198.8944970',
      buying_liabilities: '0.0000000',
      selling_liabilities: '0.5000000',
      asset_type: 'native',
    },
  ],
  signers: [{ weight: 1, key: id, type: 'ed25519_public_key' }],
  data: {},
  paging_token: '',
  ...over,
});
const paymentRecord = (token: string, over: Record<string, unknown> = {}) => ({
  id: token,
  paging_token: token,
  transaction_successful: true,
  source_account: OTHER,
  type: 'payment',
  type_i: 1,
  created_at: '2026-01-02T03:04:05Z',
  transaction_hash: HASH,
  asset_type: 'native',
  from: OTHER,
  to: ME,
  amount: '12.5000000',
  transaction: {
    hash: HASH,
    successful: true,
    ledger: 7,
    fee_charged: '100',
    source_account: OTHER,
    memo_type: 'id',
    memo: '42',
  },
  ...over,
});

let submitAnswer: { status: number; body: unknown } = {
  status: 200,
  body: { hash: HASH, successful: true, ledger: 8 },
};
const posted: string[] = [];
/** Horizon answers a submit only when the ledger closes: how long the fake takes. */
let submitDelayMs = 0;
const hits: string[] = [];

type Answer = { status: number; body: unknown };
type Route = (url: URL, init?: RequestInit) => Answer | Promise<Answer> | undefined;
const horizon =
  (name: string, passphrase: string, broken: boolean): Route =>
  (url, init) => {
    hits.push(`${name} ${url.pathname}`);
    const p = url.pathname;
    if (p === '/')
      return { status: 200, body: { network_passphrase: passphrase, horizon_version: '2.30.0' } };
    if (p === '/ledgers')
      return {
        status: 200,
        body: {
          _embedded: {
            records: [{ sequence: 52000001, base_fee_in_stroops: 100, base_reserve_in_stroops: 5000000 }],
          },
        },
      };
    if (p === '/fee_stats')
      return { status: 200, body: { last_ledger: '52000001', last_ledger_base_fee: '100' } };
    if (p === '/transactions' && init?.method === 'POST') {
      posted.push(String(init.body));
      if (submitDelayMs) return new Promise((r) => setTimeout(() => r(submitAnswer), submitDelayMs));
      return submitAnswer;
    }
    const m = /^\/accounts\/([A-Z0-9]+)(\/payments)?$/.exec(p);
    if (!m) return { status: 404, body: notFound };
    const id = m[1]!;
    if (m[2]) {
      if (id === LIAR) {
        // One Horizon charges a fee above int64 stroops: a history answer out of bounds.
        const fee = broken ? '9999999999999999999' : '100';
        const rec = paymentRecord('300', { to: LIAR });
        return {
          status: 200,
          body: {
            _links: {},
            _embedded: { records: [{ ...rec, transaction: { ...rec.transaction, fee_charged: fee } }] },
          },
        };
      }
      if (id !== ME) return { status: 404, body: notFound };
      const cursor = url.searchParams.get('cursor');
      const limit = Number(url.searchParams.get('limit'));
      const records = cursor
        ? [
            paymentRecord('100', {
              type: 'create_account',
              funder: OTHER,
              account: ME,
              starting_balance: '2.0000000',
            }),
          ]
        : Array.from({ length: limit }, (_, i) => paymentRecord(String(200 - i)));
      return { status: 200, body: { _links: {}, _embedded: { records } } };
    }
    if (id === ME) return { status: 200, body: account(ME) };
    if (id === EXCHANGE)
      return {
        status: 200,
        body: account(EXCHANGE, { data: { 'config.memo_required': Buffer.from('1').toString('base64') } }),
      };
    if (id === LIAR)
      return broken
        ? { status: 200, body: account(LIAR, { subentry_count: 1001 }) }
        : { status: 200, body: account(LIAR, { subentry_count: 2 }) };
    return { status: 404, body: notFound };
  };

const servers: Record<string, Route> = {
  'h1.test': horizon('h1', Networks.PUBLIC, true),
  'h2.test': horizon('h2', Networks.PUBLIC, false),
  'testnet.test': horizon('tn', Networks.TESTNET, false),
};
const fakeFetch = (async (input: string | URL, init?: RequestInit) => {
  const url = new URL(String(input));
  const a = await servers[url.host]?.(url, init);
  if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
  if (!a) throw new TypeError('fetch failed');
  return new Response(JSON.stringify(a.body), {
    status: a.status,
    headers: { 'content-type': a.status >= 400 ? 'application/problem+json' : 'application/hal+json' },
  });
}) as typeof fetch;

const appWith = async (horizons: string, env: Record<string, string> = {}) => {
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch: fakeFetch,
    env: { CHAIN_XLM_HORIZON: horizons, ...env },
    families: [stellarFamily],
  });
  const app = Fastify({ logger: false });
  await app.register(
    async (api) => registerChainRoutes(api, { config: {} as never, fetch: fakeFetch }, { registry }),
    {
      prefix: '/api',
    },
  );
  await app.ready();
  return app;
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await appWith('http://h1.test,http://h2.test');
});
afterAll(() => app?.close());

const call = async (method: 'GET' | 'POST', url: string, payload?: object, on = app) => {
  const r = await on.inject({ method, url, ...(payload ? { payload } : {}) });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};

const signedEnvelope = () => {
  const tx = new TransactionBuilder(new Account(ME, '24739097524306468'), {
    fee: '100',
    networkPassphrase: Networks.PUBLIC,
  })
    .addOperation(Operation.payment({ destination: OTHER, asset: Asset.native(), amount: '1' }))
    .setTimeout(TimeoutInfinite)
    .build();
  tx.sign(me);
  return tx.toXDR();
};

describe('Stellar family behind the product API', () => {
  it('reads an account: native balance in stroops, sequence, subentries, liabilities, trustlines', async () => {
    const r = await call('GET', `/api/chains/XLM/account/${ME}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      balance: '1988944970',
      activated: true,
      sequence: '24739097524306468',
      subentries: 1,
      sellingLiabilities: '5000000',
      memoRequired: false,
      assets: [{ kind: 'credit_alphanum4', code: 'EURT', issuer: OTHER, balance: '10000005' }],
      txCount: 1,
    });
  });

  it('answers 404 as an inactive account with balance 0 (not an error)', async () => {
    const r = await call('GET', `/api/chains/XLM/account/${NEW}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ balance: '0', activated: false, sequence: null, txCount: 0, assets: [] });
  });

  it('reads SEP-29 config.memo_required', async () => {
    const r = await call('GET', `/api/chains/XLM/account/${EXCHANGE}`);
    expect(r.body).toMatchObject({ memoRequired: true });
  });

  it('treats an answer out of bounds as malformed and serves the next Horizon', async () => {
    const r = await call('GET', `/api/chains/XLM/account/${LIAR}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ subentries: 2, provider: 'horizon#2' });
  });

  it('treats a history page out of bounds as malformed and serves the next Horizon', async () => {
    const r = await call('GET', `/api/chains/XLM/history/${LIAR}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      provider: 'horizon#2',
      operations: [expect.objectContaining({ fee: '100' })],
    });
  });

  it('refuses a malformed address with 400 before asking Horizon', async () => {
    const r = await call('GET', `/api/chains/XLM/account/GABC`);
    expect(r.status).toBe(400);
  });

  it('pages the payments newest first with fee, ledger and memo, and ends after a short page', async () => {
    const first = await call('GET', `/api/chains/XLM/history/${ME}?pageSize=3`);
    expect(first.status).toBe(200);
    const ops = first.body.operations as Record<string, unknown>[];
    expect(ops).toHaveLength(3);
    expect(ops[0]).toMatchObject({
      hash: HASH,
      direction: 'in',
      value: '125000000',
      fee: '100',
      memo: '42',
      blockHeight: 7,
    });
    expect(typeof first.body.cursor).toBe('string');
    const second = await call(
      'GET',
      `/api/chains/XLM/history/${ME}?pageSize=3&cursor=${String(first.body.cursor)}`,
    );
    expect(second.body.operations).toEqual([
      expect.objectContaining({ action: 'createAccount', value: '20000000' }),
    ]);
    expect(second.body.cursor).toBeNull();
    const bad = await call('GET', `/api/chains/XLM/history/${OTHER}?cursor=${String(first.body.cursor)}`);
    expect(bad.status).toBe(400);
  });

  it('reads the base fee and base reserve live from the latest ledger, with the network passphrase', async () => {
    const r = await call('GET', '/api/chains/XLM/network');
    expect(r.body).toMatchObject({
      networkPassphrase: Networks.PUBLIC,
      ledger: 52000001,
      baseFee: '100',
      baseReserve: '5000000',
    });
    const f = await call('GET', '/api/chains/XLM/fees');
    expect(f.body).toMatchObject({ unit: 'stroops', tiers: { high: '100', medium: '100', low: '100' } });
  });

  it('skips a Horizon of another network (wrong passphrase)', async () => {
    const mixed = await appWith('http://testnet.test,http://h2.test');
    const r = await call('GET', '/api/chains/XLM/network', undefined, mixed);
    expect(r.body).toMatchObject({ provider: 'horizon#2' });
    await mixed.close();
  });

  it('broadcasts the envelope form-encoded and answers the hash', async () => {
    submitAnswer = { status: 200, body: { hash: HASH.toUpperCase(), successful: true, ledger: 8 } };
    const env = signedEnvelope();
    const r = await call('POST', '/api/chains/XLM/broadcast', { rawTx: env });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ hash: HASH });
    expect(new URLSearchParams(posted.at(-1)).get('tx')).toBe(env);
  });

  it("waits for a submit that Horizon answers after the ledger closes, past the reads' connect timeout", async () => {
    const slow = await appWith('http://h1.test,http://h2.test', { CHAIN_CONNECT_TIMEOUT_MS: '100' });
    submitAnswer = { status: 200, body: { hash: HASH, successful: true, ledger: 9 } };
    submitDelayMs = 400;
    posted.length = 0;
    try {
      const r = await call('POST', '/api/chains/XLM/broadcast', { rawTx: signedEnvelope() }, slow);
      expect(r).toMatchObject({ status: 200, body: { hash: HASH } });
      // sent once, to the first Horizon: never cut off and sent again elsewhere
      expect(posted).toHaveLength(1);
    } finally {
      submitDelayMs = 0;
      await slow.close();
    }
  });

  it("answers Horizon's transaction_failed with one clear message and its result codes", async () => {
    submitAnswer = {
      status: 400,
      body: {
        type: 'https://stellar.org/horizon-errors/transaction_failed',
        title: 'Transaction Failed',
        status: 400,
        detail: 'The transaction failed when submitted to the stellar network.',
        extras: {
          envelope_xdr: 'AAAA',
          result_xdr: 'AAAAAAAAAGT////3AAAAAA==',
          result_codes: { transaction: 'tx_failed', operations: ['op_underfunded'] },
        },
      },
    };
    const r = await call('POST', '/api/chains/XLM/broadcast', { rawTx: signedEnvelope() });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'rejected', resultCode: 'op_underfunded' });
    expect(String(r.body.error)).toContain('does not hold enough XLM');
    submitAnswer = {
      status: 400,
      body: {
        type: 'https://stellar.org/horizon-errors/transaction_failed',
        title: 'Transaction Failed',
        status: 400,
        extras: { result_codes: { transaction: 'tx_bad_seq' } },
      },
    };
    const seq = await call('POST', '/api/chains/XLM/broadcast', { rawTx: signedEnvelope() });
    expect(seq.body).toMatchObject({ resultCode: 'tx_bad_seq' });
    expect(String(seq.body.error)).toContain('sequence number');
  });

  it('reports a transaction record with successful:false as a refusal, never as sent', async () => {
    submitAnswer = { status: 200, body: { hash: HASH, successful: false, ledger: 8 } };
    const r = await call('POST', '/api/chains/XLM/broadcast', { rawTx: signedEnvelope() });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: 'rejected', resultCode: 'tx_failed' });
    expect(r.body.hash).toBeUndefined();
  });

  it("answers Horizon's 504 submission timeout as the envelope's hash (pending), a proxy's 504 or another hash never", async () => {
    const env = signedEnvelope();
    const own = Buffer.from(TransactionBuilder.fromXDR(env, Networks.PUBLIC).hash()).toString('hex');
    const timeout = (hash: string) => ({
      status: 504,
      body: {
        type: 'https://stellar.org/horizon-errors/transaction_submission_timeout',
        title: 'Transaction Submission Timeout',
        status: 504,
        extras: { hash, envelope_xdr: env },
      },
    });
    submitAnswer = timeout(own);
    posted.length = 0;
    const r = await call('POST', '/api/chains/XLM/broadcast', { rawTx: env });
    expect(r).toMatchObject({ status: 200, body: { hash: own, state: 'pending', provider: 'horizon#1' } });
    // Core has it: not resent to the next Horizon (it would wait another 30 s).
    expect(posted).toHaveLength(1);
    // A 504 with the hash of another transaction is a lie; a proxy's 504 page is a server failure: neither is sent.
    for (const answer of [timeout(HASH), { status: 504, body: '<html>Gateway Timeout</html>' }]) {
      submitAnswer = answer;
      const bad = await call('POST', '/api/chains/XLM/broadcast', { rawTx: env });
      expect(bad.status).toBe(502);
    }
  });

  it('refuses an envelope that is not a Stellar transaction before sending it', async () => {
    const before = posted.length;
    const r = await call('POST', '/api/chains/XLM/broadcast', { rawTx: 'AAAA' });
    expect(r.status).toBe(400);
    expect(posted.length).toBe(before);
  });
});
