/** What stakefio and unstakefio share: the amount and the optional handle that pays with a bundled transaction. */
import { isValidHandle } from '@secux-companion/chain-fio';
import { invalidInput, invalidSignature } from '../errors.js';
import type { FioState, Handle } from '../state.js';
import type { ActionInput } from './action.js';
import { handleOr400 } from './checks.js';

export const stakeAmount = (a: ActionInput) => BigInt(String(a.d.amount ?? '') || '0');

/** The signer's handle named by fio_address, if any (its bundled transactions pay the fee). */
export function stakerHandle(s: FioState, a: ActionInput): Handle | undefined {
  const handleName = String(a.d.fio_address ?? '');
  if (!handleName) return undefined;
  if (!isValidHandle(handleName)) throw invalidInput('fio_address', handleName, 'Invalid FIO Address format');
  const h = handleOr400(s, 'fio_address', handleName, 'FIO Address not registered');
  if (h.owner !== a.signer) throw invalidSignature();
  return h;
}
