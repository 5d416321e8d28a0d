/**
 * Rename a BNB account (core's name rules, written to the device). No new account is created on a retired chain:
 * the create form explains why instead.
 */
import { Alert } from '@mantine/core';
import { validateAccountName } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AccountFormFrame,
  AccountNameInput,
  useAccountSaveFailure,
} from '@secux-companion/web-kit/accounts/AccountForm';
import { renameAccount } from '@secux-companion/web-kit/accounts/store';
import { FormModal } from '@secux-companion/web-kit/components/FormModal';
import type { AccountFormProps, WalletAccount } from '@secux-companion/web-kit/family/types';
import type { BnbChain } from './chain';

export function BnbAccountForm({ accounts, mode, onClose }: AccountFormProps<BnbChain, WalletAccount>) {
  const { t } = useTranslation();
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const [name, setName] = useState(() => current?.name ?? '');
  const failureOf = useAccountSaveFailure(false);
  if (!current)
    return (
      <FormModal title={t('accounts.createTitle')} onClose={onClose} failure={null} action={null}>
        <Alert color="orange" data-testid="bnb-no-create">
          {t('bnb.noCreate')}
        </Alert>
      </FormModal>
    );
  const nameIssue = validateAccountName(
    name,
    accounts.filter((a) => a.id !== current.id).map((a) => a.name),
    current.name,
  );
  return (
    <AccountFormFrame
      creating={false}
      blocked={!!nameIssue}
      onSave={() => renameAccount(current.id, name)}
      failureOf={failureOf}
      onClose={onClose}
      saveTestId="account-save"
    >
      <AccountNameInput value={name} onChange={setName} issue={nameIssue} testId="account-name-input" />
    </AccountFormFrame>
  );
}
