/** get_sent_fio_requests / get_received_fio_requests / get_pending_fio_requests: a key's requests, paged. */
import { fioTime } from '../constants.js';
import { invalidInput, notFound } from '../errors.js';
import type { FioState } from '../state.js';
import { publicKeyOf } from './names.js';

export type RequestList = 'sent' | 'received' | 'pending';

const NONE: Record<RequestList, string> = {
  sent: 'No FIO Requests',
  received: 'No received FIO Requests',
  pending: 'No pending FIO Requests',
};

export function getRequests(s: FioState, which: string, b: Record<string, unknown>): unknown {
  const key = publicKeyOf(b);
  const limit = b.limit === undefined ? 1000 : Number(b.limit);
  const offset = b.offset === undefined ? 0 : Number(b.offset);
  if (!Number.isSafeInteger(limit) || limit < 0) throw invalidInput('limit', b.limit, 'Invalid limit');
  if (!Number.isSafeInteger(offset) || offset < 0) throw invalidInput('offset', b.offset, 'Invalid offset');
  const all = s.requests.filter((r) =>
    which === 'sent'
      ? r.payeeKey === key
      : r.payerKey === key && (which === 'received' || r.status === 'requested'),
  );
  if (!all.length)
    throw notFound(NONE[which === 'sent' ? 'sent' : which === 'received' ? 'received' : 'pending']);
  const page = all.slice(offset, offset + limit);
  return {
    requests: page.map((r) => ({
      fio_request_id: r.id,
      payer_fio_address: r.payer,
      payee_fio_address: r.payee,
      payer_fio_public_key: r.payerKey,
      payee_fio_public_key: r.payeeKey,
      content: r.content,
      time_stamp: fioTime(new Date(r.time)),
      ...(which === 'pending' ? {} : { status: r.status }),
    })),
    more: Math.max(0, all.length - offset - page.length),
  };
}
