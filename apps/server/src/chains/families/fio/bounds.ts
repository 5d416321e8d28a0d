/**
 * Bounds of the FIO values the payment-request and staking routes serve (issue 17): request ids are JSON-safe
 * counts, handles and keys must be FIO's, statuses FIO's four, times parse; lock amounts are SUF within the supply.
 * An answer out of bounds is malformed: the next node is asked and the client never sees it. Encrypted content is
 * opaque here: content that is not base64 or longer than the 1,000 characters the wallet reads is served as '' so the
 * request still shows (as one that cannot be decrypted) instead of hiding the whole list.
 */
import { FIO_REQUEST_STATUSES, isValidFioPublicKey, isValidHandle } from '@secux-companion/chain-fio';
import type { FioRequestRecord, FioRequestStatus } from '@secux-companion/chain-fio';
import { amount, count, outOfBounds } from '../../bounds.js';
import type { FioLocksRead, FioRequestRead } from './backend.js';

/** 1,000,000,000 FIO max supply in SUF. */
export const FIO_SUPPLY_SUF = 10n ** 18n;
/** Longest encrypted content served (base64 characters). */
export const REQUEST_CONTENT_MAX = 1000;

/** A FIO time ("2020-09-11T18:30:56", UTC without a zone) as ISO, or null when it is not one. */
export function fioTimeIso(s: string): string | null {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z?$/.test(s)) return null;
  const t = Date.parse(s.endsWith('Z') ? s : `${s}Z`);
  return Number.isFinite(t) ? new Date(t).toISOString() : null;
}

/** Checks one node's request list and maps it to the wire shape chain-fio reads (out of bounds → next node). */
export function requestsWire(list: readonly FioRequestRead[]): FioRequestRecord[] {
  return list.map((r) => {
    count(r.fio_request_id, 'request id');
    for (const h of [r.payer_fio_address, r.payee_fio_address])
      if (!isValidHandle(h)) outOfBounds('handle', h);
    for (const k of [r.payer_fio_public_key, r.payee_fio_public_key])
      if (!isValidFioPublicKey(k)) outOfBounds('public key', k);
    if (!(FIO_REQUEST_STATUSES as readonly string[]).includes(r.status))
      outOfBounds('request status', r.status);
    const timeStamp = fioTimeIso(r.time_stamp);
    if (!timeStamp) outOfBounds('request time', r.time_stamp);
    const readable = r.content.length <= REQUEST_CONTENT_MAX && /^[A-Za-z0-9+/]*={0,2}$/.test(r.content);
    return {
      id: r.fio_request_id,
      payerHandle: r.payer_fio_address,
      payeeHandle: r.payee_fio_address,
      payerKey: r.payer_fio_public_key,
      payeeKey: r.payee_fio_public_key,
      content: readable ? r.content : '',
      timeStamp,
      status: r.status as FioRequestStatus,
    };
  });
}

/** A lock's amounts within the supply; a lock with SUF in it must say when it started. */
export function locksBounds(l: FioLocksRead): void {
  amount(l.lockAmount.toString(), FIO_SUPPLY_SUF, 'FIO lock');
  amount(l.remaining.toString(), FIO_SUPPLY_SUF, 'FIO lock remaining');
  if (l.remaining > l.lockAmount) outOfBounds('FIO lock remaining', l.remaining);
  if (l.lockAmount > 0n && l.timeStamp === null) outOfBounds('FIO lock time', null);
  if (l.timeStamp !== null) count(l.timeStamp, 'FIO lock time');
  for (const p of l.periods) {
    count(p.duration, 'FIO lock period');
    amount(p.amount.toString(), FIO_SUPPLY_SUF, 'FIO lock period amount');
  }
}

/** When the last unlock period of a lock ends (ISO). */
export function unlockAtIso(l: FioLocksRead): string {
  const last = l.periods.reduce((m, p) => Math.max(m, p.duration), 0);
  return new Date(((l.timeStamp ?? 0) + last) * 1000).toISOString();
}
