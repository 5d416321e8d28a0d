/**
 * fio.reqobt rejectfndreq / cancelfndreq: the payer rejects, or the payee cancels, a pending request (one rule with
 * the party swapped).
 */
import { invalidInput, invalidSignature } from '../errors.js';
import { bundledFee } from '../fees.js';
import type { FioState } from '../state.js';
import type { ActionInput, ActionResult } from './action.js';
import { domainLive, findRequest } from './checks.js';

export function rejectfndreq(s: FioState, a: ActionInput): ActionResult {
  const reject = a.name === 'rejectfndreq';
  const idText = String(a.d.fio_request_id ?? '');
  if (!idText || idText.length >= 16) throw invalidInput('fio_request_id', idText, 'No value specified');
  const r = findRequest(s, idText);
  if (r.status !== 'requested')
    throw invalidInput(
      'fio_request_id',
      idText,
      reject ? 'Only pending requests can be rejected.' : 'Only pending requests can be cancelled.',
    );
  const own = reject ? r.payer : r.payee;
  const h = s.handles.get(own);
  if (!h) throw invalidSignature();
  domainLive(s, reject ? 'payer_fio_address' : 'payee_fio_address', own);
  if (h.owner !== a.signer) throw invalidSignature();
  const { fee, spend } = bundledFee(s, a.endPoint, h, 1, 1, a.maxFee, a.signer);
  spend();
  r.status = reject ? 'rejected' : 'cancelled';
  return { response: { status: reject ? 'request_rejected' : 'cancelled', fee_collected: Number(fee) } };
}

/** cancelfndreq: rejectfndreq's rule for the payee. */
export const cancelfndreq = rejectfndreq;
