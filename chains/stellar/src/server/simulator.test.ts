/**
 * The whole Stellar path over HTTP: chain-stellar's adapter and product-API client → the generic routes and /network →
 * the Stellar facade → the Horizon provider → localnet's Horizon simulator (real state, signatures verified against
 * the source account's key). A software key stands in for the device (chains/stellar's device test covers the
 * emulator signing the same bytes).
 */
import type { FastifyInstance } from 'fastify';
import {
  createStellarProductApiChain,
  parseStellarMemo,
  type StellarSigner,
} from '@secux-companion/chain-stellar';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  STELLAR_MEMO_REQUIRED_ACCOUNT,
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
const NEW = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 44)).publicKey();
const stranger = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 45));

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

const send = async (
  draft: Parameters<ReturnType<typeof createStellarProductApiChain>['build']>[1],
  key = me,
) => {
  const chain = createStellarProductApiChain({ baseUrl: base });
  const built = await chain.build(ACCOUNT, draft);
  const signed = chain.finalize(
    built,
    await chain.sign(
      signerFor(() => built.unsigned.xdr, key),
      built,
    ),
  );
  return { built, hash: await chain.broadcast(signed) };
};

describe('Stellar end to end against the Horizon simulator', () => {
  it('reads the funded account, its minimum balance from the live base reserve, and an inactive one', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    expect(await chain.getAccountState(ACCOUNT)).toMatchObject({
      balance: 100_000_000_000n,
      reserve: 10_000_000n,
      available: 99_990_000_000n,
      activated: true,
    });
    expect(await chain.getAccountSummary({ ...ACCOUNT, address: NEW })).toEqual({
      balance: 0n,
      pending: 0n,
      txCount: 0,
      activated: false,
    });
  });

  it('creates an inactive account with createAccount and the doubled fee, and both histories show it', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    await expect(chain.build(ACCOUNT, { recipient: NEW, amount: 9_999_999n })).rejects.toMatchObject({
      code: 'xlmActivationBelowMinimum',
    });
    const { built, hash } = await send({ recipient: NEW, amount: 20_000_000n });
    expect(built.review.fee).toBe(200n);
    expect(built.unsigned.creates).toBe(true);
    expect(await chain.getAccountSummary({ ...ACCOUNT, address: NEW })).toMatchObject({
      balance: 20_000_000n,
      activated: true,
    });
    const mine = await chain.getHistory(ACCOUNT);
    expect(mine.operations[0]).toMatchObject({
      hash,
      direction: 'out',
      value: 20_000_000n,
      fee: 200n,
      action: 'createAccount',
    });
    const theirs = await chain.getHistory({ ...ACCOUNT, address: NEW });
    expect(theirs.operations[0]).toMatchObject({ hash, direction: 'in' });
  });

  it('sends each memo type and the history shows it', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    const hex = '0f'.repeat(32);
    const memos = [
      [parseStellarMemo('text', 'order 7'), 'order 7'],
      [parseStellarMemo('id', '18446744073709551615'), '18446744073709551615'],
      [parseStellarMemo('hash', hex), `hash:${hex}`],
      [parseStellarMemo('return', hex), `return:${hex}`],
    ] as const;
    for (const [memo, shown] of memos) {
      const { hash, built } = await send({ recipient: NEW, amount: 1_000_000n, memo });
      expect(built.review.fee).toBe(100n);
      const page = await chain.getHistory({ ...ACCOUNT, address: NEW });
      expect(page.operations[0]).toMatchObject({ hash, memo: shown });
    }
  });

  it('requires a memo for the memo_required recipient (SEP-29) and sends with one', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    const exchange = stellarAddressOf(DEFAULT_MNEMONIC, STELLAR_MEMO_REQUIRED_ACCOUNT);
    await expect(chain.build(ACCOUNT, { recipient: exchange, amount: 10_000_000n })).rejects.toMatchObject({
      code: 'xlmMemoRequired',
    });
    await send({ recipient: exchange, amount: 10_000_000n, memo: { type: 'id', value: 99n } });
    const page = await chain.getHistory({ ...ACCOUNT, address: exchange });
    expect(page.operations[0]).toMatchObject({ memo: '99', direction: 'in' });
  });

  it('refuses err-30 before signing when a send would dip below the minimum balance', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    const state = await chain.getAccountState(ACCOUNT);
    await expect(chain.build(ACCOUNT, { recipient: NEW, amount: state.available })).rejects.toMatchObject({
      code: 'err-30',
      params: { minimum: '1', coin: 'XLM' },
    });
  });

  it('an envelope signed by the wrong key is refused by the simulator with tx_bad_auth', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    const built = await chain.build(ACCOUNT, { recipient: NEW, amount: 1_000_000n });
    const tx = TransactionBuilder.fromXDR(built.unsigned.xdr, STELLAR_LOCAL_PASSPHRASE) as Transaction;
    tx.sign(stranger);
    const forged = { hash: '', raw: tx.toXDR(), encoding: 'base64' as const };
    await expect(chain.broadcast(forged)).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('tx_bad_auth'),
    });
    // the adapter itself refuses such a signature before broadcasting
    await expect(
      chain
        .sign(
          signerFor(() => built.unsigned.xdr, stranger),
          built,
        )
        .then((s) => chain.finalize(built, s)),
    ).rejects.toMatchObject({ code: 'xlmBadSignature' });
    // signed right, sent twice: the second is the same transaction (Horizon answers the original result)
    const signed = chain.finalize(
      built,
      await chain.sign(
        signerFor(() => built.unsigned.xdr),
        built,
      ),
    );
    const hash = await chain.broadcast(signed);
    expect(await chain.broadcast(signed)).toBe(hash);
  });

  it('a transaction that failed in a ledger, sent again, is refused again (not reported as sent)', async () => {
    const chain = createStellarProductApiChain({ baseUrl: base });
    const state = await chain.getAccountState(ACCOUNT);
    // more than the account holds: the adapter refuses it before signing, so the envelope is built here
    const over = new TransactionBuilder(new Account(ME, sim.accounts.get(ME)!.sequence.toString()), {
      fee: '100',
      networkPassphrase: STELLAR_LOCAL_PASSPHRASE,
    })
      .addOperation(
        Operation.payment({
          destination: NEW,
          asset: Asset.native(),
          amount: String((state.balance * 2n) / 10_000_000n),
        }),
      )
      .setTimeout(TimeoutInfinite)
      .build();
    over.sign(me);
    const raw = { hash: '', raw: over.toXDR(), encoding: 'base64' as const };
    const refused = { status: 422, message: expect.stringContaining('op_underfunded') };
    await expect(chain.broadcast(raw)).rejects.toMatchObject(refused);
    const after = await chain.getAccountState(ACCOUNT);
    expect(after.balance).toBe(state.balance - 100n); // the failed transaction paid its fee, once
    await expect(chain.broadcast(raw)).rejects.toMatchObject(refused);
    expect((await chain.getAccountState(ACCOUNT)).balance).toBe(after.balance);
  });
});
