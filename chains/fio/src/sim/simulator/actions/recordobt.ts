/** fio.reqobt recordobt: the payer records a payment, answering a pending request or as OBT data of its own. */
import { Fio } from '@fioprotocol/fiojs';
import { invalidInput, invalidSignature } from '../errors.js';
import { bundledFee, multiplierOf } from '../fees.js';
import type { FioRequestRow, FioState } from '../state.js';
import type { ActionInput, ActionResult } from './action.js';
import { domainLive, findRequest, handleOr400, newRow } from './checks.js';

export function recordobt(s: FioState, a: ActionInput): ActionResult {
  const str = (k: string) => String(a.d[k] ?? '');
  const idText = str('fio_request_id');
  const payer = str('payer_fio_address');
  const payee = str('payee_fio_address');
  const content = str('content');
  if (idText.length >= 16) throw invalidInput('fio_request_id', idText, 'No such FIO Request');
  if (!payer) throw invalidInput('payer_fio_address', payer, 'from fio address not found');
  if (!payee) throw invalidInput('payee_fio_address', payee, 'to fio address not found');
  if (content.length < 64) throw invalidInput('content', content, 'Requires min 64');
  const payerH = handleOr400(s, 'payer_fio_address', payer, 'No such FIO Address');
  domainLive(s, 'payer_fio_address', payer);
  const payeeH = handleOr400(s, 'payee_fio_address', payee, 'No such FIO Address');
  if (payerH.owner !== a.signer) throw invalidSignature();
  const m = multiplierOf(content);
  const { fee, spend } = bundledFee(s, a.endPoint, payerH, 2 * m, m, a.maxFee, a.signer);
  let r: FioRequestRow | undefined;
  if (idText) {
    r = findRequest(s, idText);
    if (Fio.accountHash(r.payerKey) !== Fio.accountHash(a.signer)) throw invalidSignature();
    if (r.status !== 'requested')
      throw invalidInput('fio_request_id', idText, 'Only pending requests can be responded.');
  }
  spend();
  if (r) {
    r.status = 'sent_to_blockchain';
    r.obtContent = content;
  } else newRow(s, s.obtRecords, { payer, payee, payerH, payeeH }, content, 'sent_to_blockchain');
  return { response: { status: 'sent_to_blockchain', fee_collected: Number(fee) } };
}
