/**
 * Create / rename a FIO account (default name FIO + index + 1, no warm-002 check) and its delete confirmation: the
 * shared forms with this family's rules.
 */
import { DeleteAccountConfirm } from '@secux-companion/web-kit/accounts/AccountForm';
import { AccountBasedForm } from '@secux-companion/web-kit/singleAddress/AccountForm';
import type { AccountFormProps } from '@secux-companion/web-kit/family/types';
import type { FioChain } from './chain';
import { fioDeleteIssue, type FioAccount } from './rules';

export function FioAccountForm(props: AccountFormProps<FioChain, FioAccount>) {
  return <AccountBasedForm {...props} coin={props.chain.coin} checkPrevious={false} />;
}

export function FioDeleteAccount({
  account,
  onClose,
}: {
  chain: FioChain;
  account: FioAccount;
  onClose: () => void;
}) {
  return <DeleteAccountConfirm account={account} blocked={fioDeleteIssue(account)} onClose={onClose} />;
}
