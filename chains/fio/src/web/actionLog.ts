/**
 * Pushing a signed FIO action with its transaction log (spec 01 §7, spec 02 §2: after every broadcast a transaction
 * log is posted, errors there only logged): every name-service action (register, renew, transfer, bundles, assign,
 * requests and records) and every stake step goes through here, as transfers go through the send flow's
 * broadcastWith. The log carries the action, the signing path, the name it is about, the amount and fee, and the
 * outcome (state-010 with the node's id, or err-08 with the signed transaction's id and the node's words).
 */
import { TXLOG_ERROR_MAX_CHARS } from '@secux-companion/core';
import type { FioAdapter, FioBuiltAction } from '@secux-companion/chain-fio';
import { postTxLog } from '@secux-companion/web-kit/accounts/api';

/** The name an action is about (domain, handle, new owner, the other party of a request), if it has one. */
function subjectOf(data: Record<string, unknown>): string | undefined {
  for (const k of [
    'fio_domain',
    'fio_address',
    'payer_fio_address',
    'payee_fio_address',
    'new_owner_fio_public_key',
  ]) {
    const v = data[k];
    if (typeof v === 'string' && v !== '') return v.slice(0, 256);
  }
  return undefined;
}

/** What the log says of a built action (the server's routes/txlog.ts context). */
function actionLogContext(built: FioBuiltAction): Record<string, unknown> {
  const { unsigned } = built;
  const to = subjectOf(unsigned.data);
  const amount = unsigned.data.amount;
  return {
    kind: unsigned.kind,
    from: built.signRequest.path,
    ...(to ? { to } : {}),
    ...((typeof amount === 'string' || typeof amount === 'number') && /^\d{1,80}$/.test(String(amount))
      ? { amount: String(amount) }
      : {}),
    fee: built.fee.toString(),
  };
}

/** Pushes what the device signed and posts the transaction log; resolves to the node's transaction id. */
export async function pushFioAction(
  names: Pick<FioAdapter['names'], 'signAndPush'>,
  coin: string,
  built: FioBuiltAction,
  signature: string,
): Promise<string> {
  const context = actionLogContext(built);
  try {
    const txId = await names.signAndPush({ signFio: async () => signature }, built);
    void postTxLog(txId, coin, { ...context, result: 'state-010' });
    return txId;
  } catch (e) {
    const raw = e instanceof Error ? e.message : String(e);
    void postTxLog(built.unsigned.txId, coin, {
      ...context,
      result: 'err-08',
      error: raw.slice(0, TXLOG_ERROR_MAX_CHARS),
    });
    throw e;
  }
}
