/**
 * The TRON family against fake TronGrid hosts on loopback (full-node and v1 shapes from reference/apis/tron.md),
 * served by the generic routes and the family's own: the account with resources and tokens ({} = not activated,
 * zero fields left out), the chain's prices from getchainparameters, the current block, energy estimates, history
 * from both index lists (limit 200), broadcasthex (id when result is true, else the node's decoded message) and
 * failover to the second host; an out-of-bounds price is refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tronHex } from '@secux-companion/chain-tron';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { tronFamily } from './index.js';

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const NEW = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const servers: Server[] = [];
const seen: { path: string; body: Record<string, unknown>; query: string }[] = [];
let energyFee = 100;
let broadcastAnswer: Record<string, unknown> = {
  result: true,
  code: 'SUCCESS',
  txid: 'ab'.repeat(32),
  message: '',
};
const abiString = (s: string) =>
  (32).toString(16).padStart(64, '0') +
  s.length.toString(16).padStart(64, '0') +
  Buffer.from(s).toString('hex').padEnd(64, '0');
const id = (n: number) => n.toString(16).padStart(64, '0');

function answer(path: string, body: Record<string, unknown>): unknown {
  switch (path) {
    case '/wallet/getaccount':
      if (body.address === ME)
        return {
          address: tronHex(ME),
          balance: 1793227200,
          create_time: 1776933207000,
          assetV2: [{ key: '1000001', value: 500 }],
          frozenV2: [{}, { type: 'ENERGY' }, { type: 'TRON_POWER' }],
        };
      return {};
    case '/wallet/getaccountresource':
      if (body.address === ME)
        return {
          freeNetUsed: 441,
          freeNetLimit: 600,
          EnergyLimit: 20000,
          EnergyUsed: 500,
          TotalNetLimit: 43200000000,
        };
      return {};
    case '/wallet/getnowblock':
      return {
        blockID: '0000000002b1a6d3c7d4d0a8f5b4b1ec4f1a8e7b9a7c5d3e1f2a3b4c5d6e7f80',
        block_header: { raw_data: { number: 45197011, timestamp: 1_700_000_000_000 } },
      };
    case '/wallet/getchainparameters':
      return {
        chainParameter: [
          { key: 'getMaintenanceTimeInterval', value: 21600000 },
          { key: 'getCreateAccountFee', value: 100000 },
          { key: 'getTransactionFee', value: 1000 },
          { key: 'getCreateNewAccountFeeInSystemContract', value: 1000000 },
          { key: 'getEnergyFee', value: energyFee },
          { key: 'getAllowTvmCompatibleEvm' },
        ],
      };
    case '/wallet/triggerconstantcontract': {
      const sel = body.function_selector;
      if (body.contract_address !== USDT)
        return {
          result: {
            code: 'CONTRACT_VALIDATE_ERROR',
            message: Buffer.from('Smart contract is not exist.').toString('hex'),
          },
        };
      if (sel === 'name()')
        return { result: { result: true }, energy_used: 500, constant_result: [abiString('Tether USD')] };
      if (sel === 'symbol()')
        return { result: { result: true }, energy_used: 500, constant_result: [abiString('USDT')] };
      if (sel === 'decimals()')
        return {
          result: { result: true },
          energy_used: 300,
          constant_result: [(6).toString(16).padStart(64, '0')],
        };
      if (sel === 'balanceOf(address)')
        return {
          result: { result: true },
          energy_used: 900,
          constant_result: [(123).toString(16).padStart(64, '0')],
        };
      return {
        result: { result: true },
        energy_used: 64895,
        constant_result: [''],
        transaction: { ret: [{}] },
      };
    }
    case '/wallet/getassetissuebyid':
      return body.value === '1000001'
        ? {
            id: '1000001',
            name: Buffer.from('Local Asset').toString('hex'),
            abbr: Buffer.from('LTA').toString('hex'),
            precision: 2,
          }
        : {};
    case '/wallet/broadcasthex':
      return broadcastAnswer;
    case `/v1/accounts/${ME}`:
      return {
        success: true,
        meta: { at: 1, page_size: 1 },
        data: [{ address: tronHex(ME), trc20: [{ [USDT]: '42000000' }] }],
      };
    case `/v1/accounts/${NEW}`:
      return { success: true, meta: { at: 1, page_size: 0 }, data: [] };
    case `/v1/accounts/${ME}/transactions`:
      return {
        success: true,
        meta: { at: 1, page_size: 2 },
        data: [
          {
            txID: id(1),
            blockNumber: 10,
            block_timestamp: 1_700_000_003_000,
            raw_data: {
              contract: [
                {
                  type: 'TransferContract',
                  parameter: {
                    value: { owner_address: tronHex(ME), to_address: tronHex(NEW), amount: 5_000_000 },
                  },
                },
              ],
            },
            ret: [{ contractRet: 'SUCCESS', fee: 1_100_000 }],
            net_fee: 0,
            energy_fee: 0,
          },
          {
            txID: id(2),
            blockNumber: 11,
            block_timestamp: 1_700_000_006_000,
            raw_data: {
              contract: [
                {
                  type: 'TriggerSmartContract',
                  parameter: { value: { owner_address: tronHex(ME), contract_address: tronHex(USDT) } },
                },
              ],
            },
            ret: [{ contractRet: 'SUCCESS' }],
            energy_fee: 4_500_000,
            net_fee: 345_000,
          },
          { internal_tx_id: 'x', data: {} },
        ],
      };
    case `/v1/accounts/${ME}/transactions/trc20`:
      return {
        success: true,
        meta: { at: 1, page_size: 1 },
        data: [
          {
            transaction_id: id(2),
            token_info: { symbol: 'USDT', address: USDT, decimals: 6, name: 'Tether USD' },
            block_timestamp: 1_700_000_006_000,
            from: ME,
            to: NEW,
            type: 'Transfer',
            value: '1000000',
          },
        ],
      };
    default:
      return { Error: 'class java.lang.IllegalArgumentException : unknown' };
  }
}

async function host(fail: boolean): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (fail) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ Error: 'class java.lang.IllegalAccessException : lack of computing resources' }),
          );
        return;
      }
      const [path, query = ''] = (req.url ?? '').split('?');
      const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
      seen.push({ path: path!, body: parsed, query });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(path!, parsed)));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let app: FastifyInstance;
beforeAll(async () => {
  const busy = await host(true);
  const up = await host(false);
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: { CHAIN_TRX_NODES: `${busy},${up}`, CHAIN_TRX_INDEXERS: up },
    families: [tronFamily],
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

describe('TRON family behind the product API', () => {
  it('reads the account with bandwidth, energy, TRC-10 and TRC-20 tokens, from the second node when the first is busy', async () => {
    const r = await call('GET', `/api/chains/TRX/account/${ME}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      balance: '1793227200',
      activated: true,
      txCount: 1,
      resources: {
        freeNetLimit: '600',
        freeNetUsed: '441',
        netLimit: '0',
        netUsed: '0',
        energyLimit: '20000',
        energyUsed: '500',
      },
      provider: 'tron-node#2',
    });
    expect(r.body.tokens).toEqual([
      { type: 'trc10', contract: '1000001', name: 'Local Asset', symbol: 'LTA', decimals: 2, balance: '500' },
      { type: 'trc20', contract: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 6, balance: '42000000' },
    ]);
    expect(seen.find((s) => s.path === '/wallet/getaccount')?.body).toMatchObject({
      address: ME,
      visible: true,
    });
  });

  it('an address the node answers {} for is not activated, balance 0', async () => {
    const r = await call('GET', `/api/chains/TRX/account/${NEW}`);
    expect(r.body).toMatchObject({ balance: '0', activated: false, txCount: 0, tokens: [] });
  });

  it('refuses a malformed address with 400', async () => {
    expect((await call('GET', '/api/chains/TRX/account/TXYZ')).status).toBe(400);
  });

  it('gives the chain prices from getchainparameters and refuses an absurd one', async () => {
    const r = await call('GET', '/api/chains/TRX/params');
    expect(r.body).toMatchObject({
      bandwidthPrice: '1000',
      energyPrice: '100',
      createAccountFee: '100000',
      createNewAccountFeeInSystemContract: '1000000',
    });
    energyFee = 10_000_000_000;
    const bad = await call('GET', '/api/chains/TRX/params');
    energyFee = 100;
    expect(bad.status).toBeGreaterThanOrEqual(500);
  });

  it('gives the current block as the reference', async () => {
    const r = await call('GET', '/api/chains/TRX/block');
    expect(r.body).toMatchObject({ blockNumber: 45197011, timestamp: 1_700_000_000_000 });
    expect(r.body.blockID).toMatch(/^0000000002b1a6d3/);
  });

  it('estimates energy with triggerconstantcontract and says when the contract refuses', async () => {
    const data = 'a9059cbb' + '0'.repeat(128);
    const ok = await call('POST', '/api/chains/TRX/estimate', { owner: ME, contract: USDT, data });
    expect(ok.body).toMatchObject({ ok: true, energy: '64895' });
    const bad = await call('POST', '/api/chains/TRX/estimate', { owner: ME, contract: NEW, data });
    expect(bad.body).toMatchObject({ ok: false, message: 'Smart contract is not exist.' });
    expect(
      (await call('POST', '/api/chains/TRX/estimate', { owner: ME, contract: USDT, data: 'zz' })).status,
    ).toBe(400);
  });

  it('looks up a TRC-20 token with the owner balance', async () => {
    const r = await call('GET', `/api/chains/TRX/token/${USDT}?owner=${ME}`);
    expect(r.body).toMatchObject({ type: 'trc20', symbol: 'USDT', decimals: 6, balance: '123' });
    expect((await call('GET', '/api/chains/TRX/token/99999')).status).toBe(404);
  });

  it('reads history from both index lists, 200 a page, the TRC-20 transfer with its fee', async () => {
    const r = await call('GET', `/api/chains/TRX/history/${ME}`);
    expect(r.status).toBe(200);
    const ops = r.body.operations as Record<string, unknown>[];
    expect(ops.map((o) => o.hash)).toEqual([id(2), id(1)]);
    expect(ops[0]).toMatchObject({
      value: '1000000',
      fee: '4845000',
      token: { symbol: 'USDT', contract: USDT },
    });
    expect(ops[1]).toMatchObject({ direction: 'out', value: '5000000', fee: '1100000' });
    expect(r.body.cursor).toBeNull();
    expect(seen.find((s) => s.path.endsWith('/transactions'))?.query).toContain('limit=200');
  });

  it('broadcasts the hex: the id when result is true, the node message otherwise', async () => {
    const ok = await call('POST', '/api/chains/TRX/broadcast', { rawTx: '0a0b' });
    expect(ok.body).toMatchObject({ hash: 'ab'.repeat(32) });
    expect(seen.find((s) => s.path === '/wallet/broadcasthex')?.body).toEqual({ transaction: '0a0b' });
    broadcastAnswer = {
      result: false,
      code: 'SIGERROR',
      message: Buffer.from('validate signature error').toString('hex'),
      txid: id(9),
    };
    const bad = await call('POST', '/api/chains/TRX/broadcast', { rawTx: '0a0b' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ error: 'validate signature error' });
  });
});
