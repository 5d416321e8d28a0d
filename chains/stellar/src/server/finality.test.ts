/**
 * Stellar finality over localnet's Horizon simulator: Horizon knows a transaction only once a closed ledger holds it,
 * and a closed ledger is final — `successful` confirmed, a failed one (its fee paid) failed. The same envelope again
 * is Horizon's 200 for a transaction it already has: success with the same hash, paid once.
 */
import type { FastifyInstance } from 'fastify';
import { createStellarProductApiChain, type StellarSigner } from '@secux-companion/chain-stellar';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  stellarAddressOf,
  stellarGenesis,
  stellarKeypairOf,
} from '../sim/index.js';
import {
  Account,
  Asset,
  Keypair,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
  type Transaction,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { stellarFamily } from './index.js';

// As this file's stellar-sdk Keypair (localnet may resolve another copy of the SDK).
const me = Keypair.fromRawEd25519Seed(Buffer.from(stellarKeypairOf(DEFAULT_MNEMONIC, 0).rawSecretKey()));
const ME = me.publicKey();
const ACCOUNT = { chain: 'XLM' as const, index: 0, bip: 44 as const, path: "m/44'/148'/0'", address: ME };
const FRIEND = stellarAddressOf(DEFAULT_MNEMONIC, 1);

/** Signs the transaction the adapter built (the device signs the same bytes, see chains/stellar). */
const signerFor = (xdr: () => string, key: Keypair = me): StellarSigner => ({
  signXlm: async () => {
    const tx = TransactionBuilder.fromXDR(xdr(), STELLAR_LOCAL_PASSPHRASE) as Transaction;
    return { rawTx: '', signature: Buffer.from(key.sign(tx.hash())).toString('hex') };
  },
});

let sim: HorizonSimulator;
let app: FastifyInstance;
let base: string;
beforeAll(async () => {
  sim = new HorizonSimulator({ accounts: stellarGenesis(DEFAULT_MNEMONIC) });
  const horizon = await sim.start();
  ({ app, base } = await serveChains({
    env: { CHAIN_XLM_HORIZON: horizon, CHAIN_XLM_NETWORK_PASSPHRASE: STELLAR_LOCAL_PASSPHRASE },
    families: [stellarFamily],
  }));
});
afterAll(async () => {
  await app?.close();
  await sim?.stop();
});

const status = async (hash: string) =>
  (await (await fetch(`${base}/chains/XLM/tx-status/${hash}`)).json()) as Record<string, unknown>;
const post = async (rawTx: string) => {
  const r = await fetch(`${base}/chains/XLM/broadcast`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rawTx }),
  });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};
const signedPayment = async (amount: bigint) => {
  const chain = createStellarProductApiChain({ baseUrl: base });
  const built = await chain.build(ACCOUNT, { recipient: FRIEND, amount });
  return {
    built,
    signed: chain.finalize(
      built,
      await chain.sign(
        signerFor(() => built.unsigned.xdr),
        built,
      ),
    ),
  };
};

describe('Stellar: a closed ledger is final', () => {
  it('confirmed once submitted; the same envelope again is success, paid once; an unknown hash is unknown', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    const before = (await chain.getAccountSummary(ACCOUNT)).balance;
    const { built, signed } = await signedPayment(10_000_000n);
    expect(await post(signed.raw)).toMatchObject({
      status: 200,
      body: { hash: signed.hash, state: 'pending' },
    });
    expect(await post(signed.raw)).toMatchObject({
      status: 200,
      body: { hash: signed.hash, state: 'pending' },
    });
    expect((await chain.getAccountSummary(ACCOUNT)).balance).toBe(before - 10_000_000n - built.review.fee);
    expect(await status(signed.hash)).toMatchObject({ hash: signed.hash, state: 'confirmed', final: true });
    expect(await status('ab'.repeat(32))).toMatchObject({ state: 'unknown', final: false });
  });

  it('a payment that fails in the ledger (its fee paid) is refused at submit and failed on the chain', async () => {
    // More than the account holds, signed as it is (the wallet's own check would stop it before signing).
    const acct = (await (await fetch(`${base}/chains/XLM/account/${ME}`)).json()) as { sequence: string };
    const tx = new TransactionBuilder(new Account(ME, acct.sequence), {
      fee: '100',
      networkPassphrase: STELLAR_LOCAL_PASSPHRASE,
    })
      .addOperation(Operation.payment({ destination: FRIEND, asset: Asset.native(), amount: '900000' }))
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(me);
    const hash = Buffer.from(tx.hash()).toString('hex');
    expect(await post(tx.toXDR())).toMatchObject({ status: 422, body: { resultCode: 'op_underfunded' } });
    expect(await status(hash)).toMatchObject({ state: 'failed', final: true, reason: 'tx_failed' });
  });
});
