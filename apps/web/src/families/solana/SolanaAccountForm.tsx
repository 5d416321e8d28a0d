/**
 * Create / rename a SOL account (warm-002 while the previous account is empty) and the delete confirmation (only an
 * account without SOL, history or tokens): the shared forms with this family's rules.
 */
import { DeleteAccountConfirm } from '../../accounts/AccountForm';
import { AccountBasedForm } from '../accountBased/AccountForm';
import type { AccountFormProps } from '../types';
import type { SolanaChain } from './chain';
import { solanaDeleteIssue, type SolanaAccount } from './rules';

export function SolanaAccountForm(props: AccountFormProps<SolanaChain, SolanaAccount>) {
  return <AccountBasedForm {...props} coin="SOL" checkPrevious />;
}

export function SolanaDeleteAccount({
  account,
  onClose,
}: {
  chain: SolanaChain;
  account: SolanaAccount;
  onClose: () => void;
}) {
  return <DeleteAccountConfirm account={account} blocked={solanaDeleteIssue(account)} onClose={onClose} />;
}
