/**
 * POST /transactions: decode the envelope on the network's passphrase, check it as stellar-core's checkValid does
 * (refusals take no fee and no sequence), verify the signatures, then charge the fee, use the sequence and apply the
 * operations; a transaction that fails in an operation is recorded as failed (tx_failed). A resubmitted envelope gets
 * its stored result.
 */
import { TransactionBuilder, extractBaseAddress, type Transaction } from '@stellar/stellar-sdk';
import { isoNow, problem, type Answer, type Json } from './horizon.js';
import { Refusal, type HorizonLedger, type TxRecord } from './ledger.js';
import { applyOperations } from './operations.js';
import { decorated, memoOf, signedBy, verifies } from './signatures.js';

/** Horizon's 400 transaction_failed with stellar-core's result codes. */
export function refuse(env: string, r: Refusal): Answer {
  return {
    status: 400,
    json: problem(
      'transaction_failed',
      'Transaction Failed',
      400,
      'The transaction failed when submitted to the stellar network. The `extras.result_codes` field on this response contains further details.  Descriptions of each code can be found at: https://developers.stellar.org/docs/data/apis/horizon/api-reference/errors/result-codes/transactions',
      {
        envelope_xdr: env,
        result_codes: { transaction: r.transaction, ...(r.operations ? { operations: r.operations } : {}) },
      },
    ),
  };
}

/** The envelope as a plain transaction on this network; undefined for anything else (fee bumps included). */
function decode(l: HorizonLedger, env: string): Transaction | undefined {
  try {
    const decoded = TransactionBuilder.fromXDR(env, l.networkPassphrase);
    if (!('operations' in decoded) || 'innerTransaction' in decoded) throw new Error('fee bump');
    return decoded;
  } catch {
    return undefined;
  }
}

export function submit(l: HorizonLedger, body: string): Answer {
  const env = new URLSearchParams(body).get('tx') ?? '';
  const tx = decode(l, env);
  if (!tx)
    return {
      status: 400,
      json: problem(
        'transaction_malformed',
        'Transaction Malformed',
        400,
        'Horizon could not decode the transaction envelope in this request. A transaction should be an XDR TransactionEnvelope struct encoded using base64.',
        { envelope_xdr: env },
      ),
    };
  const hash = Buffer.from(tx.hash()).toString('hex');
  const done = l.transactions.get(hash);
  // The same signed envelope can be resubmitted: Horizon answers the original result from its history — the record
  // for a successful transaction, and for a failed one the same 400 transaction_failed as the first submission
  // (txsub's txResultFromHistory: an unsuccessful result is a FailedTransactionError). Nothing is charged again.
  if (done) {
    const failure = l.failures.get(hash);
    return failure ? refuse(env, failure) : { status: 200, json: done };
  }
  const source = extractBaseAddress(tx.source);
  const refused = checkValid(l, tx, source);
  if (refused) return refuse(env, refused);
  // Valid: the fee is paid and the sequence used, whatever the operations do.
  const account = l.accounts.get(source)!;
  const fee = BigInt(tx.fee);
  account.balance -= fee;
  account.sequence += 1n;
  const results = applyOperations(l, tx, source);
  const record = recordTransaction(l, tx, { hash, env, source, successful: results.ok });
  if (!results.ok) {
    const failure = new Refusal('tx_failed', results.codes);
    l.failures.set(hash, failure);
    return refuse(env, failure);
  }
  recordPayments(l, record, results.records);
  return { status: 200, json: record };
}

/**
 * stellar-core's checkValid, in its order: commonValidPreSeqNum (operations, time bounds, fee, source account),
 * then the sequence, the source's signature, the balance for the fee, each operation's checks (its source's
 * signature), and last every signature used (txBAD_AUTH_EXTRA). None of these refusals takes a fee or a sequence.
 */
function checkValid(l: HorizonLedger, tx: Transaction, source: string): Refusal | undefined {
  const ops = tx.operations.length;
  const fee = BigInt(tx.fee);
  if (ops === 0) return new Refusal('tx_missing_operation');
  const now = Math.floor(Date.now() / 1000);
  if (now < Number(tx.timeBounds?.minTime ?? 0)) return new Refusal('tx_too_early');
  const maxTime = Number(tx.timeBounds?.maxTime ?? 0);
  if (maxTime !== 0 && now > maxTime) return new Refusal('tx_too_late');
  if (fee < l.baseFee * BigInt(ops)) return new Refusal('tx_insufficient_fee');
  const account = l.accounts.get(source);
  if (!account) return new Refusal('tx_no_source_account');
  if (BigInt(tx.sequence) !== account.sequence + 1n) return new Refusal('tx_bad_seq');
  if (!signedBy(tx, source)) return new Refusal('tx_bad_auth');
  if (account.balance - l.minimumBalance(account) < fee) return new Refusal('tx_insufficient_balance');
  // An operation with its own source account needs that account's signature too (tx_failed with op_bad_auth /
  // op_no_source_account).
  const opAuth = tx.operations.map((op) => {
    const from = op.source ? extractBaseAddress(op.source) : source;
    if (from === source) return 'op_success';
    if (!l.accounts.has(from)) return 'op_no_source_account';
    return signedBy(tx, from) ? 'op_success' : 'op_bad_auth';
  });
  if (opAuth.some((c) => c !== 'op_success')) return new Refusal('tx_failed', opAuth);
  const signers = new Set([source, ...tx.operations.map((op) => extractBaseAddress(op.source ?? source))]);
  if (!tx.signatures.every((s) => [...signers].some((a) => verifies(tx, s, a))))
    return new Refusal('tx_bad_auth_extra');
  return undefined;
}

/** The transaction's record in the next ledger, kept by hash and in its source's transactions. */
function recordTransaction(
  l: HorizonLedger,
  tx: Transaction,
  t: { hash: string; env: string; source: string; successful: boolean },
): TxRecord {
  const ledger = l.ledger + 1;
  const fee = BigInt(tx.fee);
  const record: TxRecord = {
    id: t.hash,
    paging_token: String((BigInt(ledger) << 32n) + BigInt(++l.opCounter) * 4096n),
    successful: t.successful,
    hash: t.hash,
    ledger,
    created_at: isoNow(),
    source_account: t.source,
    source_account_sequence: tx.sequence,
    fee_account: t.source,
    fee_charged: fee.toString(),
    max_fee: fee.toString(),
    operation_count: tx.operations.length,
    envelope_xdr: t.env,
    ...memoOf(tx),
    signatures: tx.signatures.map((s) => Buffer.from(decorated(s).signature).toString('base64')),
  };
  l.transactions.set(t.hash, record);
  l.txByAccount.set(t.source, [...(l.txByAccount.get(t.source) ?? []), record]);
  return record;
}

/** Each operation's payment record, in both parties' payments; the transaction in the receiver's transactions. */
function recordPayments(l: HorizonLedger, record: TxRecord, payments: Json[]): void {
  const source = record.source_account;
  for (const p of payments) {
    const rec: Json = {
      id: String(++l.opCounter),
      paging_token: '',
      transaction_successful: true,
      source_account: source,
      created_at: record.created_at,
      transaction_hash: record.hash,
      ...p,
    };
    rec.paging_token = String((BigInt(record.ledger) << 32n) + BigInt(l.opCounter));
    rec.id = rec.paging_token;
    const parties = [String(p.from ?? p.funder), String(p.to ?? p.account)];
    for (const who of new Set(parties)) l.payments.set(who, [...(l.payments.get(who) ?? []), rec]);
    const dest = parties[1]!;
    if (dest !== source) l.txByAccount.set(dest, [...(l.txByAccount.get(dest) ?? []), record]);
  }
}
