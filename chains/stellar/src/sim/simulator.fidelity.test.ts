/* eslint-disable @typescript-eslint/no-explicit-any -- Horizon JSON read loosely in tests */
/**
 * Fidelity (issue 28): every rejection class a wallet can provoke on Stellar gets Horizon's answer — HTTP 400
 * problem+json `transaction_failed` with stellar-core's result codes in `extras.result_codes` (or
 * `transaction_malformed`) — and leaves the ledger as stellar-core leaves it: a transaction refused by checkValid
 * (tx_* codes) changes nothing; one that fails in an operation (tx_failed) pays its fee and uses its sequence, nothing
 * else.
 */
import { Account, Asset, Keypair, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HorizonSimulator, STELLAR_LOCAL_PASSPHRASE, type StellarSimAccount } from './simulator.js';

const XLM = 10_000_000n;
const alice = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 21));
const bob = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 22));
const mallory = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 23));
const fresh = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 24)).publicKey();

let sim: HorizonSimulator;
let url: string;
beforeAll(async () => {
  sim = new HorizonSimulator({
    accounts: [
      { address: alice.publicKey(), balance: 100n * XLM },
      { address: bob.publicKey(), balance: 10n * XLM },
    ],
  });
  url = await sim.start();
});
afterAll(() => sim.stop());

async function submit(
  env: string,
): Promise<{ status: number; type: string | null; body: Record<string, any> }> {
  const r = await fetch(`${url}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx: env }).toString(),
  });
  return {
    status: r.status,
    type: r.headers.get('content-type'),
    body: (await r.json()) as Record<string, any>,
  };
}

interface Build {
  from?: Keypair;
  to?: string;
  amount?: string;
  create?: boolean;
  fee?: string;
  seq?: bigint;
  keys?: Keypair[];
  bounds?: { minTime: number; maxTime: number };
  passphrase?: string;
}
function envelope(o: Build = {}): string {
  const from = o.from ?? alice;
  const seq = o.seq ?? sim.accounts.get(from.publicKey())!.sequence;
  const builder = new TransactionBuilder(new Account(from.publicKey(), seq.toString()), {
    fee: o.fee ?? '100',
    networkPassphrase: o.passphrase ?? STELLAR_LOCAL_PASSPHRASE,
    ...(o.bounds ? { timebounds: o.bounds } : {}),
  }).addOperation(
    o.create
      ? Operation.createAccount({ destination: o.to ?? fresh, startingBalance: o.amount ?? '1' })
      : Operation.payment({
          destination: o.to ?? bob.publicKey(),
          asset: Asset.native(),
          amount: o.amount ?? '1',
        }),
  );
  if (!o.bounds) builder.setTimeout(300);
  const tx = builder.build();
  for (const k of o.keys ?? [from]) tx.sign(k);
  return tx.toXDR();
}

const snapshot = (): Record<string, StellarSimAccount | undefined> =>
  Object.fromEntries(
    [alice.publicKey(), bob.publicKey(), fresh].map((a) => {
      const acc = sim.accounts.get(a);
      return [a, acc && { ...acc, data: { ...acc.data } }];
    }),
  );

/** Horizon's 400 transaction_failed with these result codes. */
function failed(transaction: string, operations?: string[]) {
  return {
    type: 'https://stellar.org/horizon-errors/transaction_failed',
    title: 'Transaction Failed',
    status: 400,
    extras: { result_codes: operations ? { transaction, operations } : { transaction } },
  };
}

/** Submits; expects HTTP 400 problem+json with these codes and nothing changed. */
async function refusedUnchanged(env: string, transaction: string, operations?: string[]): Promise<void> {
  const before = snapshot();
  const r = await submit(env);
  expect(r.status).toBe(400);
  expect(r.type).toMatch(/^application\/problem\+json/);
  expect(r.body).toMatchObject(failed(transaction, operations));
  expect(r.body.extras.result_codes).toEqual(operations ? { transaction, operations } : { transaction });
  expect(snapshot()).toEqual(before);
}

/** Submits; expects 400 tx_failed with these operation codes, the fee paid and the sequence used, nothing else. */
async function failedWithFee(env: string, operations: string[], fee = 100n): Promise<void> {
  const before = snapshot();
  const r = await submit(env);
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject(failed('tx_failed', operations));
  const a = before[alice.publicKey()]!;
  expect(sim.accounts.get(alice.publicKey())).toEqual({
    ...a,
    balance: a.balance - fee,
    sequence: a.sequence + 1n,
  });
  expect(sim.accounts.get(bob.publicKey())).toEqual(before[bob.publicKey()]);
  expect(sim.accounts.get(fresh)).toEqual(before[fresh]);
}

const now = () => Math.floor(Date.now() / 1000);

describe('fidelity: Horizon’s answers to refused submissions', () => {
  it('wrong key: tx_bad_auth for another key or another network’s signature; an extra signature tx_bad_auth_extra', async () => {
    await refusedUnchanged(envelope({ keys: [mallory] }), 'tx_bad_auth');
    await refusedUnchanged(envelope({ passphrase: 'Test SDF Network ; September 2015' }), 'tx_bad_auth');
    await refusedUnchanged(envelope({ keys: [] }), 'tx_bad_auth');
    // signed by the source and by a key that is no signer of any account in the transaction
    await refusedUnchanged(envelope({ keys: [alice, mallory] }), 'tx_bad_auth_extra');
  });

  it('replay: the applied envelope again answers its record (200) and moves nothing twice', async () => {
    const env = envelope({ amount: '2' });
    const first = await submit(env);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ successful: true });
    const before = snapshot();
    const again = await submit(env);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(snapshot()).toEqual(before);
    // the same operation signed again at the used sequence is a new transaction: tx_bad_seq
    const seq = sim.accounts.get(alice.publicKey())!.sequence;
    await refusedUnchanged(envelope({ amount: '3', seq: seq - 1n }), 'tx_bad_seq');
  });

  it('stale and future sequence: tx_bad_seq, checked before the signature', async () => {
    const seq = sim.accounts.get(alice.publicKey())!.sequence;
    await refusedUnchanged(envelope({ seq: seq - 1n }), 'tx_bad_seq');
    await refusedUnchanged(envelope({ seq: seq + 1n }), 'tx_bad_seq');
    await refusedUnchanged(envelope({ seq: seq + 1n, keys: [mallory] }), 'tx_bad_seq');
  });

  it('expiry: tx_too_late after maxTime, tx_too_early before minTime, both checked before the fee', async () => {
    await refusedUnchanged(envelope({ bounds: { minTime: 0, maxTime: now() - 60 } }), 'tx_too_late');
    await refusedUnchanged(envelope({ bounds: { minTime: now() + 3600, maxTime: 0 } }), 'tx_too_early');
    // stellar-core's commonValidPreSeqNum: time bounds come before the fee
    await refusedUnchanged(
      envelope({ bounds: { minTime: 0, maxTime: now() - 60 }, fee: '1' }),
      'tx_too_late',
    );
  });

  it('fee: below the base fee tx_insufficient_fee; a fee the balance above the reserve cannot pay tx_insufficient_balance', async () => {
    await refusedUnchanged(envelope({ fee: '99' }), 'tx_insufficient_fee');
    // bob's minimum balance is 1 XLM (2 × 0.5): a fee of everything above it plus one stroop cannot be paid
    const unpayable = sim.accounts.get(bob.publicKey())!.balance - XLM + 1n;
    await refusedUnchanged(
      envelope({ from: bob, to: alice.publicKey(), fee: String(unpayable) }),
      'tx_insufficient_balance',
    );
  });

  it('overspend: op_underfunded (tx_failed) pays the fee and uses the sequence, moves nothing', async () => {
    await failedWithFee(envelope({ amount: '1000' }), ['op_underfunded']);
  });

  it('reserve: a payment into the minimum balance op_underfunded; createAccount below 2 reserves op_low_reserve', async () => {
    const a = sim.accounts.get(alice.publicKey())!;
    // everything above the minimum balance (1 XLM) less the fee, plus one stroop
    const over = a.balance - 100n - XLM + 1n;
    const xlm = (v: bigint) => `${v / XLM}.${(v % XLM).toString().padStart(7, '0')}`;
    await failedWithFee(envelope({ amount: xlm(over) }), ['op_underfunded']);
    await failedWithFee(envelope({ create: true, to: fresh, amount: '0.9999999' }), ['op_low_reserve']);
    // a payment to an account that does not exist
    await failedWithFee(envelope({ to: fresh }), ['op_no_destination']);
  });

  it('garbage: 400 transaction_malformed, nothing changed', async () => {
    const before = snapshot();
    for (const env of ['AAAA', 'not base64 at all', '']) {
      const r = await submit(env);
      expect(r.status).toBe(400);
      expect(r.type).toMatch(/^application\/problem\+json/);
      expect(r.body).toMatchObject({
        type: 'https://stellar.org/horizon-errors/transaction_malformed',
        title: 'Transaction Malformed',
        status: 400,
      });
    }
    expect(snapshot()).toEqual(before);
  });
});
