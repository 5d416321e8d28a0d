/**
 * Finalize: the device returns the fully signed transaction; this checks that it is the
 * planned one (same outpoints in order, same outputs and amounts, so neither the SDK nor
 * anything else changed the fee or the change) and computes its id.
 */
import { Transaction } from 'bitcoinjs-lib';
import { sha256 } from '@noble/hashes/sha2.js';
import type { SignedTransaction } from '@secux-companion/chain-common';
import type { UtxoPlan } from './build';
import { NETWORKS } from './networks';

export class SignedTransactionMismatchError extends Error {
  override readonly name = 'SignedTransactionMismatchError';
}

export interface FinalizedUtxoTx extends SignedTransaction {
  /** Actual virtual size. */
  vsize: number;
  fee: bigint;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** Transaction id of a raw transaction (GRS: single SHA-256 of the non-witness serialization). */
export function transactionId(tx: Transaction, hash: 'sha256d' | 'sha256' = 'sha256d'): string {
  if (hash === 'sha256d') return tx.getId();
  const stripped = tx.clone();
  for (const input of stripped.ins) input.witness = [];
  return hex(sha256(stripped.toBuffer()).reverse());
}

export function finalizeSigned(plan: UtxoPlan, rawTx: string): FinalizedUtxoTx {
  const network = NETWORKS[plan.network];
  const raw = rawTx.trim().toLowerCase().replace(/^0x/, '');
  let tx: Transaction;
  try {
    tx = Transaction.fromHex(raw);
  } catch (e) {
    throw new SignedTransactionMismatchError(`Unreadable signed transaction: ${(e as Error).message}`);
  }
  const mismatch = (what: string): never => {
    throw new SignedTransactionMismatchError(`Signed transaction differs from the plan: ${what}`);
  };
  if (tx.ins.length !== plan.inputs.length) mismatch('input count');
  tx.ins.forEach((input, i) => {
    const planned = plan.inputs[i]!;
    const txid = hex(Uint8Array.from(input.hash).reverse());
    if (txid !== planned.txid.toLowerCase() || input.index !== planned.vout) mismatch(`input ${i}`);
    if (plan.rbf && input.sequence >= 0xfffffffe) mismatch(`input ${i} does not signal RBF`);
    if (input.script.length === 0 && input.witness.length === 0) mismatch(`input ${i} is not signed`);
  });
  if (tx.outs.length !== plan.outputs.length) mismatch('output count');
  tx.outs.forEach((out, i) => {
    const planned = plan.outputs[i]!;
    if (hex(out.script) !== planned.script || BigInt(out.value) !== planned.value) mismatch(`output ${i}`);
  });
  const inTotal = plan.inputs.reduce((s, u) => s + u.value, 0n);
  const outTotal = plan.outputs.reduce((s, o) => s + o.value, 0n);
  return {
    hash: transactionId(tx, network.txidHash),
    raw,
    vsize: tx.virtualSize(),
    fee: inTotal - outTotal,
  };
}

