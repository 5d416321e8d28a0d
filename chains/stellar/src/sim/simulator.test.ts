/* eslint-disable @typescript-eslint/no-explicit-any -- Horizon JSON read loosely in tests */
/**
 * The Horizon simulator over HTTP: real state (balances, sequences, subentries, ledgers), signatures verified against
 * the source account's key, and Horizon's refusals (result codes as stellar-core names them).
 */
import {
  Account,
  Asset,
  Keypair,
  Memo,
  Networks,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import {
  HorizonSimulator,
  STELLAR_LOCAL_PASSPHRASE,
  STELLAR_MEMO_REQUIRED_ACCOUNT,
  stellarAddressOf,
  stellarGenesis,
  stellarKeypairOf,
} from './simulator.js';

const alice = stellarKeypairOf(DEFAULT_MNEMONIC, 0);
const bob = stellarKeypairOf(DEFAULT_MNEMONIC, 1);
const stranger = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 7));
const fresh = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 8)).publicKey();

let sim: HorizonSimulator;
let url: string;
beforeAll(async () => {
  sim = new HorizonSimulator({ accounts: stellarGenesis(DEFAULT_MNEMONIC) });
  url = await sim.start();
});
afterAll(() => sim?.stop());

const get = async (path: string) => {
  const r = await fetch(url + path);
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};
const submit = async (env: string) => {
  const r = await fetch(`${url}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx: env }).toString(),
  });
  return { status: r.status, body: (await r.json()) as Record<string, any> };
};
const seqOf = async (id: string) => BigInt((await get(`/accounts/${id}`)).body.sequence as string);

type OpSpec = { create?: boolean; to: string; amount: string };
async function envelope(
  op: OpSpec,
  o: { key?: Keypair; source?: string; fee?: string; seq?: bigint; memo?: Memo; passphrase?: string } = {},
) {
  const source = o.source ?? alice.publicKey();
  const seq = o.seq ?? (await seqOf(source));
  const tx = new TransactionBuilder(new Account(source, seq.toString()), {
    fee: o.fee ?? '100',
    networkPassphrase: o.passphrase ?? STELLAR_LOCAL_PASSPHRASE,
    ...(o.memo ? { memo: o.memo } : {}),
  })
    .addOperation(
      op.create
        ? Operation.createAccount({ destination: op.to, startingBalance: op.amount })
        : Operation.payment({ destination: op.to, asset: Asset.native(), amount: op.amount }),
    )
    .setTimeout(TimeoutInfinite)
    .build();
  tx.sign(o.key ?? alice);
  return tx.toXDR();
}

describe('Horizon simulator', () => {
  it('funds the emulator accounts and a memo_required recipient, on the standalone network', async () => {
    expect(stellarAddressOf(DEFAULT_MNEMONIC, 0)).toBe(
      'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX',
    );
    const root = await get('/');
    expect(root.body.network_passphrase).toBe(Networks.STANDALONE);
    const a = await get(`/accounts/${alice.publicKey()}`);
    expect(a.body.balances).toEqual([
      expect.objectContaining({ asset_type: 'native', balance: '10000.0000000' }),
    ]);
    const m = await get(`/accounts/${stellarAddressOf(DEFAULT_MNEMONIC, STELLAR_MEMO_REQUIRED_ACCOUNT)}`);
    expect(m.body.data).toEqual({ 'config.memo_required': 'MQ==' });
    expect(m.body.subentry_count).toBe(1);
    expect((await get(`/accounts/${fresh}`)).status).toBe(404);
    const l = await get('/ledgers?order=desc&limit=1');
    expect(l.body._embedded.records[0]).toMatchObject({
      base_fee_in_stroops: 100,
      base_reserve_in_stroops: 5000000,
    });
  });

  it('applies a payment with a memo: balances, sequence, fee, history with the transaction joined', async () => {
    const before = await seqOf(alice.publicKey());
    const r = await submit(await envelope({ to: bob.publicKey(), amount: '12.5' }, { memo: Memo.id('42') }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ successful: true, fee_charged: '100', memo_type: 'id', memo: '42' });
    expect(await seqOf(alice.publicKey())).toBe(before + 1n);
    expect((await get(`/accounts/${alice.publicKey()}`)).body.balances[0].balance).toBe('9987.4999900');
    expect((await get(`/accounts/${bob.publicKey()}`)).body.balances[0].balance).toBe('10012.5000000');
    const h = await get(`/accounts/${bob.publicKey()}/payments?order=desc&limit=10&join=transactions`);
    expect(h.body._embedded.records[0]).toMatchObject({
      type: 'payment',
      from: alice.publicKey(),
      to: bob.publicKey(),
      amount: '12.5000000',
      transaction: { hash: r.body.hash, memo: '42' },
    });
    // the same envelope again: Horizon answers the original result
    expect((await get(`/transactions/${String(r.body.hash)}`)).status).toBe(200);
  });

  it('refuses a payment to a missing account (op_no_destination) and creates it with createAccount', async () => {
    const miss = await submit(await envelope({ to: fresh, amount: '5' }));
    expect(miss.status).toBe(400);
    expect(miss.body.extras.result_codes).toEqual({
      transaction: 'tx_failed',
      operations: ['op_no_destination'],
    });
    const low = await submit(
      await envelope({ create: true, to: fresh, amount: '0.9999999' }, { fee: '200' }),
    );
    expect(low.body.extras.result_codes.operations).toEqual(['op_low_reserve']);
    const ok = await submit(await envelope({ create: true, to: fresh, amount: '2' }, { fee: '200' }));
    expect(ok.status).toBe(200);
    expect((await get(`/accounts/${fresh}`)).body.balances[0].balance).toBe('2.0000000');
    const again = await submit(await envelope({ create: true, to: fresh, amount: '2' }, { fee: '200' }));
    expect(again.body.extras.result_codes.operations).toEqual(['op_already_exists']);
  });

  it('a failed operation still pays the fee and uses the sequence number', async () => {
    const seq = await seqOf(alice.publicKey());
    const bal = (await get(`/accounts/${alice.publicKey()}`)).body.balances[0].balance as string;
    const r = await submit(await envelope({ to: bob.publicKey(), amount: '999999' }));
    expect(r.body.extras.result_codes).toEqual({ transaction: 'tx_failed', operations: ['op_underfunded'] });
    expect(await seqOf(alice.publicKey())).toBe(seq + 1n);
    const after = (await get(`/accounts/${alice.publicKey()}`)).body.balances[0].balance as string;
    expect(BigInt(after.replace('.', ''))).toBe(BigInt(bal.replace('.', '')) - 100n);
  });

  it('answers a failed transaction submitted again as Horizon does: 400 transaction_failed, nothing charged', async () => {
    const env = await envelope({ to: bob.publicKey(), amount: '999999' });
    const first = await submit(env);
    expect(first.status).toBe(400);
    const seq = await seqOf(alice.publicKey());
    const bal = (await get(`/accounts/${alice.publicKey()}`)).body.balances[0].balance as string;
    const again = await submit(env);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      type: 'https://stellar.org/horizon-errors/transaction_failed',
      status: 400,
      extras: { result_codes: { transaction: 'tx_failed', operations: ['op_underfunded'] } },
    });
    expect(again.body.successful).toBeUndefined();
    // the ledger keeps the failed transaction once: no second fee, no second sequence
    expect(await seqOf(alice.publicKey())).toBe(seq);
    expect((await get(`/accounts/${alice.publicKey()}`)).body.balances[0].balance).toBe(bal);
    const hash = Buffer.from(TransactionBuilder.fromXDR(env, STELLAR_LOCAL_PASSPHRASE).hash()).toString(
      'hex',
    );
    expect((await get(`/transactions/${hash}`)).body).toMatchObject({ successful: false });
  });

  it('keeps the minimum balance: a send leaving less than (2 + subentries) × reserve is op_underfunded', async () => {
    // the fresh account holds 2 XLM and needs 1 XLM: 1 XLM − fee can leave, 1 XLM cannot
    const key = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 8));
    const no = await submit(await envelope({ to: bob.publicKey(), amount: '1' }, { key, source: fresh }));
    expect(no.body.extras.result_codes.operations).toEqual(['op_underfunded']);
    const yes = await submit(
      await envelope({ to: bob.publicKey(), amount: '0.9999800' }, { key, source: fresh }),
    );
    expect(yes.status).toBe(200);
  });

  it('verifies the signature: another key (tx_bad_auth), another network (tx_bad_auth), a stale or future sequence (tx_bad_seq)', async () => {
    const wrongKey = await submit(await envelope({ to: bob.publicKey(), amount: '1' }, { key: stranger }));
    expect(wrongKey.status).toBe(400);
    expect(wrongKey.body).toMatchObject({
      type: 'https://stellar.org/horizon-errors/transaction_failed',
      extras: { result_codes: { transaction: 'tx_bad_auth' } },
    });
    const otherNet = await submit(
      await envelope({ to: bob.publicKey(), amount: '1' }, { passphrase: Networks.PUBLIC }),
    );
    expect(otherNet.body.extras.result_codes.transaction).toBe('tx_bad_auth');
    const seq = await seqOf(alice.publicKey());
    const stale = await submit(await envelope({ to: bob.publicKey(), amount: '1' }, { seq: seq - 1n }));
    expect(stale.body.extras.result_codes.transaction).toBe('tx_bad_seq');
    const future = await submit(await envelope({ to: bob.publicKey(), amount: '1' }, { seq: seq + 1n }));
    expect(future.body.extras.result_codes.transaction).toBe('tx_bad_seq');
    expect(await seqOf(alice.publicKey())).toBe(seq);
  });

  it('an operation whose source account did not sign is op_bad_auth: nothing moves, no fee, no sequence', async () => {
    // alice's key signs a payment out of bob's account (the operation's source): stellar-core refuses it.
    const seq = await seqOf(alice.publicKey());
    const bobBefore = (await get(`/accounts/${bob.publicKey()}`)).body.balances[0].balance as string;
    const tx = new TransactionBuilder(new Account(alice.publicKey(), seq.toString()), {
      fee: '100',
      networkPassphrase: STELLAR_LOCAL_PASSPHRASE,
    })
      .addOperation(
        Operation.payment({
          source: bob.publicKey(),
          destination: alice.publicKey(),
          asset: Asset.native(),
          amount: '100',
        }),
      )
      .setTimeout(TimeoutInfinite)
      .build();
    tx.sign(alice);
    const r = await submit(tx.toXDR());
    expect(r.status).toBe(400);
    expect(r.body.extras.result_codes).toEqual({ transaction: 'tx_failed', operations: ['op_bad_auth'] });
    expect((await get(`/accounts/${bob.publicKey()}`)).body.balances[0].balance).toBe(bobBefore);
    expect(await seqOf(alice.publicKey())).toBe(seq);
  });

  it('refuses a transaction before its time bounds open (tx_too_early) and after they close (tx_too_late)', async () => {
    const seq = await seqOf(alice.publicKey());
    const now = Math.floor(Date.now() / 1000);
    const bounded = (minTime: number, maxTime: number) => {
      const tx = new TransactionBuilder(new Account(alice.publicKey(), seq.toString()), {
        fee: '100',
        networkPassphrase: STELLAR_LOCAL_PASSPHRASE,
        timebounds: { minTime, maxTime },
      })
        .addOperation(Operation.payment({ destination: bob.publicKey(), asset: Asset.native(), amount: '1' }))
        .build();
      tx.sign(alice);
      return tx.toXDR();
    };
    const early = await submit(bounded(now + 3600, 0));
    expect(early.body.extras.result_codes.transaction).toBe('tx_too_early');
    const late = await submit(bounded(0, now - 60));
    expect(late.body.extras.result_codes.transaction).toBe('tx_too_late');
    expect(await seqOf(alice.publicKey())).toBe(seq);
  });

  it('refuses a fee below the base fee (tx_insufficient_fee) and an undecodable envelope (transaction_malformed)', async () => {
    const cheap = await submit(await envelope({ to: bob.publicKey(), amount: '1' }, { fee: '99' }));
    expect(cheap.body.extras.result_codes.transaction).toBe('tx_insufficient_fee');
    const bad = await submit('AAAA');
    expect(bad.status).toBe(400);
    expect(bad.body.type).toBe('https://stellar.org/horizon-errors/transaction_malformed');
  });

  it('closes ledgers: new transactions land in the next one', async () => {
    const l0 = sim.ledger;
    sim.closeLedger();
    const r = await submit(await envelope({ to: bob.publicKey(), amount: '1' }));
    expect(r.body.ledger).toBe(l0 + 2);
  });
});

describe('Horizon simulator trust lines', () => {
  it('lists a genesis trust line before the native balance, as one subentry of the minimum balance', () => {
    const issuer = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 9)).publicKey();
    const holder = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 10)).publicKey();
    const s = new HorizonSimulator({
      accounts: [
        {
          address: holder,
          balance: 50n * 10_000_000n,
          trustlines: [{ code: 'USDC', issuer, balance: 12_500_000n }],
        },
      ],
    });
    const a = s.handle('GET', `/accounts/${holder}`, '').json as Record<string, any>;
    expect(a.subentry_count).toBe(1);
    expect(a.balances).toEqual([
      expect.objectContaining({
        asset_type: 'credit_alphanum4',
        asset_code: 'USDC',
        asset_issuer: issuer,
        balance: '1.2500000',
        limit: '922337203685.4775807',
      }),
      expect.objectContaining({ asset_type: 'native', balance: '50.0000000' }),
    ]);
    expect(s.minimumBalance(s.accounts.get(holder)!)).toBe(3n * 5_000_000n);
  });
});
