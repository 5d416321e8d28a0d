/**
 * `GET /chains/:chain/tx-status/:hash` for every family against fake upstreams on loopback that answer as the real
 * providers do (reference/apis): each family maps its chain's own finality signal to pending / confirmed / failed /
 * unknown, a malformed hash is a 400, a provider that does not know the hash hands over to the next one, and an
 * impossible height is that provider's malformed answer. BNB (retired) answers 410.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base58 } from '@scure/base';
import { parseTxStatus } from '@secux-companion/chain-common/wire';
import { registerChainRoutes } from './registry.js';
import { SOLANA_MAINNET_GENESIS_HASH } from '@secux-companion/localnet';
import {
  RpcFail,
  rpcHandler,
  startServer,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';

const hex = (c: string) => c.repeat(64);
const PENDING = hex('a');
const CONFIRMED = hex('b');
const FAILED = hex('c');
const UNKNOWN = hex('d');
/** Known only by the second provider of the chain. */
const SECOND = hex('e');

const servers: TestServer[] = [];
const serve = async (h: Parameters<typeof startServer>[0]) => {
  const s = await startServer(h);
  servers.push(s);
  return s.url;
};

// --- XRP: rippled `tx` (api_version 2) and server_state's validated ledger (1000).
const rippled = (knows: (hash: string) => boolean) => (method: string, p: Record<string, unknown>) => {
  const hash = String(p.transaction ?? '');
  if (method === 'server_state')
    return { state: { validated_ledger: { seq: 1000, reserve_base: 1_000_000, reserve_inc: 200_000 } } };
  if (method !== 'tx') return { error: 'unknownCmd' };
  if (!knows(hash)) return { error: 'txnNotFound', error_message: 'Transaction not found.' };
  if (hash === PENDING.toUpperCase())
    return { hash, tx_json: { LastLedgerSequence: 1010 }, validated: false };
  if (hash === FAILED.toUpperCase())
    return {
      hash,
      ledger_index: 990,
      meta: { TransactionResult: 'tecUNFUNDED_PAYMENT' },
      tx_json: {},
      validated: true,
    };
  // A transaction whose LastLedgerSequence passed without a validated ledger holding it: it never will.
  if (hash === hex('f').toUpperCase())
    return { hash, tx_json: { LastLedgerSequence: 995 }, validated: false };
  return { hash, ledger_index: 998, meta: { TransactionResult: 'tesSUCCESS' }, tx_json: {}, validated: true };
};
const xrpServer = (answer: ReturnType<typeof rippled>) =>
  serve((r) => {
    const { method, params } = r.json as { method: string; params: Record<string, unknown>[] };
    const result = answer(method, params[0] ?? {});
    return {
      body: { result: 'error' in result ? { ...result, status: 'error' } : { ...result, status: 'success' } },
    };
  });

// --- Stellar: Horizon's transaction record (200 = in a closed ledger), latest ledger 5000.
const PUBLIC = 'Public Global Stellar Network ; September 2015';
const horizon = (knows: (hash: string) => boolean) =>
  serve((r) => {
    if (r.path === '/') return { body: { network_passphrase: PUBLIC } };
    if (r.path === '/ledgers')
      return {
        body: {
          _embedded: {
            records: [{ sequence: 5000, base_fee_in_stroops: 100, base_reserve_in_stroops: 5_000_000 }],
          },
        },
      };
    const m = /^\/transactions\/([0-9a-f]{64})$/.exec(r.path);
    if (!m || !knows(m[1]!) || m[1] === PENDING)
      return { status: 404, body: { type: 'https://stellar.org/horizon-errors/not_found', status: 404 } };
    return { body: { hash: m[1], successful: m[1] !== FAILED, ledger: 4990 } };
  });

// --- TRON: the solidity node's info (final) and the full node's (in a block); head block 2000.
const tronServer = (knows: (hash: string) => boolean) =>
  serve((r) => {
    const id = String((r.json as { value?: unknown } | undefined)?.value ?? '');
    if (r.path === '/wallet/getnowblock')
      return {
        body: {
          blockID: `${(2000).toString(16).padStart(16, '0')}${'0'.repeat(48)}`,
          block_header: { raw_data: { number: 2000, timestamp: 1_700_000_000_000 } },
        },
      };
    if (r.path === '/walletsolidity/gettransactioninfobyid') {
      if (!knows(id) || id === PENDING) return { body: {} };
      if (id === FAILED)
        return {
          body: {
            id,
            blockNumber: 1980,
            result: 'FAILED',
            receipt: { result: 'OUT_OF_ENERGY', energy_fee: 1 },
          },
        };
      return { body: { id, blockNumber: 1980, receipt: { net_usage: 268 } } };
    }
    if (r.path === '/wallet/gettransactioninfobyid')
      return { body: knows(id) ? { id, blockNumber: id === PENDING ? 1999 : 1980 } : {} };
    return { status: 404, body: { Error: 'this API is unavailable due to config' } };
  });

// --- Solana: getSignatureStatuses (finalized = final).
const sig = (b: number) => base58.encode(new Uint8Array(64).fill(b));
const SIG = { pending: sig(5), confirmed: sig(4), failed: sig(3), unknown: sig(2) };
const solanaServer = () =>
  serve(
    rpcHandler({
      getGenesisHash: () => SOLANA_MAINNET_GENESIS_HASH,
      getSignatureStatuses: ([sigs]) => ({
        context: { slot: 300 },
        value: (sigs as string[]).map((s) =>
          s === SIG.pending
            ? { slot: 299, confirmations: 1, err: null, confirmationStatus: 'confirmed' }
            : s === SIG.confirmed
              ? { slot: 250, confirmations: null, err: null, confirmationStatus: 'finalized' }
              : s === SIG.failed
                ? {
                    slot: 250,
                    confirmations: null,
                    err: { InstructionError: [0, { Custom: 1 }] },
                    confirmationStatus: 'finalized',
                  }
                : null,
        ),
      }),
    }),
  );

// --- FIO: history get_transaction and get_info's last irreversible block (head 600, LIB 500).
const fioServer = (knows: (hash: string) => boolean) =>
  serve((r) => {
    if (r.path === '/v1/chain/get_info')
      return { body: { chain_id: hex('1'), head_block_num: 600, last_irreversible_block_num: 500 } };
    if (r.path === '/v1/history/get_transaction') {
      const id = String((r.json as { id?: unknown }).id);
      if (!knows(id))
        return {
          status: 500,
          body: {
            code: 500,
            message: 'Internal Service Error',
            error: {
              code: 3040011,
              name: 'tx_not_found',
              what: 'The transaction can not be found',
              details: [],
            },
          },
        };
      return { body: { id, block_num: id === PENDING ? 590 : 450, block_time: '2026-11-27T08:00:00.000' } };
    }
    return { status: 404, body: { code: 404, message: 'Not Found' } };
  });

// --- Bitcoin (Blockbook): confirmations 0 = mempool, ≥ 1 = in a block.
const blockbookServer = (knows: (hash: string) => boolean) =>
  serve((r) => {
    if (r.path === '/api/')
      return {
        body: {
          blockbook: { coin: 'Bitcoin', inSync: true, bestHeight: 850000 },
          backend: { chain: 'main', blocks: 850000 },
        },
      };
    const m = /^\/api\/v2\/tx\/([0-9a-f]{64})$/.exec(r.path);
    if (!m || !knows(m[1]!)) return { status: 400, body: { error: `Transaction '${m?.[1]}' not found` } };
    const pending = m[1] === PENDING;
    return {
      body: {
        txid: m[1],
        vin: [
          {
            txid: hex('9'),
            vout: 0,
            n: 0,
            addresses: ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
            isAddress: true,
            value: '20000',
          },
        ],
        vout: [{ value: '10000', n: 0, addresses: ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT'], isAddress: true }],
        blockHeight: pending ? -1 : 849_998,
        confirmations: pending ? 0 : 3,
        value: '10000',
        valueIn: '20000',
        fees: '10000',
      },
    };
  });

// --- EVM: receipt, latest block 0x64 (100), finalized block 0x5a (90).
const evmServer = (knows: (hash: string) => boolean) =>
  serve(
    rpcHandler({
      eth_chainId: () => '0x1',
      eth_blockNumber: () => '0x64',
      eth_getBlockByNumber: ([tag]) =>
        tag === 'finalized'
          ? { number: '0x5a', hash: `0x${hex('5')}` }
          : { number: '0x64', hash: `0x${hex('6')}` },
      eth_getTransactionReceipt: ([h]) => {
        const x = String(h).slice(2);
        if (!knows(x) || x === PENDING) return null;
        if (x === hex('f')) return { blockNumber: '0x63', status: '0x1' }; // mined, not finalized yet
        return { blockNumber: '0x50', status: x === FAILED ? '0x0' : '0x1' };
      },
      eth_getTransactionByHash: ([h]) => (knows(String(h).slice(2)) ? { hash: h } : null),
    }),
  );

let app: FastifyInstance;
let tmp = '';
beforeAll(async () => {
  const first = (h: string) => h.toLowerCase() !== SECOND && h.toLowerCase() !== UNKNOWN;
  const second = (h: string) => h.toLowerCase() !== UNKNOWN;
  const env = {
    CHAIN_XRP_RIPPLED: `${await xrpServer(rippled(first))},${await xrpServer(rippled(second))}`,
    CHAIN_XLM_HORIZON: `${await horizon(first)},${await horizon(second)}`,
    CHAIN_TRX_NODES: `${await tronServer(first)},${await tronServer(second)}`,
    CHAIN_TRX_INDEXERS: await tronServer(first),
    CHAIN_SOL_RPC: await solanaServer(),
    CHAIN_FIO_NODES: `${await fioServer(first)},${await fioServer(second)}`,
    CHAIN_BTC_BLOCKBOOK: `${await blockbookServer(first)},${await blockbookServer(second)}`,
    CHAIN_BTC_MEMPOOL: 'none',
    CHAIN_ETH_RPC: `${await evmServer(first)},${await evmServer(second)}`,
  };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-tx-status-'));
  app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
        { env: { CHAIN_PROVIDER_TIMEOUT_MS: '2000', CHAIN_HEALTH_TIMEOUT_MS: '1000', ...env } },
      ),
    { prefix: '/api' },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await Promise.all(servers.map((s) => s.close()));
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const status = async (chain: string, hash: string) => {
  const r = await app.inject({ method: 'GET', url: `/api/chains/${chain}/tx-status/${hash}` });
  return { code: r.statusCode, body: r.json() as Record<string, unknown> };
};
/** The answer of a known state, checked with the wire parser the web app uses. */
const state = async (chain: string, hash: string) => {
  const r = await status(chain, hash);
  expect(r.code).toBe(200);
  return parseTxStatus(r.body);
};

describe('tx-status: each family reads its chain’s own finality signal', () => {
  it('XRP: validated tesSUCCESS confirmed, a validated tec failed, not validated pending, txnNotFound unknown', async () => {
    expect(await state('XRP', PENDING)).toMatchObject({ state: 'pending', final: false, blockHeight: null });
    expect(await state('XRP', CONFIRMED)).toMatchObject({
      hash: CONFIRMED.toUpperCase(),
      state: 'confirmed',
      final: true,
      blockHeight: 998,
      confirmations: 3,
    });
    expect(await state('XRP', FAILED)).toMatchObject({
      state: 'failed',
      final: true,
      reason: 'tecUNFUNDED_PAYMENT',
    });
    // LastLedgerSequence 995 < validated 1000 and no validated ledger holds it: it can never be.
    expect(await state('XRP', hex('f'))).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^tefMAX_LEDGER/),
    });
    expect(await state('XRP', UNKNOWN)).toMatchObject({
      state: 'unknown',
      final: false,
      confirmations: null,
    });
    // Only the second server knows it: the first one's txnNotFound hands over.
    expect(await state('XRP', SECOND)).toMatchObject({ state: 'confirmed', provider: 'rippled#2' });
  });

  it('XLM: a record in a closed ledger is final (successful or not); a 404 is unknown', async () => {
    expect(await state('XLM', CONFIRMED)).toMatchObject({
      state: 'confirmed',
      blockHeight: 4990,
      confirmations: 11,
    });
    expect(await state('XLM', FAILED)).toMatchObject({ state: 'failed', final: true, reason: 'tx_failed' });
    expect(await state('XLM', PENDING)).toMatchObject({ state: 'unknown' });
    expect(await state('XLM', SECOND)).toMatchObject({ state: 'confirmed', provider: 'horizon#2' });
  });

  it('TRX: solidified = final (FAILED with its receipt code), in a block only = pending, neither = unknown', async () => {
    expect(await state('TRX', PENDING)).toMatchObject({
      state: 'pending',
      blockHeight: 1999,
      confirmations: 2,
    });
    expect(await state('TRX', CONFIRMED)).toMatchObject({
      state: 'confirmed',
      blockHeight: 1980,
      confirmations: 21,
    });
    expect(await state('TRX', FAILED)).toMatchObject({ state: 'failed', reason: 'OUT_OF_ENERGY' });
    expect(await state('TRX', UNKNOWN)).toMatchObject({ state: 'unknown' });
    expect(await state('TRX', SECOND)).toMatchObject({ state: 'confirmed', provider: 'tron-node#2' });
  });

  it('SOL: finalized = final (err = failed), confirmed only = pending, null = unknown', async () => {
    expect(await state('SOL', SIG.pending)).toMatchObject({
      state: 'pending',
      blockHeight: 299,
      confirmations: 2,
    });
    expect(await state('SOL', SIG.confirmed)).toMatchObject({
      state: 'confirmed',
      final: true,
      blockHeight: 250,
    });
    expect(await state('SOL', SIG.failed)).toMatchObject({
      state: 'failed',
      reason: '{"InstructionError":[0,{"Custom":1}]}',
    });
    expect(await state('SOL', SIG.unknown)).toMatchObject({ state: 'unknown' });
  });

  it('FIO: at or below the last irreversible block = confirmed, above = pending, tx_not_found = unknown', async () => {
    expect(await state('FIO', PENDING)).toMatchObject({
      state: 'pending',
      blockHeight: 590,
      confirmations: 11,
    });
    expect(await state('FIO', CONFIRMED)).toMatchObject({ state: 'confirmed', blockHeight: 450 });
    expect(await state('FIO', UNKNOWN)).toMatchObject({ state: 'unknown' });
    expect(await state('FIO', SECOND)).toMatchObject({ state: 'confirmed', provider: 'fio-history#2' });
  });

  it('BTC: in the mempool pending, in a block confirmed with its confirmations, not found unknown', async () => {
    expect(await state('BTC', PENDING)).toMatchObject({
      state: 'pending',
      confirmations: 0,
      blockHeight: null,
    });
    expect(await state('BTC', CONFIRMED)).toMatchObject({
      state: 'confirmed',
      confirmations: 3,
      blockHeight: 849_998,
    });
    expect(await state('BTC', UNKNOWN)).toMatchObject({ state: 'unknown' });
    expect(await state('BTC', SECOND)).toMatchObject({ state: 'confirmed', provider: 'blockbook#2' });
  });

  it('ETH: a receipt at or below the finalized block is final (status 0 failed); above it, or in the pool, pending', async () => {
    const h = (x: string) => `0x${x}`;
    expect(await state('ETH', h(CONFIRMED))).toMatchObject({
      state: 'confirmed',
      blockHeight: 80,
      confirmations: 21,
    });
    expect(await state('ETH', h(FAILED))).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/reverted/),
    });
    expect(await state('ETH', h(hex('f')))).toMatchObject({
      state: 'pending',
      blockHeight: 99,
      confirmations: 2,
    });
    expect(await state('ETH', h(PENDING))).toMatchObject({ state: 'pending', blockHeight: null });
    expect(await state('ETH', h(UNKNOWN))).toMatchObject({ state: 'unknown' });
  });

  it('a malformed hash is the client’s error (400) for every family; BNB was retired (410)', async () => {
    for (const [chain, bad] of [
      ['XRP', 'xyz'],
      ['XLM', hex('a').slice(1)],
      ['TRX', `0x${hex('a')}`],
      ['SOL', '0OIl'.repeat(20)],
      ['FIO', hex('g')],
      ['BTC', hex('a') + 'aa'],
      ['ETH', hex('a')],
    ] as const)
      expect(await status(chain, bad), chain).toMatchObject({ code: 400, body: { code: 'bad_request' } });
    expect(await status('BNB', hex('a'))).toMatchObject({ code: 410, body: { code: 'readOnlyChain' } });
  });
});

describe('tx-status: a TRON full node without the solidity API', () => {
  let other: FastifyInstance;
  afterAll(() => other?.close());
  it('hands over to a node that has it (java-tron serves /walletsolidity on its own port)', async () => {
    const fullOnly = await serve((r) =>
      r.path.startsWith('/walletsolidity/')
        ? { status: 404, body: { Error: 'this API is unavailable due to config' } }
        : { status: 200, body: {} },
    );
    const full = await tronServer(() => true);
    other = Fastify({ logger: false });
    await other.register(
      async (api) =>
        registerChainRoutes(
          api,
          { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
          { env: { CHAIN_TRX_NODES: `${fullOnly},${full}`, CHAIN_TRX_INDEXERS: full } },
        ),
      { prefix: '/api' },
    );
    const r = await other.inject({ method: 'GET', url: `/api/chains/TRX/tx-status/${CONFIRMED}` });
    expect(r.json()).toMatchObject({ state: 'confirmed', provider: 'tron-node#2' });
  });
});

describe('tx-status: an impossible answer is that provider’s lie', () => {
  let liar: FastifyInstance;
  afterAll(() => liar?.close());
  it('a block above the chain’s tip goes to the next provider', async () => {
    const lying = await serve(
      rpcHandler({
        eth_chainId: () => '0x1',
        eth_blockNumber: () => '0x64',
        eth_getBlockByNumber: () => ({ number: '0x64', hash: `0x${hex('6')}` }),
        eth_getTransactionReceipt: () => ({ blockNumber: '0xffffffffff', status: '0x1' }),
        eth_getTransactionByHash: () => {
          throw new RpcFail(-32000, 'unused');
        },
      }),
    );
    const honest = await evmServer(() => true);
    liar = Fastify({ logger: false });
    await liar.register(
      async (api) =>
        registerChainRoutes(
          api,
          { config: { profile: 'mainnet', dataDir: tmp } as never, fetch },
          { env: { CHAIN_ETH_RPC: `${lying},${honest}`, CHAIN_HEALTH_TIMEOUT_MS: '1000' } },
        ),
      { prefix: '/api' },
    );
    const r = await liar.inject({ method: 'GET', url: `/api/chains/ETH/tx-status/0x${CONFIRMED}` });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ state: 'confirmed', blockHeight: 80, provider: 'rpc#2' });
  });
});
