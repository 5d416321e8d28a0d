/**
 * Create / rename a TRX account (warm-002 while the previous account is empty) and the delete confirmation (only an
 * account without TRX, tokens and history): the shared forms with this family's rules.
 */
import { DeleteAccountConfirm } from '@secux-companion/web-kit/accounts/AccountForm';
import { AccountBasedForm } from '@secux-companion/web-kit/singleAddress/AccountForm';
import type { AccountFormProps } from '@secux-companion/web-kit/family/types';
import type { TronChain } from './chain';
import { tronDeleteIssue, type TronAccount } from './rules';

export function TronAccountForm(props: AccountFormProps<TronChain, TronAccount>) {
  return <AccountBasedForm {...props} coin="TRX" checkPrevious />;
}

export function TronDeleteAccount({
  account,
  onClose,
}: {
  chain: TronChain;
  account: TronAccount;
  onClose: () => void;
}) {
  return <DeleteAccountConfirm account={account} blocked={tronDeleteIssue(account)} onClose={onClose} />;
}
