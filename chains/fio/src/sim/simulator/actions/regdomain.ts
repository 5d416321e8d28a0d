/** fio.address regdomain: a new private domain, owned by the given key (else the signer) for a year. */
import { isValidDomain, isValidFioPublicKey } from '@secux-companion/chain-fio';
import { fioTime, YEAR_MS } from '../constants.js';
import { invalidInput } from '../errors.js';
import type { FioState } from '../state.js';
import { chargeFlat, type ActionInput, type ActionResult } from './action.js';

export function regdomain(s: FioState, a: ActionInput): ActionResult {
  const c = chargeFlat(s, a);
  const domain = String(a.d.fio_domain ?? '');
  const owner = String(a.d.owner_fio_public_key ?? '') || a.signer;
  if (!isValidDomain(domain)) throw invalidInput('fio_domain', domain, 'Invalid FIO domain');
  if (s.domains.has(domain)) throw invalidInput('fio_name', domain, 'FIO domain already registered');
  if (!isValidFioPublicKey(owner))
    throw invalidInput('owner_fio_public_key', owner, 'Invalid FIO Public Key');
  const expiration = new Date(s.now() + YEAR_MS);
  s.domains.set(domain, { owner, isPublic: false, expiration });
  c.response.expiration = fioTime(expiration);
  c.settle();
  return { response: c.response };
}
