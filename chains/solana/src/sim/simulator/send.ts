/**
 * sendTransaction: decode, then as the RPC does unless skipPreflight: verify the signatures and simulate on the
 * current state (blockhash age, already processed, every program rule); a refusal is -32002 "Transaction simulation
 * failed: …" (-32003 for a signature) and nothing lands, so nothing is charged. A transaction that passes is executed
 * and recorded. With skipPreflight the validator decides: a transaction it cannot take (bad signature, unknown
 * blockhash, already processed) is dropped, one that fails in a program lands failed and pays its fee; either way
 * the RPC answers the signature.
 */
import type { FailedTransactionMetadata, TransactionMetadata } from 'litesvm';
import { tokenBalances } from './accounts.js';
import { decode } from './decode.js';
import { RpcError, isFailed, transactionErrorJson, transactionErrorText } from './errors.js';
import type { SolanaLedger } from './ledger.js';
import { recordTransaction } from './record.js';

/** The preflight refusal: -32002 "Transaction simulation failed: …" with the simulation's result as data. */
const preflight = (err: unknown, logs: string[] = [], units = 0) =>
  new RpcError(-32002, `Transaction simulation failed: ${transactionErrorText(err)}`, {
    err,
    logs,
    accounts: null,
    unitsConsumed: units,
    returnData: null,
  });

/** A failed execution as the RPC refuses it: -32003 for a bad signature, else the preflight refusal. */
const refusal = (failed: FailedTransactionMetadata) => {
  const err = transactionErrorJson(failed);
  if (err === 'SignatureFailure') return new RpcError(-32003, 'Transaction signature verification failure');
  const meta = failed.meta();
  return preflight(err, meta.logs(), Number(meta.computeUnitsConsumed()));
};

export function send(l: SolanaLedger, base64: string, skipPreflight = false): string {
  const d = decode(base64);
  const { tx, msg, keys, signature } = d;
  if (!skipPreflight) {
    // agave's order: the signatures, then the simulation (blockhash, status cache, execution).
    const sim = l.svm.simulateTransaction(tx);
    if (isFailed(sim) && transactionErrorJson(sim) === 'SignatureFailure') throw refusal(sim);
    if (!l.isBlockhashValid(msg.lifetimeToken)) throw preflight('BlockhashNotFound');
    if (l.bySignature.has(signature)) throw preflight('AlreadyProcessed');
    if (isFailed(sim)) throw refusal(sim);
  } else if (!l.isBlockhashValid(msg.lifetimeToken) || l.bySignature.has(signature)) return signature;
  const preBalances = keys.map((k) => Number(l.account(k)?.lamports ?? 0n));
  const preTokenBalances = tokenBalances(l, keys);
  const res = l.svm.sendTransaction(tx);
  let failure: unknown = null;
  if (isFailed(res)) {
    // Only with skipPreflight (the simulation passed otherwise): the validator drops a bad signature, and a
    // transaction that fails before it can pay its fee; the rest lands failed, its fee paid.
    const err = transactionErrorJson(res);
    const paid = keys.map((k) => Number(l.account(k)?.lamports ?? 0n));
    if (!skipPreflight) throw refusal(res);
    if (err === 'SignatureFailure' || paid.every((b, i) => b === preBalances[i])) return signature;
    failure = err;
  }
  const meta = isFailed(res) ? res.meta() : (res as TransactionMetadata);
  recordTransaction(l, d, { failure, meta, preBalances, preTokenBalances });
  return signature;
}
