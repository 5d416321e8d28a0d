/** eosio voteproxy: the signer's vote proxied to a registered proxy (the voters table's row). */
import { Fio } from '@fioprotocol/fiojs';
import { isValidHandle } from '@secux-companion/chain-fio';
import { assertFailure, invalidInput, invalidSignature } from '../errors.js';
import { bundledFee } from '../fees.js';
import type { FioState, Handle } from '../state.js';
import type { ActionInput, ActionResult } from './action.js';
import { domainLive, handleOr400 } from './checks.js';

export function voteproxy(s: FioState, a: ActionInput): ActionResult {
  const actor = Fio.accountHash(a.signer);
  const proxy = String(a.d.proxy ?? '');
  const handleName = String(a.d.fio_address ?? '');
  if (!isValidHandle(proxy)) throw invalidInput('proxy', proxy, 'Invalid FIO Address format');
  if (handleName && !isValidHandle(handleName))
    throw invalidInput('fio_address', handleName, 'Invalid FIO Address format');
  const proxyH = handleOr400(s, 'proxy', proxy, 'FIO address not registered');
  const proxyAccount = Fio.accountHash(proxyH.owner);
  if (s.voters.get(proxyAccount)?.is_proxy !== 1)
    throw invalidInput('fio_address', proxy, 'This address is not a proxy');
  domainLive(s, 'proxy', proxy, 'FIO Address not registered');
  let h: Handle | undefined;
  if (handleName) {
    h = handleOr400(s, 'fio_address', handleName, 'FIO address not registered');
    if (h.owner !== a.signer) throw invalidSignature();
    domainLive(s, 'fio_address', handleName, 'FIO Address not registered', 0);
  }
  if (proxyAccount === actor) throw assertFailure('Cannot proxy to self');
  const { fee, spend } = bundledFee(s, a.endPoint, h, 1, 1, a.maxFee, a.signer);
  spend();
  const row = s.voterRow(actor);
  row.proxy = proxyAccount;
  row.producers = [];
  row.is_auto_proxy = 0;
  return { response: { status: 'OK', fee_collected: Number(fee) } };
}
