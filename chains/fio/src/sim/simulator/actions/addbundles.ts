/** fio.address addbundles: bundle sets bought for a handle (anyone may pay for them). */
import { BUNDLE_SET_SIZE } from '@secux-companion/chain-fio';
import { invalidInput } from '../errors.js';
import type { FioState } from '../state.js';
import { chargeFlat, type ActionInput, type ActionResult } from './action.js';

export function addbundles(s: FioState, a: ActionInput): ActionResult {
  const c = chargeFlat(s, a);
  const sets = Number(a.d.bundle_sets ?? 0);
  if (!Number.isSafeInteger(sets) || sets < 1)
    throw invalidInput('bundle_sets', sets, 'Invalid bundle_sets value');
  c.handle!.bundled += sets * BUNDLE_SET_SIZE;
  c.settle();
  return { response: c.response };
}
