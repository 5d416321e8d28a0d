/**
 * Create / rename an XRP account (warm-002 while the previous account is empty) and the delete confirmation (only an
 * account without XRP and without history): the shared forms with this family's rules.
 */
import { DeleteAccountConfirm } from '@secux-companion/web-kit/accounts/AccountForm';
import { AccountBasedForm } from '@secux-companion/web-kit/singleAddress/AccountForm';
import type { AccountFormProps } from '@secux-companion/web-kit/family/types';
import type { XrpChain } from './chain';
import { xrpDeleteIssue } from './rules';
import type { XrpAccount } from './XrpSendModal';

export function XrpAccountForm(props: AccountFormProps<XrpChain, XrpAccount>) {
  return <AccountBasedForm {...props} coin="XRP" checkPrevious />;
}

export function XrpDeleteAccount({
  account,
  onClose,
}: {
  chain: XrpChain;
  account: XrpAccount;
  onClose: () => void;
}) {
  return <DeleteAccountConfirm account={account} blocked={xrpDeleteIssue(account)} onClose={onClose} />;
}
