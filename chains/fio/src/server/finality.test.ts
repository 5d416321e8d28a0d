/**
 * FIO finality over localnet's FIO simulator: an executed transaction (history get_transaction) is pending while its
 * block is above get_info's last irreversible block and confirmed once it is not; the same signed bytes again are
 * nodeos's duplicate transaction (3040008): success with the same id, the balance moved once. An id the history
 * never saw is unknown.
 */
import type { FastifyInstance } from 'fastify';
import { Ecc } from '@fioprotocol/fiojs';
import { createFioProductApiChain, type FioSigner } from '@secux-companion/chain-fio';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { FioSimulator, fioGenesis, fioPrivateKeyOf, fioPublicKeyOf } from '../sim/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { fioFamily } from './index.js';

const me = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const priv = fioPrivateKeyOf(DEFAULT_MNEMONIC, 0);
const signer: FioSigner = {
  signFio: async (_path, sigData) => String(Ecc.Signature.sign(Buffer.from(sigData, 'hex'), priv).toString()),
};
const ACCOUNT = { chain: 'FIO' as const, index: 0, bip: 44 as const, path: "m/44'/235'/0'", address: me };
const OTHER = String(Ecc.PrivateKey.fromSeed('server fio finality').toPublic().toString());

let sim: FioSimulator;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  sim = new FioSimulator({ genesis: fioGenesis(DEFAULT_MNEMONIC), blockIntervalMs: 0 });
  const url = await sim.start();
  ({ app, base } = await serveChains({
    env: { CHAIN_FIO_NODES: url, CHAIN_TFIO_NODES: 'none' },
    families: [fioFamily],
  }));
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

const status = async (hash: string) =>
  (await (await fetch(`${base}/chains/FIO/tx-status/${hash}`)).json()) as Record<string, unknown>;
const post = async (rawTx: string) => {
  const r = await fetch(`${base}/chains/FIO/broadcast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rawTx }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

describe('FIO: final at the last irreversible block', () => {
  it('pending → confirmed; the same bytes again are a duplicate transaction: success, moved once', async () => {
    const fio = createFioProductApiChain({ chain: 'FIO', baseUrl: base });
    const built = await fio.build(ACCOUNT, { recipient: OTHER, amount: 1_000_000_000n });
    const signed = fio.finalize(built, await fio.sign(signer, built));
    expect(await post(signed.raw)).toMatchObject({
      status: 200,
      body: { hash: signed.hash, state: 'pending' },
    });
    expect(await post(signed.raw)).toMatchObject({
      status: 200,
      body: { hash: signed.hash, state: 'pending' },
    });
    expect(sim.balanceOf(OTHER)).toBe(1_000_000_000n);

    // The transaction's block is the head; the last irreversible block trails it by one.
    expect(await status(signed.hash)).toMatchObject({ state: 'pending', final: false, confirmations: 1 });
    sim.produceBlock();
    expect(await status(signed.hash)).toMatchObject({ state: 'confirmed', final: true, confirmations: 2 });
    expect(await status('ef'.repeat(32))).toMatchObject({ state: 'unknown' });
  });
});
