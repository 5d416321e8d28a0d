import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AccountFormFrame,
  AccountNameInput,
  useAccountSaveFailure,
} from '@secux-companion/web-kit/accounts/AccountForm';
import { isEmptyAccount } from '@secux-companion/web-kit/accounts/createRules';
import { issueText } from '@secux-companion/web-kit/lib/format';
import { createAccount, renameAccount } from '@secux-companion/web-kit/accounts/store';
import type { EvmChain } from './chains';
import type { EvmAccount } from './tab/account';
import { evmAccountName, evmAccountNameIssue, nextEvmAccountIndex, previousEvmAccount } from './tab/naming';

export type EvmAccountFormMode = { kind: 'create' } | { kind: 'rename'; account: EvmAccount };

/**
 * Create / rename an EVM account, with the bitcoin form's name rules (err-38, err-29, err-25; default
 * name prefilled on create) and its create rule: warm-002 while the previous account is empty (shown from the
 * list, checked again on a fresh read by the family). Failures as every family's form (useAccountSaveFailure).
 */
export function EvmAccountFormModal({
  chain,
  accounts,
  mode,
  onClose,
}: {
  chain: EvmChain;
  accounts: readonly EvmAccount[];
  mode: EvmAccountFormMode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const [name, setName] = useState(
    () => current?.name ?? evmAccountName(chain, nextEvmAccountIndex(accounts)),
  );
  const nameIssue = evmAccountNameIssue(name, accounts, current);
  const previous = current ? undefined : previousEvmAccount(accounts, nextEvmAccountIndex(accounts));
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
