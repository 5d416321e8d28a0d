/**
 * The whole TRON path over HTTP: chain-tron's adapter and product-API client → the generic routes and TRON's own →
 * the TRON facade → the full-node and index providers → localnet's TRON simulator (real state, signature checks).
 * A software key stands in for the device (chains/tron's device test covers the emulator's signatures).
 */
import {
  createTronProductApiChain,
  rawDataHex,
  serializeSignedTransaction,
  txIdOf,
  type TronDeviceTx,
  type TronSigner,
} from '@secux-companion/chain-tron';
import { LOCAL_TRC10, LOCAL_TRC20, TronSimulator } from '../sim/index.js';
import type { FastifyInstance } from 'fastify';
import { SigningKey, pkToAddress } from 'tronweb/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { tronFamily } from './index.js';

const KEY = '0x' + '44'.repeat(32);
const OTHER = '0x' + '55'.repeat(32);
const ME = pkToAddress(KEY.slice(2));
const HOLDER = pkToAddress(OTHER.slice(2));
const NEW = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ACCOUNT = { chain: 'TRX' as const, index: 0, bip: 44 as const, path: "m/44'/195'/0'", address: ME };
const LUSDT = { contract: LOCAL_TRC20.address, symbol: 'LUSDT', decimals: 6 };

const signer = (key = KEY): TronSigner => ({
  async signTrx(_path, req) {
    const kind = 'contract' in req ? 'trc20' : 'token' in req ? 'trc10' : 'trx';
    const raw = rawDataHex({ ...req, kind } as TronDeviceTx);
    const sig = new SigningKey(key).sign(`0x${txIdOf(raw)}`);
    const signature = `${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`;
    return { rawTx: serializeSignedTransaction(raw, [signature]), signature };
  },
});

let sim: TronSimulator;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  sim = new TronSimulator({
    accounts: [
      { address: ME, balance: 50_000_000n, energy: 70_000n, trc20: 100_000_000n, trc10: 100n },
      { address: HOLDER, balance: 1_000_000n, trc20: 1n },
    ],
  });
  const url = await sim.start();
  ({ app, base } = await serveChains({
    env: { CHAIN_TRX_NODES: url, CHAIN_TRX_INDEXERS: url },
    families: [tronFamily],
  }));
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

describe('TRON end to end against the simulator', () => {
  const chain = () => createTronProductApiChain({ baseUrl: base });

  it('reads the account with its resources and both tokens', async () => {
    const s = await chain().getAccountState(ACCOUNT);
    expect(s.balance).toBe(50_000_000n);
    expect(s.extra).toEqual({ bandwidthAvailable: '600', energyAvailable: '70000' });
    expect(s.tokens?.map((t) => [t.standard, t.symbol, t.balance])).toEqual([
      ['TRC-10', LOCAL_TRC10.abbr, 100n],
      ['TRC-20', 'LUSDT', 100_000_000n],
    ]);
  });

  it('activates a new address: the activation fee is shown before signing and charged', async () => {
    const c = chain();
    const built = await c.build(ACCOUNT, { recipient: NEW, amount: 1_000_000n });
    expect(built.unsigned.costs.activationFee).toBe(1_100_000n);
    const hash = await c.broadcast(c.finalize(built, await c.sign(signer(), built)));
    expect(hash).toBe(txIdOf(built.unsigned.rawHex));
    expect((await c.getAccountSummary(ACCOUNT)).balance).toBe(50_000_000n - 2_100_000n);
    expect((await c.checkRecipient!(NEW)).activated).toBe(true);
  });

  it('TRC-20 to a holder with enough energy burns nothing; the next one burns the shortfall the review showed', async () => {
    const c = chain();
    const first = await c.build(ACCOUNT, { recipient: HOLDER, amount: 5n, token: LUSDT });
    expect(first.unsigned.costs.energy).toBe(65_000n);
    expect(first.unsigned.costs.energyBurn).toBe(0n);
    const firstHash = await c.broadcast(c.finalize(first, await c.sign(signer(), first)));
    sim.produceBlock();
    const receipt = (await (await fetch(`${base}/chains/TRX/tx/${firstHash}`)).json()) as Record<
      string,
      unknown
    >;
    expect(receipt).toMatchObject({
      found: true,
      result: 'SUCCESS',
      energyUsed: '65000',
      energyFee: '0',
      failed: false,
    });
    const second = await c.build(ACCOUNT, { recipient: HOLDER, amount: 5n, token: LUSDT });
    expect(second.unsigned.costs.energyAvailable).toBe(5_000n);
    expect(second.unsigned.costs.energyBurn).toBe(6_000_000n);
    expect(c.burnSentence(second)).toMatch(/burns about 6\.\d+ TRX because the account has 5000 energy/);
    const before = (await c.getAccountSummary(ACCOUNT)).balance;
    await c.broadcast(c.finalize(second, await c.sign(signer(), second)));
    expect((await c.getAccountSummary(ACCOUNT)).balance).toBe(before - second.review.fee);
  });

  it('sends the TRC-10 asset and shows it in the history with the TRC-20 transfers', async () => {
    const c = chain();
    const built = await c.build(ACCOUNT, {
      recipient: HOLDER,
      amount: 3n,
      token: { contract: LOCAL_TRC10.id, symbol: 'LTA', decimals: 0 },
    });
    const hash = await c.broadcast(c.finalize(built, await c.sign(signer(), built)));
    sim.produceBlock();
    const page = await c.getHistory(ACCOUNT);
    expect(page.operations[0]).toMatchObject({
      hash,
      value: 3n,
      token: { contract: '1000001', symbol: 'LTA' },
    });
    expect(page.operations.filter((o) => o.token?.symbol === 'LUSDT')).toHaveLength(2);
  });

  it('err-39 before signing when TRX does not cover the activation', async () => {
    const poor = { ...ACCOUNT, address: HOLDER };
    await expect(
      chain().build(poor, { recipient: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: 1n }),
    ).rejects.toMatchObject({ code: 'err-39' });
  });

  it('a transaction signed by the wrong key is refused by the network with its message', async () => {
    const c = chain();
    const built = await c.build(ACCOUNT, { recipient: HOLDER, amount: 1n });
    const bad = await signer(OTHER).signTrx('', built.signRequest.tx as never);
    // finalize would refuse it; broadcast it as it is to see the network's answer.
    await expect(c.broadcast({ hash: '', raw: bad.rawTx, encoding: 'hex' })).rejects.toMatchObject({
      message: expect.stringMatching(/validate signature error/),
    });
  });
});
