/** fio.token trnsfiopubky: FIO to a public key (the payee's account is created by the transfer). */
import { isValidFioPublicKey } from '@secux-companion/chain-fio';
import { invalidInput } from '../errors.js';
import type { FioState } from '../state.js';
import { chargeFlat, type ActionInput, type ActionResult } from './action.js';

export function trnsfiopubky(s: FioState, a: ActionInput): ActionResult {
  const c = chargeFlat(s, a);
  const payee = String(a.d.payee_public_key ?? '');
  if (!isValidFioPublicKey(payee)) throw invalidInput('payee_public_key', payee, 'Invalid FIO Public Key');
  if (c.extra <= 0n) throw invalidInput('amount', c.extra, 'Invalid amount value');
  s.balances.set(payee, (s.balances.get(payee) ?? 0n) + c.extra);
  c.settle();
  return { response: c.response, ...(payee ? { payee } : {}) };
}
