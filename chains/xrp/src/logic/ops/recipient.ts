/** What a send needs to know about its recipient: activation (and the base reserve it takes), required tag. */
import type { RecipientCheck } from '@secux-companion/chain-common';
import type { XrpRecipientInfo } from '../types';
import type { XrpContext } from './context';

export async function checkRecipient({ backend }: XrpContext, address: string): Promise<RecipientCheck> {
  const [info, ledger] = await Promise.all([backend.account(address), backend.ledger()]);
  return {
    activated: info.activated,
    ...(info.activated ? {} : { minimumActivation: ledger.reserve.base }),
  };
}

export async function recipientInfo(
  { backend }: XrpContext,
  address: string,
  signal?: AbortSignal,
): Promise<XrpRecipientInfo> {
  const [info, ledger] = await Promise.all([backend.account(address, signal), backend.ledger(signal)]);
  return {
    activated: info.activated,
    requireDestinationTag: info.requireDestinationTag,
    baseReserve: ledger.reserve.base,
  };
}
