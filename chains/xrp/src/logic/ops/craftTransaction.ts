/** Crafting a Payment: the sender's reserve and sequence, the live fee and ledger, the recipient's activation and tag. */
import { signingPath } from '@secux-companion/core';
import type { AccountDescriptor, BuiltTransaction } from '@secux-companion/chain-common';
import { accountAddress } from '@secux-companion/chain-common';
import { accountReserve } from '../reserve';
import { buildPayment, type XrpDraft } from '../tx';
import type { XrpSignRequest, XrpUnsigned } from '../types';
import type { XrpContext } from './context';

export async function craftTransaction(
  { backend, chain }: XrpContext,
  account: AccountDescriptor,
  draft: XrpDraft,
): Promise<BuiltTransaction<XrpUnsigned, XrpSignRequest>> {
  const address = accountAddress(account);
  const [info, ledger, fees, recipient] = await Promise.all([
    backend.account(address),
    backend.ledger(),
    backend.fees(),
    backend.account(draft.recipient),
  ]);
  if (!info.activated || info.sequence === null) throw new Error('The XRP account is not active');
  const built = buildPayment(draft, {
    account: address,
    balance: info.balance,
    sequence: info.sequence,
    reserve: accountReserve(ledger.reserve, info.ownerCount),
    baseReserve: ledger.reserve.base,
    ledgerIndex: ledger.ledgerIndex,
    fee: BigInt(fees.medium),
    recipient,
  });
  return {
    unsigned: { tx: built.tx, activates: built.activates },
    signRequest: { path: signingPath(chain, account.path), tx: built.tx },
    review: built.review,
  };
}
