/** fio.address xferdomain: the signer's domain to a new owner key. */
import { isValidFioPublicKey } from '@secux-companion/chain-fio';
import { invalidInput, invalidSignature } from '../errors.js';
import type { FioState } from '../state.js';
import { chargeFlat, type ActionInput, type ActionResult } from './action.js';

export function xferdomain(s: FioState, a: ActionInput): ActionResult {
  const c = chargeFlat(s, a);
  const dom = s.domains.get(String(a.d.fio_domain ?? ''));
  if (!dom) throw invalidInput('fio_domain', a.d.fio_domain, 'FIO domain not registered');
  if (dom.owner !== a.signer) throw invalidSignature();
  const to = String(a.d.new_owner_fio_public_key ?? '');
  if (!isValidFioPublicKey(to)) throw invalidInput('new_owner_fio_public_key', to, 'Invalid FIO Public Key');
  dom.owner = to;
  c.settle();
  return { response: c.response };
}
