/** Crafting a payment or createAccount: the sender must be active; the recipient's activation and SEP-29 flag count. */
import { formatUnits } from '@secux-companion/core';
import type { AccountDescriptor, BuiltTransaction } from '@secux-companion/chain-common';
import { accountAddress } from '@secux-companion/chain-common';
import { isValidStellarRecipient, parseStellarRecipient } from '../address';
import { StellarError } from '../errors';
import { stellarAccountPath } from '../paths';
import { minimumBalance, newAccountMinimum } from '../reserve';
import { buildPayment, type StellarDraft } from '../tx';
import type { StellarSignRequest, StellarUnsigned } from '../types';
import type { StellarContext } from './context';

export async function craftTransaction(
  { backend }: StellarContext,
  account: AccountDescriptor,
  draft: StellarDraft,
): Promise<BuiltTransaction<StellarUnsigned, StellarSignRequest>> {
  const address = accountAddress(account);
  const path = stellarAccountPath(account.path);
  const target = isValidStellarRecipient(draft.recipient)
    ? parseStellarRecipient(draft.recipient).account
    : undefined;
  const [info, net, recipient] = await Promise.all([
    backend.account(address),
    backend.network(),
    target ? backend.account(target) : Promise.resolve(undefined),
  ]);
  if (!info.activated || info.sequence === null)
    throw new StellarError(
      'xlmAccountInactive',
      `This account does not exist on the Stellar network yet: it needs a first payment of at least ${formatUnits(newAccountMinimum(net.baseReserve), 7)} XLM.`,
      { minimum: formatUnits(newAccountMinimum(net.baseReserve), 7), coin: 'XLM' },
    );
  const built = buildPayment(draft, {
    account: address,
    balance: info.balance,
    sequence: info.sequence,
    minimumBalance: minimumBalance({
      baseReserve: net.baseReserve,
      subentries: info.subentries,
      sponsoring: info.sponsoring,
      sponsored: info.sponsored,
    }),
    sellingLiabilities: info.sellingLiabilities,
    baseReserve: net.baseReserve,
    baseFee: net.baseFee,
    networkPassphrase: net.networkPassphrase,
    recipient: {
      activated: recipient?.activated ?? false,
      memoRequired: recipient?.memoRequired ?? false,
    },
  });
  return { unsigned: built, signRequest: { path, tx: built.device }, review: built.review };
}
