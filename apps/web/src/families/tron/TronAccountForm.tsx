/**
 * Create / rename a TRX account (warm-002 while the previous account is empty) and the delete confirmation (only an
 * account without TRX, tokens and history): the shared forms with this family's rules.
 */
import { DeleteAccountConfirm } from '../../accounts/AccountForm';
import { AccountBasedForm } from '../accountBased/AccountForm';
import type { AccountFormProps } from '../types';
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
