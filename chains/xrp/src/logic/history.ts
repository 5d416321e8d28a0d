/**
 * account_tx entries → Operations (xrpl.md "account_tx"): API v1 (`tx`) and v2 (`tx_json`) shapes, the delivered
 * amount (not Amount, because of partial payments), the Ripple-epoch date and the destination tag. Only tesSUCCESS
 * transactions are kept (spec 02 §4). Used by the product API's XRP family.
 */
import type { Operation } from '@secux-companion/chain-common';

/** 2000-01-01T00:00:00Z in unix seconds. */
export const RIPPLE_EPOCH = 946684800;

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** XRP drops of an amount field (a string of drops); undefined for issued currencies or a malformed value. */
function drops(v: unknown): bigint | undefined {
  return typeof v === 'string' && /^\d{1,20}$/.test(v) ? BigInt(v) : undefined;
}

/**
 * One account_tx entry seen from `account`, or null when it is not kept (a result other than tesSUCCESS) or not a
 * transaction entry at all.
 */
export function operationFromAccountTx(entry: unknown, account: string): Operation | null {
  if (!isObj(entry)) return null;
  const tx = isObj(entry.tx_json) ? entry.tx_json : isObj(entry.tx) ? entry.tx : undefined;
  const meta = isObj(entry.meta) ? entry.meta : undefined;
  if (!tx || !meta || meta.TransactionResult !== 'tesSUCCESS') return null;
  const hash =
    typeof entry.hash === 'string' ? entry.hash : typeof tx.hash === 'string' ? tx.hash : undefined;
  if (!hash) return null;
  const ledger =
    typeof entry.ledger_index === 'number'
      ? entry.ledger_index
      : typeof tx.ledger_index === 'number'
        ? tx.ledger_index
        : null;
  const time =
    typeof entry.close_time_iso === 'string'
      ? Date.parse(entry.close_time_iso)
      : typeof tx.date === 'number'
        ? (tx.date + RIPPLE_EPOCH) * 1000
        : null;
  const from = typeof tx.Account === 'string' ? tx.Account : '';
  const to = typeof tx.Destination === 'string' ? tx.Destination : '';
  const fee = drops(tx.Fee) ?? 0n;
  const isPayment = tx.TransactionType === 'Payment';
  const moved = isPayment
    ? (drops(meta.delivered_amount) ?? drops(tx.DeliverMax) ?? drops(tx.Amount) ?? 0n)
    : 0n;
  const own = from === account;
  const direction = own && to === account ? 'self' : own ? 'out' : 'in';
  const value = direction === 'self' ? 0n : moved;
  const tag = typeof tx.DestinationTag === 'number' ? tx.DestinationTag : undefined;
  return {
    hash,
    time: time !== null && Number.isFinite(time) ? time : null,
    blockHeight: ledger,
    direction,
    value,
    fee,
    senders: from ? [{ address: from, value: moved, isOwn: own }] : [],
    recipients: to ? [{ address: to, value: moved, isOwn: to === account }] : [],
    isOwnTransaction: own,
    rbf: false,
    ...(tag !== undefined ? { destinationTag: tag } : {}),
    ...(isPayment ? {} : { action: String(tx.TransactionType) }),
  };
}
