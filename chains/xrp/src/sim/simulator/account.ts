/** `account_info`, `account_tx` and `tx`: what the ledger holds about an account and a transaction. */
import type { XrplLedger } from './ledger.js';
import { LSF_REQUIRE_DEST_TAG, isAddress, ledgerHash, rpcError, type Params } from './ter.js';

export function accountInfo(l: XrplLedger, p: Params): Params {
  const address = typeof p.account === 'string' ? p.account : '';
  if (!isAddress(address))
    return rpcError('actMalformed', 'Account malformed.', { request: { command: 'account_info', ...p } });
  const a = l.accounts.get(address);
  if (!a)
    return {
      account: address,
      ...rpcError('actNotFound', 'Account not found.'),
      error_code: 19,
      ledger_index: l.validatedLedger,
      validated: true,
    };
  return {
    account_data: {
      Account: address,
      Balance: a.balance.toString(),
      Flags: a.flags,
      LedgerEntryType: 'AccountRoot',
      OwnerCount: a.ownerCount,
      Sequence: a.sequence,
    },
    account_flags: { requireDestinationTag: (a.flags & LSF_REQUIRE_DEST_TAG) !== 0 },
    ledger_index: l.validatedLedger,
    validated: true,
    status: 'success',
  };
}

/**
 * rippled's `tx` (api_version 2): a transaction of the open ledger answers its tx_json with `validated: false` and
 * no ledger index or meta; once its ledger closed (validated here: one validator), `ledger_index`, `ledger_hash`,
 * `meta` and `validated: true`. An unknown hash is txnNotFound.
 */
export function tx(l: XrplLedger, p: Params): Params {
  const hash = typeof p.transaction === 'string' ? p.transaction.toUpperCase() : '';
  if (!/^[0-9A-F]{64}$/.test(hash)) return rpcError('invalidParams', 'Invalid parameters.');
  const e = l.byHash.get(hash);
  if (!e) return rpcError('txnNotFound', 'Transaction not found.');
  if (e.ledger_index > l.validatedLedger)
    return {
      hash,
      tx_json: { ...e.tx_json, ledger_index: undefined },
      validated: false,
      status: 'success',
    };
  return {
    close_time_iso: e.close_time_iso,
    hash,
    ledger_hash: ledgerHash(e.ledger_index),
    ledger_index: e.ledger_index,
    meta: e.meta,
    tx_json: e.tx_json,
    validated: true,
    status: 'success',
  };
}

/** `account_tx`: newest first, `limit` per page (default 200, at most 400), a `marker` while more remain. */
export function accountTx(l: XrplLedger, p: Params): Params {
  const address = typeof p.account === 'string' ? p.account : '';
  if (!isAddress(address)) return rpcError('actMalformed', 'Account malformed.');
  const limit = typeof p.limit === 'number' && p.limit > 0 ? Math.min(p.limit, 400) : 200;
  const all = [...(l.history.get(address) ?? [])].reverse();
  const m = p.marker as { seq?: unknown } | undefined;
  const start = typeof m?.seq === 'number' ? m.seq : 0;
  const page = all.slice(start, start + limit);
  const next =
    start + limit < all.length ? { ledger: page.at(-1)?.ledger_index ?? 0, seq: start + limit } : undefined;
  return {
    account: address,
    ledger_index_min: 1,
    ledger_index_max: l.validatedLedger,
    limit,
    ...(next ? { marker: next } : {}),
    transactions: page,
    validated: true,
    status: 'success',
  };
}
