/**
 * Create / rename a Stellar account (default name 'Stellar n'; warm-002 while the previous account is empty) and the
 * delete confirmation (only an account without XLM and without history): the shared forms with this family's rules.
 */
import { DeleteAccountConfirm } from '@secux-companion/web-kit/accounts/AccountForm';
import { AccountBasedForm } from '@secux-companion/web-kit/singleAddress/AccountForm';
import type { AccountFormProps } from '@secux-companion/web-kit/family/types';
import type { StellarChain } from './chain';
import { stellarDeleteIssue, type StellarAccount } from './rules';

export function StellarAccountForm(props: AccountFormProps<StellarChain, StellarAccount>) {
  return <AccountBasedForm {...props} coin="XLM" checkPrevious />;
}

export function StellarDeleteAccount({
  account,
  onClose,
}: {
  chain: StellarChain;
  account: StellarAccount;
  onClose: () => void;
}) {
  return <DeleteAccountConfirm account={account} blocked={stellarDeleteIssue(account)} onClose={onClose} />;
}
