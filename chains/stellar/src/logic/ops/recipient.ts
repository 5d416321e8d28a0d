/** What a send needs to know about its recipient: activation (and its cost), SEP-29 memo_required, muxed id. */
import type { RecipientCheck } from '@secux-companion/chain-common';
import { parseStellarRecipient } from '../address';
import { newAccountMinimum } from '../reserve';
import { sendFee } from '../tx';
import type { StellarRecipientInfo } from '../types';
import type { StellarContext } from './context';

export async function checkRecipient({ backend }: StellarContext, address: string): Promise<RecipientCheck> {
  const [info, net] = await Promise.all([
    backend.account(parseStellarRecipient(address).account),
    backend.network(),
  ]);
  return {
    activated: info.activated,
    ...(info.activated
      ? {}
      : {
          minimumActivation: newAccountMinimum(net.baseReserve),
          creationFee: sendFee(net.baseFee, true) - sendFee(net.baseFee, false),
        }),
  };
}

export async function recipientInfo(
  { backend }: StellarContext,
  address: string,
  signal?: AbortSignal,
): Promise<StellarRecipientInfo> {
  const r = parseStellarRecipient(address);
  const [info, net] = await Promise.all([backend.account(r.account, signal), backend.network(signal)]);
  return {
    account: r.account,
    ...(r.muxedId !== undefined ? { muxedId: r.muxedId } : {}),
    activated: info.activated,
    memoRequired: info.memoRequired,
    newAccountMinimum: newAccountMinimum(net.baseReserve),
    fee: sendFee(net.baseFee, !info.activated),
  };
}
