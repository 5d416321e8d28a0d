/**
 * Create / rename an account of a family with one address per account index (XRP, Stellar, Solana, TRON, FIO):
 * core's name rules, the default name prefilled on create (coin + index), the lowest free index, and — where the
 * family asks for it — warm-002 while the account before the new one is still empty.
 */
import { Alert } from '@mantine/core';
import { defaultAccountName, validateAccountName, type ChainSymbol } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFormFrame, AccountNameInput, useAccountSaveFailure } from '../accounts/AccountForm';
import { isEmptyAccount } from '../accounts/createRules';
import { issueText } from '../lib/format';
import { createAccount, renameAccount } from '../accounts/store';
import type { AccountFormProps, FamilyChain, WalletAccount } from '../family/types';
import { nextAccountIndex, previousAccountOf } from '../accounts/indexes';

export function AccountBasedForm<C extends FamilyChain, A extends WalletAccount>({
  accounts,
  mode,
  onClose,
  coin,
  checkPrevious,
}: AccountFormProps<C, A> & {
  /** The coin the default name starts with ('XRP' → 'XRP 1'). */
  coin: ChainSymbol;
  /** Whether a new account is refused (warm-002) while the account it follows is empty. */
  checkPrevious: boolean;
}) {
  const { t } = useTranslation();
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const index = nextAccountIndex(accounts);
  const [name, setName] = useState(() => current?.name ?? defaultAccountName(coin, index, 44));
  const nameIssue = validateAccountName(
    name,
    accounts.filter((a) => a.id !== current?.id).map((a) => a.name),
    current?.name,
  );
  const previous = current || !checkPrevious ? undefined : previousAccountOf(accounts, index);
  const warm = previous && isEmptyAccount(previous) ? ({ code: 'warm-002' } as const) : undefined;
  const failureOf = useAccountSaveFailure(!current);
  return (
    <AccountFormFrame
      creating={!current}
      blocked={!!nameIssue || !!warm}
      onSave={() => (current ? renameAccount(current.id, name) : createAccount({ name }))}
      failureOf={failureOf}
      onClose={onClose}
      saveTestId="account-save"
    >
      <AccountNameInput value={name} onChange={setName} issue={nameIssue} testId="account-name-input" />
      {warm && (
        <Alert color="yellow" role="alert" data-testid="account-form-warning">
          {issueText(t, warm)}
        </Alert>
      )}
    </AccountFormFrame>
  );
}
