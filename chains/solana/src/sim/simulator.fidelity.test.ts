/**
 * Fidelity (issue 28): every rejection class a wallet can provoke on Solana gets the RPC node's sendTransaction answer
 * — HTTP 200 with a JSON-RPC error: -32003 for a signature, -32002 "Transaction simulation failed: …" with the
 * TransactionError in `data.err` for what preflight refuses (blockhash, already processed, program and rent rules, the
 * fee), -32602 for bytes that are no transaction, -32700 for a body that is no JSON — and a refused transaction costs
 * nothing: balances and history unchanged (preflight refusals never reach a block).
 */
import {
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransactionMessageWithSigners,
  type Blockhash,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKHASH_VALID_BLOCKS, SolanaSimulator } from './simulator.js';

const SOL = 1_000_000_000n;
let sim: SolanaSimulator;
let url: string;
let alice: KeyPairSigner;
let bob: KeyPairSigner;
let mallory: KeyPairSigner;
let poor: KeyPairSigner;
let ghost: KeyPairSigner;
let fresh: KeyPairSigner;

beforeAll(async () => {
  const signers = await Promise.all(Array.from({ length: 6 }, () => generateKeyPairSigner()));
  [alice, bob, mallory, poor, ghost, fresh] = signers as [
    KeyPairSigner,
    KeyPairSigner,
    KeyPairSigner,
    KeyPairSigner,
    KeyPairSigner,
    KeyPairSigner,
  ];
  sim = new SolanaSimulator({ slotMs: 0 });
  sim.svm.airdrop(alice.address, lamports(10n * SOL));
  sim.svm.airdrop(bob.address, lamports(10n * SOL));
  sim.svm.airdrop(mallory.address, lamports(10n * SOL));
  // below the 5,000-lamport fee (and below rent exemption, so set directly: an airdrop that small is refused)
  sim.svm.setAccount({
    address: poor.address,
    data: new Uint8Array(0),
    executable: false,
    lamports: lamports(4_999n),
    programAddress: address('11111111111111111111111111111111'),
    space: 0n,
  });
  [url] = (await sim.start([0])) as [string];
}, 30_000);
afterAll(() => sim?.stop());

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON-RPC answers
  body: { result?: any; error?: { code: number; message: string; data?: any } };
}
async function post(body: string): Promise<Answer> {
  const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  return { status: r.status, body: (await r.json()) as Answer['body'] };
}
const call = (method: string, params: unknown[] = []) =>
  post(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));
const send = (wire: string, skipPreflight = false) =>
  call('sendTransaction', [wire, { encoding: 'base64', skipPreflight }]);
const latest = async () => (await call('getLatestBlockhash')).body.result.value.blockhash as string;

async function transfer(
  from: KeyPairSigner,
  to: string,
  lamports: bigint,
  o: { blockhash?: string; signWith?: KeyPairSigner } = {},
): Promise<string> {
  const blockhash = o.blockhash ?? (await latest());
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({ source: from, destination: address(to), amount: lamports }),
        m,
      ),
  );
  const tx: Transaction = await signTransactionMessageWithSigners(message);
  if (o.signWith) {
    // the fee payer's slot holds a signature of another key over the same message
    const forged = await signBytes(o.signWith.keyPair.privateKey, tx.messageBytes);
    return getBase64EncodedWireTransaction({
      ...tx,
      signatures: { ...tx.signatures, [from.address]: forged },
    });
  }
  return getBase64EncodedWireTransaction(tx);
}

const balance = (a: string) => sim.svm.getBalance(address(a)) ?? 0n;
async function snapshot() {
  const who = [alice, bob, mallory, poor, ghost, fresh].map((s) => s.address);
  return {
    balances: who.map(balance),
    history: await Promise.all(
      who.map(async (a) => (await call('getSignaturesForAddress', [a])).body.result),
    ),
  };
}

/** Sends; expects HTTP 200, no result, the error's code and message (and data.err), nothing changed. */
async function refused(wire: string, code: number, message: string, err?: unknown): Promise<void> {
  const before = await snapshot();
  const { status, body } = await send(wire);
  expect(status).toBe(200);
  expect(body.result).toBeUndefined();
  expect(body.error).toMatchObject({ code, message });
  if (err !== undefined) expect(body.error!.data).toMatchObject({ err, accounts: null, returnData: null });
  expect(await snapshot()).toEqual(before);
}

describe('fidelity: the RPC node’s answers to refused sendTransaction', () => {
  it('wrong key: -32003 "Transaction signature verification failure"', async () => {
    await refused(
      await transfer(alice, bob.address, 1_000n, { signWith: mallory }),
      -32003,
      'Transaction signature verification failure',
    );
  });

  it('replay: the same transaction again is AlreadyProcessed at preflight, charged once', async () => {
    const wire = await transfer(alice, bob.address, 1_000_000n);
    const before = { a: balance(alice.address), b: balance(bob.address) };
    expect((await send(wire)).body.result).toEqual(expect.any(String));
    expect(balance(alice.address)).toBe(before.a - 1_000_000n - 5_000n);
    expect(balance(bob.address)).toBe(before.b + 1_000_000n);
    await refused(
      wire,
      -32002,
      'Transaction simulation failed: This transaction has already been processed',
      'AlreadyProcessed',
    );
    sim.advance(1);
    await refused(
      wire,
      -32002,
      'Transaction simulation failed: This transaction has already been processed',
      'AlreadyProcessed',
    );
  });

  it('stale or unknown blockhash (Solana’s sequence) and expiry: BlockhashNotFound', async () => {
    // a blockhash this chain never produced
    await refused(
      await transfer(alice, bob.address, 1_000n, { blockhash: '11111111111111111111111111111111' }),
      -32002,
      'Transaction simulation failed: Blockhash not found',
      'BlockhashNotFound',
    );
    // a real one, 151 blocks old
    const old = await latest();
    const wire = await transfer(alice, bob.address, 2_000n, { blockhash: old });
    sim.advance(BLOCKHASH_VALID_BLOCKS + 1);
    await refused(wire, -32002, 'Transaction simulation failed: Blockhash not found', 'BlockhashNotFound');
  });

  it('overspend: InstructionError Custom 1 (the system program’s insufficient funds)', async () => {
    await refused(
      await transfer(alice, bob.address, balance(alice.address) + 1n),
      -32002,
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      { InstructionError: [0, { Custom: 1 }] },
    );
  });

  it('rent: a new account or a sender left below rent exemption is InsufficientFundsForRent', async () => {
    const rent = BigInt((await call('getMinimumBalanceForRentExemption', [0])).body.result as number);
    await refused(
      await transfer(alice, fresh.address, rent - 1n),
      -32002,
      'Transaction simulation failed: Transaction results in an account (1) with insufficient funds for rent',
      { InsufficientFundsForRent: { account_index: 1 } },
    );
    await refused(
      await transfer(alice, bob.address, balance(alice.address) - 5_000n - 1n),
      -32002,
      'Transaction simulation failed: Transaction results in an account (0) with insufficient funds for rent',
      { InsufficientFundsForRent: { account_index: 0 } },
    );
  });

  it('fee: a payer below the fee is InsufficientFundsForFee; a payer that does not exist AccountNotFound', async () => {
    await refused(
      await transfer(poor, bob.address, 1n),
      -32002,
      'Transaction simulation failed: Insufficient funds for fee',
      'InsufficientFundsForFee',
    );
    await refused(
      await transfer(ghost, bob.address, 1n),
      -32002,
      'Transaction simulation failed: Attempt to debit an account but found no record of a prior credit.',
      'AccountNotFound',
    );
  });

  it('garbage: -32602 for bytes that are no transaction, -32700 for a body that is no JSON', async () => {
    const before = await snapshot();
    for (const wire of ['AAAA', Buffer.from('not a transaction').toString('base64')]) {
      const { status, body } = await send(wire);
      expect(status).toBe(200);
      expect(body.error?.code).toBe(-32602);
    }
    const bad = await post('{"jsonrpc":"2.0","id":1,"method":');
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
    expect(await snapshot()).toEqual(before);
  });
});
