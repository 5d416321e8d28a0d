/** fio.staking unstakefio: staked FIO back to the balance, locked for 7 days (the account's general lock). */
import { UNSTAKE_LOCK_SECONDS } from '../constants.js';
import { assertFailure, invalidInput } from '../errors.js';
import { bundledFee } from '../fees.js';
import type { FioState } from '../state.js';
import type { ActionInput, ActionResult } from './action.js';
import { stakeAmount, stakerHandle } from './staking.js';

export function unstakefio(s: FioState, a: ActionInput): ActionResult {
  const { signer } = a;
  const amount = stakeAmount(a);
  if (amount <= 10000n) throw invalidInput('amount', amount, 'Invalid amount value');
  const h = stakerHandle(s, a);
  if (!s.staked.has(signer)) throw assertFailure('incacctstake, actor has no accountstake record.');
  if (s.stakedOf(signer) < amount) throw invalidInput('amount', amount, 'Cannot unstake more than staked.');
  const { fee, spend } = bundledFee(s, a.endPoint, h, 1, 1, a.maxFee, signer);
  spend();
  s.staked.set(signer, s.stakedOf(signer) - amount);
  const nowSec = Math.floor(s.now() / 1000);
  const lock = s.locks.get(signer);
  if (lock && s.lockedOf(signer) > 0n) {
    lock.periods = lock.periods.filter((p) => lock.timestamp + p.duration > nowSec);
    lock.periods.push({ duration: nowSec - lock.timestamp + UNSTAKE_LOCK_SECONDS, amount });
  } else s.locks.set(signer, { timestamp: nowSec, periods: [{ duration: UNSTAKE_LOCK_SECONDS, amount }] });
  return { response: { status: 'OK', fee_collected: Number(fee) } };
}
