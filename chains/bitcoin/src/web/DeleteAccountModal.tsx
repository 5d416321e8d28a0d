import { DeleteAccountConfirm } from '@secux-companion/web-kit/accounts/AccountForm';
import { deleteAccountIssue } from './rules';
import type { AppAccount } from './account';

/** Delete: only an empty account; otherwise err-11. */
export function DeleteAccountModal({ account, onClose }: { account: AppAccount; onClose: () => void }) {
  return <DeleteAccountConfirm account={account} blocked={deleteAccountIssue(account)} onClose={onClose} />;
}
