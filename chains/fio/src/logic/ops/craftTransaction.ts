/** A transfer (trnsfiopubky) to a FIO public key: amount (or all of the available balance) plus the fee. */
import { CoreError } from '@secux-companion/core';
import type { AccountDescriptor, BuiltTransaction } from '@secux-companion/chain-common';
import { isValidFioPublicKey } from '../rules';
import type { FioUnsignedTx } from '../tx';
import type { FioDraft, FioSignRequest } from '../types';
import { buildAction } from './buildAction';
import { keyOf, type FioContext } from './context';

export async function craftTransaction(
  ctx: FioContext,
  account: AccountDescriptor,
  draft: FioDraft,
): Promise<BuiltTransaction<FioUnsignedTx, FioSignRequest>> {
  const recipient = draft.recipient.trim();
  if (!isValidFioPublicKey(recipient)) throw new CoreError('invalidAddress');
  if (draft.amount <= 0n && !draft.sendAll) throw new CoreError('amountOrRecipientMissing');
  const [b, fee] = await Promise.all([
    ctx.backend.balance(keyOf(account)),
    ctx.backend.fee('transfer_tokens_pub_key', ''),
  ]);
  const amount = draft.sendAll ? b.available - fee : draft.amount;
  if (amount <= 0n || amount + fee > b.available) throw new CoreError('insufficientBalance');
  const built = await buildAction(
    ctx,
    account,
    'transferTokens',
    { payee_public_key: recipient, amount: amount.toString() },
    fee,
    ctx.tpid,
  );
  return {
    unsigned: built.unsigned,
    signRequest: built.signRequest,
    review: { recipient, amount, fee, total: amount + fee },
  };
}
