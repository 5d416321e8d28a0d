/** Applies one action for its signer: the checks every action shares (TPID, max_fee), then the action's module. */
import { isValidHandle } from '@secux-companion/chain-fio';
import { ACTIONS, type ActionResult } from './actions/index.js';
import { chainError, invalidInput } from './errors.js';
import { ENDPOINT_OF } from './fees.js';
import type { FioState } from './state.js';

/** Applies one action for `signer` (already proven the actor); FIO's errors for what the chain rejects. */
export function applyAction(
  s: FioState,
  name: string,
  d: Record<string, unknown>,
  signer: string,
): ActionResult {
  const endPoint = ENDPOINT_OF[name];
  const action = ACTIONS[name];
  if (!endPoint || !action) throw chainError('action_validate_exception', 3050005, `Unknown action ${name}`);
  const tpid = String(d.tpid ?? '');
  if (tpid && !isValidHandle(tpid))
    throw invalidInput('tpid', tpid, 'TPID must be empty or valid FIO address');
  const maxFee = BigInt(String(d.max_fee ?? '0'));
  if (maxFee < 0n) throw invalidInput('max_fee', maxFee, 'Invalid fee value');
  return action(s, { name, endPoint, d, signer, maxFee });
}
