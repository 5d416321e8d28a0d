/** fio.reqobt newfundsreq: the payee asks the payer for funds (encrypted content kept as sent; 2 bundles a call). */
import { invalidInput, invalidSignature } from '../errors.js';
import { bundledFee, multiplierOf } from '../fees.js';
import type { FioState } from '../state.js';
import type { ActionInput, ActionResult } from './action.js';
import { domainLive, handleOr400, newRow } from './checks.js';

export function newfundsreq(s: FioState, a: ActionInput): ActionResult {
  const str = (k: string) => String(a.d[k] ?? '');
  const payer = str('payer_fio_address');
  const payee = str('payee_fio_address');
  const content = str('content');
  if (!payer) throw invalidInput('payer_fio_address', payer, 'from fio address not specified');
  if (!payee) throw invalidInput('payee_fio_address', payee, 'to fio address not specified');
  if (content.length < 64) throw invalidInput('content', content, 'Requires min 64');
  const payerH = handleOr400(s, 'payer_fio_address', payer, 'No such FIO Address');
  const payeeH = handleOr400(s, 'payee_fio_address', payee, 'No such FIO Address');
  domainLive(s, 'payee_fio_address', payee);
  if (payeeH.owner !== a.signer) throw invalidSignature();
  const m = multiplierOf(content);
  const { fee, spend } = bundledFee(s, a.endPoint, payeeH, 2 * m, m, a.maxFee, a.signer);
  spend();
  const { id } = newRow(s, s.requests, { payer, payee, payerH, payeeH }, content, 'requested');
  return { response: { fio_request_id: id, status: 'requested', fee_collected: Number(fee) } };
}
