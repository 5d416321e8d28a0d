/**
 * Create / rename a SOL account (warm-002 while the previous account is empty) and the delete confirmation (only an
 * account without SOL, history or tokens): the shared forms with this family's rules.
 */
import { DeleteAccountConfirm } from '@secux-companion/web-kit/accounts/AccountForm';
import { AccountBasedForm } from '@secux-companion/web-kit/singleAddress/AccountForm';
import type { AccountFormProps } from '@secux-companion/web-kit/family/types';
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
