/** Checks and rows shared by the payment request, staking and voting actions (fio.contracts' rules). */
import { DOMAIN_GRACE_MS } from '../constants.js';
import { invalidInput } from '../errors.js';
import type { FioRequestRow, FioState, Handle } from '../state.js';

/** The handle `name`, or FIO's 400 on `field` with `message`. */
export function handleOr400(s: FioState, field: string, name: string, message: string): Handle {
  const h = s.handles.get(name);
  if (!h) throw invalidInput(field, name, message);
  return h;
}

/** The domain of a handle must exist and be at most `graceMs` (30 days for requests) past its expiry. */
export function domainLive(
  s: FioState,
  field: string,
  handle: string,
  missing = 'No such domain',
  graceMs = DOMAIN_GRACE_MS,
): void {
  const dom = s.domains.get(handle.split('@')[1] ?? '');
  if (!dom) throw invalidInput(field, handle, missing);
  if (s.now() > dom.expiration.getTime() + graceMs) throw invalidInput(field, handle, 'FIO Domain expired');
}

/** A request id as the contracts read it (its leading digits), with FIO's refusal of a missing one. */
export function findRequest(s: FioState, idText: string): FioRequestRow {
  const r = s.requests.find((x) => x.id === Number(/^\d+/.exec(idText)?.[0] ?? 'NaN'));
  if (!r) throw invalidInput('fio_request_id', idText, 'No such FIO Request');
  return r;
}

/** A new row of the requests table (requests and OBT records share its id sequence, as on chain). */
export function newRow(
  s: FioState,
  table: FioRequestRow[],
  parties: { payer: string; payee: string; payerH: Handle; payeeH: Handle },
  content: string,
  status: FioRequestRow['status'],
): FioRequestRow {
  const row: FioRequestRow = {
    id: s.nextRequestId++,
    payer: parties.payer,
    payee: parties.payee,
    payerKey: parties.payerH.owner,
    payeeKey: parties.payeeH.owner,
    content,
    time: s.now(),
    status,
  };
  table.push(row);
  return row;
}
