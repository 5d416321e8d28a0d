/**
 * Fidelity (issue 28): every rejection class a wallet can provoke on the XRP Ledger gets rippled's answer — HTTP 200,
 * its engine result token, code and message (TER.cpp) or its RPC error — and leaves the ledger as rippled leaves it:
 * tem/tef/tel/ter results change nothing; tec results claim the fee and use the sequence, nothing else.
 */
import { Wallet, type Payment } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XrplSimulator, type SimAccount } from './simulator.js';

const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const mallory = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const bob = Wallet.fromSeed('sEdSKaCy2JT7JaM7v95H9SxkhP9wS2r');
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

let sim: XrplSimulator;
let url: string;
beforeAll(async () => {
  sim = new XrplSimulator({
    accounts: [
      { address: alice.classicAddress, balance: 30_000_000n },
      { address: bob.classicAddress, balance: 5_000_000n },
    ],
  });
  url = await sim.start();
});
afterAll(() => sim.stop());

async function post(body: string): Promise<{ status: number; result: Record<string, unknown> }> {
  const r = await fetch(url, { method: 'POST', body });
  return { status: r.status, result: ((await r.json()) as { result: Record<string, unknown> }).result };
}
const submit = (tx_blob: string) =>
  post(JSON.stringify({ method: 'submit', params: [{ api_version: 2, tx_blob }] }));

function payment(over: Partial<Payment> = {}, signer = alice): string {
  const tx: Payment = {
    TransactionType: 'Payment',
    Account: alice.classicAddress,
    Destination: bob.classicAddress,
    Amount: '1000000',
    Fee: '12',
    Sequence: sim.accounts.get(alice.classicAddress)!.sequence,
    LastLedgerSequence: sim.validatedLedger + 20,
    SigningPubKey: signer.publicKey,
    ...over,
  };
  return signer.sign(tx).tx_blob;
}

type Snapshot = Record<string, SimAccount | undefined>;
const snapshot = (): Snapshot =>
  Object.fromEntries(
    [alice.classicAddress, bob.classicAddress, NEW].map((a) => {
      const acc = sim.accounts.get(a);
      return [a, acc && { ...acc }];
    }),
  );

/** Submits, expects HTTP 200 and rippled's engine result not applied, and the ledger untouched. */
async function refusedUnchanged(blob: string, token: string, code: number, message: string): Promise<void> {
  const before = snapshot();
  const { status, result } = await submit(blob);
  expect(status).toBe(200);
  expect(result).toMatchObject({
    status: 'success',
    applied: false,
    engine_result: token,
    engine_result_code: code,
    engine_result_message: message,
  });
  expect(snapshot()).toEqual(before);
}

describe('fidelity: rippled’s answers to refused submissions', () => {
  it('wrong key: tefBAD_AUTH (-196) for another account’s key, invalidTransaction for a bad signature', async () => {
    await refusedUnchanged(
      payment({ SigningPubKey: mallory.publicKey }, mallory),
      'tefBAD_AUTH',
      -196,
      "Transaction's public key is not authorized.",
    );
    // the signature does not match the signed fields (Amount changed after signing): checkValidity fails
    const signed = payment();
    const forged = signed.replace('6140000000000F4240', '6140000000001E8480');
    expect(forged).not.toBe(signed);
    const before = snapshot();
    const { status, result } = await submit(forged);
    expect(status).toBe(200);
    expect(result).toEqual({
      error: 'invalidTransaction',
      error_exception: 'fails local checks: Invalid signature.',
      status: 'error',
    });
    expect(snapshot()).toEqual(before);
  });

  it('the sequence is checked before the signature (checkSeqProxy precedes checkSign)', async () => {
    const seq = sim.accounts.get(alice.classicAddress)!.sequence;
    await refusedUnchanged(
      payment({ SigningPubKey: mallory.publicKey, Sequence: seq - 1 }, mallory),
      'tefPAST_SEQ',
      -190,
      'This sequence number has already passed.',
    );
    // and before the fee (checkFee comes last)
    await refusedUnchanged(
      payment({ Sequence: seq + 1, Fee: '1' }),
      'terPRE_SEQ',
      -92,
      'Missing/inapplicable prior transaction.',
    );
  });

  it('replay: the same applied blob again is tefPAST_SEQ and moves nothing a second time', async () => {
    const blob = payment();
    const before = snapshot();
    expect((await submit(blob)).result).toMatchObject({ engine_result: 'tesSUCCESS', applied: true });
    expect(sim.accounts.get(alice.classicAddress)).toMatchObject({
      balance: before[alice.classicAddress]!.balance - 1_000_012n,
      sequence: before[alice.classicAddress]!.sequence + 1,
    });
    await refusedUnchanged(blob, 'tefPAST_SEQ', -190, 'This sequence number has already passed.');
    sim.closeLedger();
    await refusedUnchanged(blob, 'tefPAST_SEQ', -190, 'This sequence number has already passed.');
  });

  it('stale and future sequence: tefPAST_SEQ (-190), terPRE_SEQ (-92)', async () => {
    const seq = sim.accounts.get(alice.classicAddress)!.sequence;
    await refusedUnchanged(
      payment({ Sequence: seq - 1 }),
      'tefPAST_SEQ',
      -190,
      'This sequence number has already passed.',
    );
    await refusedUnchanged(
      payment({ Sequence: seq + 1 }),
      'terPRE_SEQ',
      -92,
      'Missing/inapplicable prior transaction.',
    );
  });

  it('future sequence: terPRE_SEQ is kept (held), changes nothing, and applies once the gap is filled', async () => {
    // an account of its own: nothing else of this suite is held for it
    const carol = Wallet.generate();
    sim.accounts.set(carol.classicAddress, { balance: 20_000_000n, sequence: 5, ownerCount: 0, flags: 0 });
    const pay = (seq: number, amount: string) =>
      payment(
        { Account: carol.classicAddress, Sequence: seq, Amount: amount, SigningPubKey: carol.publicKey },
        carol,
      );
    const bobBefore = sim.accounts.get(bob.classicAddress)!.balance;
    const ahead = pay(6, '3000000');
    const before = { ...sim.accounts.get(carol.classicAddress)! };
    const { result } = await submit(ahead);
    expect(result).toMatchObject({
      engine_result: 'terPRE_SEQ',
      engine_result_code: -92,
      applied: false,
      kept: true,
      accepted: true,
      broadcast: false,
    });
    expect(sim.accounts.get(carol.classicAddress)).toEqual(before);
    sim.closeLedger(); // still ahead: stays held
    expect(sim.accounts.get(carol.classicAddress)).toEqual(before);
    expect(sim.accounts.get(bob.classicAddress)!.balance).toBe(bobBefore);
    expect((await submit(pay(5, '1000000'))).result).toMatchObject({ engine_result: 'tesSUCCESS' });
    sim.closeLedger(); // rippled retries its held transactions in the new open ledger
    expect(sim.accounts.get(carol.classicAddress)).toMatchObject({
      sequence: 7,
      balance: 20_000_000n - 4_000_000n - 24n,
    });
    expect(sim.accounts.get(bob.classicAddress)!.balance).toBe(bobBefore + 4_000_000n);
    // applied once: the same blob again is past its sequence
    const { result: again } = await submit(ahead);
    expect(again).toMatchObject({ engine_result: 'tefPAST_SEQ', applied: false });
    sim.closeLedger();
    expect(sim.accounts.get(carol.classicAddress)!.sequence).toBe(7);
  });

  it('expiry: LastLedgerSequence at or below the validated ledger is tefMAX_LEDGER (-187)', async () => {
    await refusedUnchanged(
      payment({ LastLedgerSequence: sim.validatedLedger }),
      'tefMAX_LEDGER',
      -187,
      'Ledger sequence too high.',
    );
    await refusedUnchanged(
      payment({ LastLedgerSequence: sim.validatedLedger - 5 }),
      'tefMAX_LEDGER',
      -187,
      'Ledger sequence too high.',
    );
  });

  it('fee: below the base fee telINSUF_FEE_P (-394); more than the balance terINSUF_FEE_B (-97)', async () => {
    await refusedUnchanged(payment({ Fee: '9' }), 'telINSUF_FEE_P', -394, 'Fee insufficient.');
    await refusedUnchanged(
      payment({ Fee: '40000000' }),
      'terINSUF_FEE_B',
      -97,
      "Account balance can't pay fee.",
    );
  });

  it('malformed: XRP SendMax temBAD_SEND_XRP_MAX, zero amount temBAD_AMOUNT, to itself temREDUNDANT', async () => {
    await refusedUnchanged(
      payment({ SendMax: '1000000' }),
      'temBAD_SEND_XRP_MAX',
      -287,
      'Malformed: Send max is not allowed for XRP to XRP.',
    );
    await refusedUnchanged(
      payment({ Amount: '0' }),
      'temBAD_AMOUNT',
      -298,
      'Can only send positive amounts.',
    );
    await refusedUnchanged(
      payment({ Destination: alice.classicAddress }),
      'temREDUNDANT',
      -275,
      'The transaction is redundant.',
    );
  });

  it('overspend: tecUNFUNDED_PAYMENT (104) claims the fee and the sequence, moves nothing', async () => {
    const before = snapshot();
    const { status, result } = await submit(payment({ Amount: '100000000' }));
    expect(status).toBe(200);
    expect(result).toMatchObject({
      engine_result: 'tecUNFUNDED_PAYMENT',
      engine_result_code: 104,
      engine_result_message: 'Insufficient XRP balance to send.',
    });
    expect(sim.accounts.get(alice.classicAddress)).toEqual({
      ...before[alice.classicAddress],
      balance: before[alice.classicAddress]!.balance - 12n,
      sequence: before[alice.classicAddress]!.sequence + 1,
    });
    expect(sim.accounts.get(bob.classicAddress)).toEqual(before[bob.classicAddress]);
  });

  it('reserve: into the reserve tecUNFUNDED_PAYMENT; a new account below the reserve tecNO_DST_INSUF_XRP (125)', async () => {
    // reserve 1 XRP: one drop more than balance − reserve would take the reserve (the fee alone may)
    const pay = (over: Partial<Payment>) =>
      payment(
        {
          Account: bob.classicAddress,
          Destination: alice.classicAddress,
          Sequence: sim.accounts.get(bob.classicAddress)!.sequence,
          ...over,
        },
        bob,
      );
    let before = snapshot();
    const spendable = sim.accounts.get(bob.classicAddress)!.balance - sim.reserveBase;
    expect((await submit(pay({ Amount: String(spendable + 1n) }))).result).toMatchObject({
      engine_result: 'tecUNFUNDED_PAYMENT',
      engine_result_code: 104,
    });
    expect(sim.accounts.get(bob.classicAddress)).toMatchObject({
      balance: before[bob.classicAddress]!.balance - 12n,
      sequence: before[bob.classicAddress]!.sequence + 1,
    });
    expect(sim.accounts.get(alice.classicAddress)).toEqual(before[alice.classicAddress]);

    before = snapshot();
    expect((await submit(pay({ Destination: NEW, Amount: '999999' }))).result).toMatchObject({
      engine_result: 'tecNO_DST_INSUF_XRP',
      engine_result_code: 125,
      engine_result_message: 'Destination does not exist. Too little XRP sent to create it.',
    });
    expect(sim.accounts.get(NEW)).toBeUndefined();
    expect(sim.accounts.get(bob.classicAddress)!.balance).toBe(before[bob.classicAddress]!.balance - 12n);
  });

  it('garbage: not hex is invalidParams (31); hex that is no transaction is invalidTransaction; bad JSON HTTP 400', async () => {
    const before = snapshot();
    for (const blob of ['not a transaction', '']) {
      const { status, result } = await submit(blob);
      expect(status).toBe(200);
      expect(result).toMatchObject({
        status: 'error',
        error: 'invalidParams',
        error_code: 31,
        error_message: 'Invalid parameters.',
      });
    }
    const { status, result } = await submit('DEADBEEF');
    expect(status).toBe(200);
    expect(result).toMatchObject({ status: 'error', error: 'invalidTransaction' });
    expect(typeof result.error_exception).toBe('string');
    const r = await fetch(url, { method: 'POST', body: '{"method":' });
    expect(r.status).toBe(400);
    expect(await r.text()).toMatch(/^Unable to parse request/);
    expect(snapshot()).toEqual(before);
  });
});
