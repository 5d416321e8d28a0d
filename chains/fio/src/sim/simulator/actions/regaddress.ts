/** fio.address regaddress: a new handle on a live domain that is public or the signer's, with a bundle set. */
import { BUNDLE_SET_SIZE, isValidHandle } from '@secux-companion/chain-fio';
import { fioTime, YEAR_MS } from '../constants.js';
import { invalidInput } from '../errors.js';
import type { FioState } from '../state.js';
import { chargeFlat, type ActionInput, type ActionResult } from './action.js';

export function regaddress(s: FioState, a: ActionInput): ActionResult {
  const c = chargeFlat(s, a);
  const handleName = c.handleName;
  const owner = String(a.d.owner_fio_public_key ?? '') || a.signer;
  if (!isValidHandle(handleName)) throw invalidInput('fio_address', handleName, 'Invalid FIO Address');
  if (s.handles.has(handleName))
    throw invalidInput('fio_address', handleName, 'FIO address already registered');
  const dom = s.domains.get(handleName.split('@')[1]!);
  if (!dom) throw invalidInput('fio_address', handleName, 'FIO Domain not registered');
  if (!dom.isPublic && dom.owner !== a.signer)
    throw invalidInput(
      'fio_address',
      handleName,
      'FIO Domain is not public. Only owner can create FIO Addresses.',
    );
  if (dom.expiration.getTime() < s.now()) throw invalidInput('fio_address', handleName, 'FIO Domain expired');
  const expiration = new Date(s.now() + YEAR_MS);
  s.handles.set(handleName, { owner, expiration, bundled: BUNDLE_SET_SIZE, addresses: [] });
  c.response.expiration = fioTime(expiration);
  c.settle();
  return { response: c.response };
}
