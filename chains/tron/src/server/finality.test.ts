/**
 * TRON finality over localnet's TRON simulator: a broadcast transaction is unknown until a block holds it, pending in
 * a block the full node knows, and final once the solidity node has it (`walletsolidity/*`, 19 blocks below the
 * head); a TRC-20 transfer above the balance lands with a REVERT receipt and is failed. Resending the same signed
 * bytes is the node's DUP_TRANSACTION_ERROR: success with the same id, and the account is charged once.
 */
import {
  createTronProductApiChain,
  rawDataHex,
  serializeSignedTransaction,
  txIdOf,
  type TronDeviceTx,
  type TronSigner,
} from '@secux-companion/chain-tron';
import { LOCAL_TRC20, TronSimulator } from '../sim/index.js';
import type { FastifyInstance } from 'fastify';
import { SigningKey, pkToAddress } from 'tronweb/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { tronFamily } from './index.js';

const KEY = '0x' + '46'.repeat(32);
const ME = pkToAddress(KEY.slice(2));
const HOLDER = pkToAddress('57'.repeat(32));
const ACCOUNT = { chain: 'TRX' as const, index: 0, bip: 44 as const, path: "m/44'/195'/0'", address: ME };
const LUSDT = { contract: LOCAL_TRC20.address, symbol: 'LUSDT', decimals: 6 };

const signer: TronSigner = {
  async signTrx(_path, req) {
    const kind = 'contract' in req ? 'trc20' : 'token' in req ? 'trc10' : 'trx';
    const raw = rawDataHex({ ...req, kind } as TronDeviceTx);
    const sig = new SigningKey(KEY).sign(`0x${txIdOf(raw)}`);
    const signature = `${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`;
    return { rawTx: serializeSignedTransaction(raw, [signature]), signature };
  },
};

let sim: TronSimulator;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  sim = new TronSimulator({
    accounts: [
      { address: ME, balance: 500_000_000n, energy: 200_000n, trc20: 10n },
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

const status = async (hash: string) =>
  (await (await fetch(`${base}/chains/TRX/tx-status/${hash}`)).json()) as Record<string, unknown>;
const post = async (rawTx: string) => {
  const r = await fetch(`${base}/chains/TRX/broadcast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rawTx }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
const blocks = (n: number) => {
  for (let i = 0; i < n; i++) sim.produceBlock();
};

describe('TRON: pending in a block, final when solidified', () => {
  it('unknown → pending → confirmed; the same bytes again are DUP_TRANSACTION_ERROR: success, charged once', async () => {
    const c = createTronProductApiChain({ baseUrl: base });
    const built = await c.build(ACCOUNT, { recipient: HOLDER, amount: 1_000_000n });
    const tx = c.finalize(built, await c.sign(signer, built));
    const before = (await c.getAccountSummary(ACCOUNT)).balance;
    const first = await post(tx.raw as string);
    expect(first).toMatchObject({ status: 200, body: { hash: tx.hash, state: 'pending' } });
    expect(await status(tx.hash)).toMatchObject({ state: 'unknown', final: false });

    blocks(1);
    const pending = await status(tx.hash);
    expect(pending).toMatchObject({ state: 'pending', blockHeight: expect.any(Number), confirmations: 1 });
    const head = pending.blockHeight;
    // A resend of the same signed bytes (the first answer was lost): the node already has it.
    expect(await post(tx.raw as string)).toMatchObject({
      status: 200,
      body: { hash: tx.hash, state: 'pending' },
    });
    expect((await c.getAccountSummary(ACCOUNT)).balance).toBe(before - 1_000_000n - built.review.fee);

    blocks(18);
    expect(await status(tx.hash)).toMatchObject({ state: 'pending', confirmations: 19 });
    blocks(1);
    expect(await status(tx.hash)).toMatchObject({ state: 'confirmed', final: true, blockHeight: head });
  });

  it('a TRC-20 transfer the balance no longer covers lands with REVERT: failed once solidified', async () => {
    const c = createTronProductApiChain({ baseUrl: base });
    // Both built (and checked) while the balance is 10; the second (5) runs after the first took 6.
    const a = await c.build(ACCOUNT, { recipient: HOLDER, amount: 6n, token: LUSDT });
    const b = await c.build(ACCOUNT, { recipient: HOLDER, amount: 5n, token: LUSDT });
    const txA = c.finalize(a, await c.sign(signer, a));
    const txB = c.finalize(b, await c.sign(signer, b));
    expect(txB.hash).not.toBe(txA.hash);
    expect(await post(txA.raw as string)).toMatchObject({ status: 200 });
    expect(await post(txB.raw as string)).toMatchObject({ status: 200 });
    blocks(20);
    expect(await status(txA.hash)).toMatchObject({ state: 'confirmed', final: true });
    expect(await status(txB.hash)).toMatchObject({ state: 'failed', final: true, reason: 'REVERT' });
  });
});
