/**
 * Bounds of the FIO values the payment-request and staking routes serve (issue 17): request ids are JSON-safe
 * counts, handles and keys must be FIO's, statuses FIO's four, times parse; lock amounts are SUF within the supply.
 * An answer out of bounds is malformed: the next node is asked and the client never sees it. Encrypted content is
 * opaque here: content that is not base64 or longer than the 1,000 characters the wallet reads is served as '' so the
 * request still shows (as one that cannot be decrypted) instead of hiding the whole list.
 */
import { FIO_REQUEST_STATUSES, isValidFioPublicKey, isValidHandle } from '@secux-companion/chain-fio';
import type { FioRequestRecord, FioRequestStatus } from '@secux-companion/chain-fio';
import { amount, count, operations, outOfBounds, plausibleTime } from '@secux-companion/server-kit/bounds';
import type { Operation } from '@secux-companion/server-kit/types';
import type { FioBalanceRead, FioLocksRead, FioRequestRead } from './backend.js';

/**
 * FIO's maximum supply in SUF: 1,000,000,000 FIO (1 FIO = 10^9 SUF), fixed by the fio.token contract; staking rewards
 * and block-producer pay come out of it, so no amount a node answers can be above it (fio.wiki "FIO Token",
 * reference/apis/fio.md). Issue 29: a balance of 10^20 SUF was served with 200 (the bound was 1,000 × the supply).
 */
export const FIO_SUPPLY_SUF = 10n ** 18n;
/**
 * The most a fee (`get_fee`, any end point) may be: 10,000 FIO. Fees are voted by the block producers in FIO; a
 * transfer costs about 2 FIO and the dearest action, registering a domain, tens to hundreds of FIO — a node that asks
 * thousands of times that is lying, and the next one is asked.
 */
export const FIO_FEE_MAX = 10_000n * 10n ** 9n;

export const fioBounds = {
  /**
   * get_fio_balance: every figure within the supply (staking reward points too: they are SUF divided by the rate of
   * exchange, which starts at 1 and only grows), and no more available than the balance.
   */
  balance(v: FioBalanceRead): void {
    for (const k of ['balance', 'available', 'staked', 'srps'] as const)
      amount(v[k], FIO_SUPPLY_SUF, `FIO ${k}`);
    if (v.available > v.balance) outOfBounds('FIO available above balance', v.available);
  },
  /** A history page's operations (mapped by chain-fio): SUF within the supply, times that can be. */
  history(ops: readonly Operation[]): void {
    operations(ops, FIO_SUPPLY_SUF);
  },
  fee(v: bigint): void {
    amount(v, FIO_FEE_MAX, 'fee');
  },
};
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
    // A request dated before any chain or in the future is a node's lie, not a date to show.
    plausibleTime(Date.parse(timeStamp), 'request time');
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
  amount(l.lockAmount, FIO_SUPPLY_SUF, 'FIO lock');
  amount(l.remaining, FIO_SUPPLY_SUF, 'FIO lock remaining');
  if (l.remaining > l.lockAmount) outOfBounds('FIO lock remaining', l.remaining);
  if (l.lockAmount > 0n && l.timeStamp === null) outOfBounds('FIO lock time', null);
  // The lock started in the past (seconds since the epoch); its periods run from there.
  if (l.timeStamp !== null) plausibleTime(l.timeStamp * 1000, 'FIO lock time');
  for (const p of l.periods) {
    count(p.duration, 'FIO lock period');
    amount(p.amount, FIO_SUPPLY_SUF, 'FIO lock period amount');
  }
}

/** When the last unlock period of a lock ends (ISO). */
export function unlockAtIso(l: FioLocksRead): string {
  const last = l.periods.reduce((m, p) => Math.max(m, p.duration), 0);
  return new Date(((l.timeStamp ?? 0) + last) * 1000).toISOString();
}
