/** fio.address renewdomain: a domain's expiration one more year ahead. */
import { fioTime, YEAR_MS } from '../constants.js';
import { invalidInput } from '../errors.js';
import type { FioState } from '../state.js';
import { chargeFlat, type ActionInput, type ActionResult } from './action.js';

export function renewdomain(s: FioState, a: ActionInput): ActionResult {
  const c = chargeFlat(s, a);
  const dom = s.domains.get(String(a.d.fio_domain ?? ''));
  if (!dom) throw invalidInput('fio_domain', a.d.fio_domain, 'FIO domain not found');
  dom.expiration = new Date(dom.expiration.getTime() + YEAR_MS);
  c.response.expiration = fioTime(dom.expiration);
  c.settle();
  return { response: c.response };
}
