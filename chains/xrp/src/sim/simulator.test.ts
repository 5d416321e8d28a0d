/**
 * The XRP Ledger simulator answers what rippled answers: real balances, sequences and reserves; a signature from the
 * wrong key is refused; past/future sequences, an expired LastLedgerSequence, a bad fee, a missing destination tag, a
 * too-small first payment and an unfunded payment get rippled's engine results; 'Held' when busy.
 */
import { Wallet, type Payment } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { XRPL_TAG_REQUIRED_ACCOUNT, XrplSimulator, xrpAddressOf, xrplGenesis } from './simulator.js';

const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const mallory = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const TAGGED = xrpAddressOf(DEFAULT_MNEMONIC, XRPL_TAG_REQUIRED_ACCOUNT);

let sim: XrplSimulator;
let url: string;
beforeAll(async () => {
  sim = new XrplSimulator({
    accounts: [...xrplGenesis(DEFAULT_MNEMONIC), { address: alice.classicAddress, balance: 30_000_000n }],
  });
  url = await sim.start();
});
afterAll(() => sim.stop());

async function rpc(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const r = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ method, params: [{ api_version: 2, ...params }] }),
  });
  return ((await r.json()) as { result: Record<string, unknown> }).result;
}

function payment(over: Partial<Payment> = {}, signer = alice): string {
  const account = sim.accounts.get(alice.classicAddress)!;
  const tx: Payment = {
    TransactionType: 'Payment',
    Account: alice.classicAddress,
    Destination: NEW,
    Amount: '2000000',
    Fee: '12',
    Sequence: account.sequence,
    LastLedgerSequence: sim.validatedLedger + 75,
    SigningPubKey: signer.publicKey,
    ...over,
  };
  return signer.sign(tx).tx_blob;
}

const submit = async (blob: string) => rpc('submit', { tx_blob: blob });

describe('XRP Ledger simulator', () => {
  it('funds the emulator accounts (vector address first) and the tag-required recipient', async () => {
    expect(xrpAddressOf(DEFAULT_MNEMONIC, 0)).toBe('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3');
    const info = await rpc('account_info', {
      account: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
      ledger_index: 'validated',
    });
    expect(info).toMatchObject({ status: 'success', account_data: { Balance: '1000000000' } });
    expect(await rpc('account_info', { account: TAGGED })).toMatchObject({
      account_flags: { requireDestinationTag: true },
    });
    expect(await rpc('account_info', { account: NEW })).toMatchObject({
      status: 'error',
      error: 'actNotFound',
      error_code: 19,
    });
    expect(await rpc('server_state')).toMatchObject({
      state: { validated_ledger: { reserve_base: 1000000, reserve_inc: 200000 } },
    });
  });

  it('refuses a transaction signed by another key than the account’s', async () => {
    const blob = payment({ SigningPubKey: mallory.publicKey }, mallory);
    expect(await submit(blob)).toMatchObject({ engine_result: 'tefBAD_AUTH' });
    // a signature that does not match the blob
    const tampered = payment().replace(
      /^(.{40})(.)/,
      (_m, a: string, c: string) => a + (c === '0' ? '1' : '0'),
    );
    expect(await submit(tampered)).toMatchObject({ status: 'error', error: 'invalidTransaction' });
  });

  it('answers tecNO_DST_INSUF_XRP for a first payment below the base reserve, then activates with enough', async () => {
    const before = sim.accounts.get(alice.classicAddress)!.balance;
    expect(await submit(payment({ Amount: '999999' }))).toMatchObject({
      engine_result: 'tecNO_DST_INSUF_XRP',
      engine_result_code: 125,
      engine_result_message: 'Destination does not exist. Too little XRP sent to create it.',
    });
    expect(sim.accounts.get(alice.classicAddress)!.balance).toBe(before - 12n); // the fee is claimed
    const ok = await submit(payment());
    expect(ok).toMatchObject({ engine_result: 'tesSUCCESS' });
    expect(await rpc('account_info', { account: NEW })).toMatchObject({
      account_data: { Balance: '2000000' },
    });
  });

  it('answers rippled’s results for sequence, ledger, fee, tag and funds', async () => {
    const seq = sim.accounts.get(alice.classicAddress)!.sequence;
    expect(await submit(payment({ Sequence: seq - 1 }))).toMatchObject({ engine_result: 'tefPAST_SEQ' });
    expect(await submit(payment({ Sequence: seq + 1 }))).toMatchObject({ engine_result: 'terPRE_SEQ' });
    expect(await submit(payment({ LastLedgerSequence: sim.validatedLedger }))).toMatchObject({
      engine_result: 'tefMAX_LEDGER',
    });
    expect(await submit(payment({ Fee: '1' }))).toMatchObject({ engine_result: 'telINSUF_FEE_P' });
    expect(await submit(payment({ Destination: TAGGED }))).toMatchObject({
      engine_result: 'tecDST_TAG_NEEDED',
    });
    expect(await submit(payment({ Destination: TAGGED, DestinationTag: 7 }))).toMatchObject({
      engine_result: 'tesSUCCESS',
    });
    expect(await submit(payment({ Amount: '100000000' }))).toMatchObject({
      engine_result: 'tecUNFUNDED_PAYMENT',
      engine_result_message: 'Insufficient XRP balance to send.',
    });
  });

  it('refuses tfPartialPayment from XRP to XRP as malformed: nothing applied, no fee, no sequence', async () => {
    const before = { ...sim.accounts.get(alice.classicAddress)! };
    const dest = sim.accounts.get(NEW)!.balance;
    expect(await submit(payment({ Amount: '1000000', Flags: 0x00020000 }))).toMatchObject({
      status: 'success',
      applied: false,
      engine_result: 'temBAD_SEND_XRP_PARTIAL',
      engine_result_code: -285,
      engine_result_message: 'Malformed: Partial payment is not allowed for XRP to XRP.',
    });
    // an XRP SendMax is refused first, as rippled's preflight orders them
    expect(await submit(payment({ Amount: '1000000', SendMax: '1000000', Flags: 0x00020000 }))).toMatchObject(
      {
        engine_result: 'temBAD_SEND_XRP_MAX',
        engine_result_code: -287,
      },
    );
    expect(sim.accounts.get(alice.classicAddress)).toEqual(before);
    expect(sim.accounts.get(NEW)!.balance).toBe(dest);
  });

  it('lets the last payment’s fee come out of the reserve, and refuses one drop more (tecUNFUNDED_PAYMENT)', async () => {
    // bob holds 3 XRP; the reserve is 1 XRP (no owned objects); the fee is 12 drops
    const bob = Wallet.fromSeed('sEdSKaCy2JT7JaM7v95H9SxkhP9wS2r');
    sim.accounts.set(bob.classicAddress, { balance: 3_000_000n, sequence: 1, ownerCount: 0, flags: 0 });
    const pay = (amount: bigint) =>
      payment(
        {
          Account: bob.classicAddress,
          Amount: String(amount),
          Sequence: sim.accounts.get(bob.classicAddress)!.sequence,
        },
        bob,
      );
    const dest = sim.accounts.get(NEW)!.balance;
    // one drop past balance − reserve: refused, the fee claimed and the sequence used (a tec result)
    expect(await submit(pay(2_000_001n))).toMatchObject({
      engine_result: 'tecUNFUNDED_PAYMENT',
      engine_result_code: 104,
    });
    expect(sim.accounts.get(bob.classicAddress)).toMatchObject({ balance: 3_000_000n - 12n, sequence: 2 });
    expect(sim.accounts.get(NEW)!.balance).toBe(dest);
    // exactly balance − reserve: applied, the fee taken from the reserve
    expect(await submit(pay(3_000_000n - 12n - 1_000_000n))).toMatchObject({ engine_result: 'tesSUCCESS' });
    expect(sim.accounts.get(bob.classicAddress)).toMatchObject({ balance: 1_000_000n - 12n, sequence: 3 });
    expect(sim.accounts.get(NEW)!.balance).toBe(dest + 3_000_000n - 12n - 1_000_000n);
  });

  it('simulate: a dry run of an unsigned payment, autofilled, with the AccountRoot changes; the ledger unchanged', async () => {
    const before = { ...sim.accounts.get(alice.classicAddress)! };
    const dest = xrplGenesis(DEFAULT_MNEMONIC)[0]!.address;
    const destBefore = sim.accounts.get(dest)!.balance;
    const r = await rpc('simulate', {
      tx_json: {
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: dest,
        Amount: '1000000',
      },
    });
    expect(r).toMatchObject({
      applied: false,
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      engine_result_message: 'The simulated transaction would have been applied.',
      ledger_index: sim.validatedLedger + 1,
      tx_json: { Fee: '10', Sequence: before.sequence, SigningPubKey: '' },
      meta: { TransactionResult: 'tesSUCCESS', delivered_amount: '1000000' },
    });
    const nodes = (
      r.meta as {
        AffectedNodes: {
          ModifiedNode?: {
            FinalFields: { Account: string; Balance: string };
            PreviousFields: { Balance?: string };
          };
        }[];
      }
    ).AffectedNodes;
    const of = (a: string) => nodes.find((n) => n.ModifiedNode?.FinalFields.Account === a)!.ModifiedNode!;
    expect(of(alice.classicAddress).PreviousFields.Balance).toBe(String(before.balance));
    expect(of(alice.classicAddress).FinalFields.Balance).toBe(String(before.balance - 1_000_010n));
    expect(of(dest).FinalFields.Balance).toBe(String(destBefore + 1_000_000n));
    // nothing applied
    expect(sim.accounts.get(alice.classicAddress)).toEqual(before);
    // a new account is a CreatedNode; a payment the ledger refuses has its engine result
    const fresh = Wallet.generate().classicAddress;
    const created = await rpc('simulate', {
      tx_json: {
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: fresh,
        Amount: '20000000',
      },
    });
    expect((created.meta as { AffectedNodes: object[] }).AffectedNodes).toContainEqual({
      CreatedNode: expect.objectContaining({
        NewFields: expect.objectContaining({ Account: fresh, Balance: '20000000' }),
      }),
    });
    const unfunded = await rpc('simulate', {
      tx_json: {
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: dest,
        Amount: String(before.balance),
      },
    });
    expect(unfunded).toMatchObject({
      engine_result: 'tecUNFUNDED_PAYMENT',
      meta: { TransactionResult: 'tecUNFUNDED_PAYMENT' },
    });
    // a signed transaction, or both forms, are refused as rippled refuses them
    expect(await rpc('simulate', { tx_blob: payment() })).toMatchObject({
      error: 'transactionSigned',
      status: 'error',
    });
    expect(await rpc('simulate', { tx_blob: 'AB', tx_json: {} })).toMatchObject({ error: 'invalidParams' });
  });

  it('keeps history for account_tx with results and markers', async () => {
    const page = await rpc('account_tx', { account: alice.classicAddress, limit: 2 });
    expect((page.transactions as unknown[]).length).toBe(2);
    expect(page.marker).toBeDefined();
    const tagged = await rpc('account_tx', { account: TAGGED, limit: 20 });
    expect(tagged.transactions).toContainEqual(
      expect.objectContaining({
        tx_json: expect.objectContaining({ DestinationTag: 7 }),
        meta: expect.objectContaining({ TransactionResult: 'tesSUCCESS' }),
      }),
    );
  });

  it("answers 'Held until escalated fee drops.' when busy and applies at the next close", async () => {
    sim.busy = true;
    const before = sim.accounts.get(NEW)!.balance;
    expect(await submit(payment({ Amount: '1000000' }))).toMatchObject({
      engine_result: 'terQUEUED',
      engine_result_message: 'Held until escalated fee drops.',
    });
    sim.busy = false;
    sim.closeLedger();
    expect(sim.accounts.get(NEW)!.balance).toBe(before + 1_000_000n);
  });
});
