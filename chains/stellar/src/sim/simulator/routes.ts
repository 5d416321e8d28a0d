/** The HTTP routes: POST /transactions to submit, the GET resources, Horizon's 404/405/400 answers. */
import { StrKey } from '@stellar/stellar-sdk';
import { NOT_FOUND, badRequest, page, problem, type Answer, type Json } from './horizon.js';
import type { HorizonLedger } from './ledger.js';
import { accountRecord, feeStats, ledgerRecord, rootRecord } from './records.js';
import { submit } from './submit.js';

/** One HTTP request: status and JSON body. */
export function handle(l: HorizonLedger, method: string, rawUrl: string, body: string): Answer {
  const url = new URL(rawUrl, 'http://horizon.local');
  const p = url.pathname.replace(/\/+$/, '') || '/';
  if (method === 'POST' && p === '/transactions') return submit(l, body);
  if (method !== 'GET')
    return { status: 405, json: problem('method_not_allowed', 'Method Not Allowed', 405, '') };
  if (p === '/') return { status: 200, json: rootRecord(l) };
  if (p === '/ledgers') return { status: 200, json: page([ledgerRecord(l)]) };
  if (p === '/fee_stats') return { status: 200, json: feeStats(l) };
  const tx = /^\/transactions\/([0-9a-f]{64})$/i.exec(p);
  if (tx) {
    const r = l.transactions.get(tx[1]!.toLowerCase());
    return r ? { status: 200, json: r } : { status: 404, json: NOT_FOUND };
  }
  const m = /^\/accounts\/([A-Z0-9]{56})(?:\/(payments|transactions))?$/.exec(p);
  if (!m) return { status: 404, json: NOT_FOUND };
  const id = m[1]!;
  if (!StrKey.isValidEd25519PublicKey(id))
    return badRequest('account_id', 'Account ID must start with `G` and contain 56 alphanum characters');
  if (!m[2]) {
    const account = l.accounts.get(id);
    return account ? { status: 200, json: accountRecord(l, id, account) } : { status: 404, json: NOT_FOUND };
  }
  return accountList(l, id, m[2] as 'payments' | 'transactions', url.searchParams);
}

/** GET /accounts/{id}/payments|transactions: `limit` (1–200), `order`, `cursor`, and `join=transactions`. */
function accountList(
  l: HorizonLedger,
  id: string,
  what: 'payments' | 'transactions',
  q: URLSearchParams,
): Answer {
  const limitText = q.get('limit') ?? '10';
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 200)
    return badRequest('limit', 'The limit must be between 1 and 200');
  const desc = q.get('order') === 'desc';
  const cursor = q.get('cursor');
  const all =
    what === 'payments'
      ? (l.payments.get(id) ?? []).map((r) =>
          q.get('join') === 'transactions'
            ? { ...r, transaction: l.transactions.get(String(r.transaction_hash)) }
            : r,
        )
      : ((l.txByAccount.get(id) ?? []) as unknown as Json[]);
  const ordered = desc ? [...all].reverse() : all;
  const token = (r: Json) => BigInt(String(r.paging_token));
  const after = cursor && /^\d+$/.test(cursor) ? BigInt(cursor) : undefined;
  const from =
    after === undefined ? ordered : ordered.filter((r) => (desc ? token(r) < after : token(r) > after));
  return { status: 200, json: page(from.slice(0, limit)) };
}
