/** simulateTransaction (sigVerify false, replaceRecentBlockhash true: any blockhash runs). */
import { getBase64Encoder, getTransactionDecoder, type Transaction } from '@solana/kit';
import type { TransactionMetadata } from 'litesvm';
import { RpcError, isFailed, transactionErrorJson } from './errors.js';
import type { SolanaLedger } from './ledger.js';

export function simulate(l: SolanaLedger, base64: string, sigVerify: boolean): unknown {
  const bytes = getBase64Encoder().encode(base64);
  let tx: Transaction;
  try {
    tx = getTransactionDecoder().decode(bytes) as Transaction;
  } catch {
    throw new RpcError(-32602, 'invalid transaction: failed to deserialize');
  }
  l.svm.withSigverify(sigVerify);
  try {
    const r = l.svm.simulateTransaction(tx);
    if (isFailed(r)) {
      const meta = r.meta();
      return {
        err: transactionErrorJson(r),
        logs: meta.logs(),
        accounts: null,
        unitsConsumed: Number(meta.computeUnitsConsumed()),
        returnData: null,
      };
    }
    const meta = (r as { meta(): TransactionMetadata }).meta();
    return {
      err: null,
      logs: meta.logs(),
      accounts: null,
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      returnData: null,
    };
  } finally {
    l.svm.withSigverify(true);
  }
}
