/**
 * A broadcast resent after a timeout carries the same signed bytes; a node that answers "I already have this very
 * transaction" means the first send landed: success with that transaction's hash, never an error (txstatus contract).
 * Fake upstreams on loopback answer as the real nodes do; a refusal that is about ANOTHER transaction (EVM 'nonce
 * too low' for a hash the node does not know) stays a refusal. The txid the bitcoin family computes for it is
 * asserted in its package (chains/bitcoin txid.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Transaction } from 'bitcoinjs-lib';
import { base58 } from '@scure/base';
import { keccak256 } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerChainRoutes } from './registry.js';
import { SOLANA_MAINNET_GENESIS_HASH } from '@secux-companion/localnet';
import {
  RpcFail,
  rpcHandler,
  startServer,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';

const servers: TestServer[] = [];
const serve = async (h: Parameters<typeof startServer>[0]) => {
  const s = await startServer(h);
  servers.push(s);
  return s.url;
};

/** A segwit transaction (marker, flag, witness) and a legacy one, as bitcoinjs-lib writes them. */
function bitcoinTx(segwit: boolean): Transaction {
  const tx = new Transaction();
  tx.version = 2;
  tx.addInput(
    Buffer.alloc(32, 7),
    1,
    0xfffffffd,
    segwit ? Buffer.alloc(0) : Buffer.from('00'.repeat(20), 'hex'),
  );
  if (segwit) tx.setWitness(0, [Buffer.alloc(71, 1), Buffer.alloc(33, 2)]);
  tx.addOutput(Buffer.from(`0014${'ab'.repeat(20)}`, 'hex'), 50_000n as never);
  tx.addOutput(Buffer.from(`0014${'cd'.repeat(20)}`, 'hex'), 12_345n as never);
  tx.locktime = 850_000;
  return tx;
}

const BTC_TX = bitcoinTx(true);
const EVM_RAW = `0x02f86c0180843b9aca00850430e23400825208949858effd232b4033e47d90003d41ec34ecaeda94880de0b6b3a764000080c001a0${'11'.repeat(32)}a0${'22'.repeat(32)}`;
const EVM_OTHER = `${EVM_RAW.slice(0, -2)}33`;
const SOL_SIG = new Uint8Array(64).fill(9);
const SOL_TX = Buffer.concat([Buffer.from([1]), SOL_SIG, Buffer.alloc(150, 1)]).toString('base64');
const TRX_ID = 'ab'.repeat(32);
const FIO_PACKED = 'cd'.repeat(60);

let app: FastifyInstance;
let tmp = '';
beforeAll(async () => {
  const env = {
    CHAIN_BTC_BLOCKBOOK: await serve((r) => {
      if (r.path === '/api/')
        return {
          body: {
            blockbook: { coin: 'Bitcoin', inSync: true, bestHeight: 850000 },
            backend: { chain: 'main', blocks: 850000 },
          },
        };
      if (r.path === '/api/v2/sendtx/')
        return { status: 400, body: { error: '-26: txn-already-in-mempool' } };
      return { status: 404, body: { error: 'not found' } };
    }),
    CHAIN_BTC_MEMPOOL: 'none',
    CHAIN_ETH_RPC: await serve(
      rpcHandler({
        eth_chainId: () => '0x1',
        eth_getBlockByNumber: () => ({ number: '0x64', hash: `0x${'6'.repeat(64)}` }),
        eth_sendRawTransaction: () => {
          throw new RpcFail(-32000, 'nonce too low: next nonce 5, tx nonce 4');
        },
        // The node has the first transaction (the one resent), not the other one with the same nonce.
        eth_getTransactionByHash: ([h]) => (h === keccak256(EVM_RAW as `0x${string}`) ? { hash: h } : null),
      }),
    ),
    CHAIN_SOL_RPC: await serve(
      rpcHandler({
        getGenesisHash: () => SOLANA_MAINNET_GENESIS_HASH,
        sendTransaction: () => {
          throw Object.assign(
            new RpcFail(-32002, 'Transaction simulation failed: This transaction has already been processed'),
            {},
          );
        },
      }),
    ),
    CHAIN_TRX_NODES: await serve((r) =>
      r.path === '/wallet/broadcasthex'
        ? {
            body: {
              result: false,
              code: 'DUP_TRANSACTION_ERROR',
              txid: TRX_ID,
              message: Buffer.from('Dup transaction.').toString('hex'),
            },
          }
        : { status: 404, body: {} },
    ),
    CHAIN_FIO_NODES: await serve((r) =>
      r.path === '/v1/chain/push_transaction'
        ? {
            status: 409,
            body: {
              code: 409,
              message: 'Conflict',
              error: { code: 3040008, name: 'tx_duplicate', what: 'Duplicate transaction', details: [] },
            },
          }
        : { status: 404, body: {} },
    ),
  };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-resend-'));
  app = Fastify({ logger: false });
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

const broadcast = async (chain: string, rawTx: string) => {
  const r = await app.inject({ method: 'POST', url: `/api/chains/${chain}/broadcast`, payload: { rawTx } });
  return { status: r.statusCode, body: r.json() as Record<string, unknown> };
};

describe('a resend the node already has is a success with that transaction’s hash', () => {
  it('Bitcoin: txn-already-in-mempool', async () => {
    expect(await broadcast('BTC', BTC_TX.toHex())).toMatchObject({
      status: 200,
      body: { hash: BTC_TX.getId(), state: 'pending', provider: 'blockbook#1' },
    });
  });

  it('EVM: nonce too low when the node has this hash; another transaction with that nonce stays refused', async () => {
    expect(await broadcast('ETH', EVM_RAW)).toMatchObject({
      status: 200,
      body: { hash: keccak256(EVM_RAW as `0x${string}`), state: 'pending' },
    });
    expect(await broadcast('ETH', EVM_OTHER)).toMatchObject({
      status: 422,
      body: { code: 'rejected', error: expect.stringMatching(/nonce too low/) },
    });
  });

  it('Solana: AlreadyProcessed → the first signature', async () => {
    expect(await broadcast('SOL', SOL_TX)).toMatchObject({
      status: 200,
      body: { hash: base58.encode(SOL_SIG), state: 'pending', provider: 'solana#1' },
    });
  });

  it('TRON: DUP_TRANSACTION_ERROR', async () => {
    expect(await broadcast('TRX', 'ab'.repeat(100))).toMatchObject({
      status: 200,
      body: { hash: TRX_ID, state: 'pending', provider: 'tron-node#1' },
    });
  });

  it('FIO: nodeos tx_duplicate (3040008) → SHA-256 of the packed transaction', async () => {
    const rawTx = JSON.stringify({
      signatures: [`SIG_K1_${'K'.repeat(95)}`],
      compression: 0,
      packed_context_free_data: '',
      packed_trx: FIO_PACKED,
    });
    const { createHash } = await import('node:crypto');
    expect(await broadcast('FIO', rawTx)).toMatchObject({
      status: 200,
      body: {
        hash: createHash('sha256').update(Buffer.from(FIO_PACKED, 'hex')).digest('hex'),
        state: 'pending',
      },
    });
  });
});
