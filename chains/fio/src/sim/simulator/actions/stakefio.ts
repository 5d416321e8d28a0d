/**
 * fio.staking stakefio: spendable FIO staked by an account that has voted or proxied (or names a proxy as its TPID,
 * which then proxies its vote: fio.contracts set_auto_proxy).
 */
import { Fio } from '@fioprotocol/fiojs';
import { invalidInput } from '../errors.js';
import { bundledFee } from '../fees.js';
import type { FioState } from '../state.js';
import type { ActionInput, ActionResult } from './action.js';
import { handleOr400 } from './checks.js';
import { stakeAmount, stakerHandle } from './staking.js';

export function stakefio(s: FioState, a: ActionInput): ActionResult {
  const actor = Fio.accountHash(a.signer);
  const amount = stakeAmount(a);
  const h = stakerHandle(s, a);
  const { fee, spend } = bundledFee(s, a.endPoint, h, 1, 1, a.maxFee, a.signer);
  const tpid = String(a.d.tpid ?? '');
  const tpidProxy = tpid ? handleOr400(s, 'tpid', tpid, 'FIO Address not registered') : undefined;
  const viaProxy = tpidProxy && s.voters.get(Fio.accountHash(tpidProxy.owner))?.is_proxy === 1;
  const v = s.voters.get(actor);
  const voted = v && (v.proxy !== '' || v.producers.length > 0 || v.is_auto_proxy === 1);
  if (!voted && !viaProxy) throw invalidInput('actor', actor, 'Account has not voted and has not proxied.');
  if (amount <= 0n) throw invalidInput('amount', amount, 'Invalid amount value');
  const stakeable = s.availableOf(a.signer);
  if (stakeable < fee + amount) throw invalidInput('amount', stakeable, 'Insufficient balance.');
  if (!voted && tpidProxy) {
    // fio.contracts set_auto_proxy: a first tpid that is a proxy proxies the account's vote.
    const row = s.voterRow(actor);
    row.proxy = Fio.accountHash(tpidProxy.owner);
    row.is_auto_proxy = 1;
  }
  spend();
  s.staked.set(a.signer, s.stakedOf(a.signer) + amount);
  return { response: { status: 'OK', fee_collected: Number(fee) } };
}
