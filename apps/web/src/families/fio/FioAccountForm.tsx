/** Create / rename a FIO account (core's name rules; default name FIO + index + 1) and its delete confirmation. */
import { Alert, Button, Text } from '@mantine/core';
import { defaultAccountName, validateAccountName } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFormFrame, AccountNameInput, useAccountSaveFailure } from '../../accounts/AccountForm';
import { errorText, issueText } from '../../accounts/format';
import { createAccount, deleteAccount, renameAccount } from '../../accounts/store';
import { FormModal } from '../../components/FormModal';
import type { AccountFormProps } from '../types';
import type { FioChain } from './chain';
import { fioDeleteIssue, nextFioIndex, type FioAccount } from './rules';

export function FioAccountForm({ chain, accounts, mode, onClose }: AccountFormProps<FioChain, FioAccount>) {
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const index = nextFioIndex(accounts);
  const [name, setName] = useState(() => current?.name ?? defaultAccountName(chain.coin, index, 44));
  const nameIssue = validateAccountName(
    name,
    accounts.filter((a) => a.id !== current?.id).map((a) => a.name),
    current?.name,
  );
  const failureOf = useAccountSaveFailure(!current);
  return (
    <AccountFormFrame
      creating={!current}
      blocked={!!nameIssue}
      onSave={() => (current ? renameAccount(current.id, name) : createAccount({ name }))}
      failureOf={failureOf}
      onClose={onClose}
      saveTestId="account-save"
    >
      <AccountNameInput value={name} onChange={setName} issue={nameIssue} testId="account-name-input" />
    </AccountFormFrame>
  );
}

export function FioDeleteAccount({
  account,
  onClose,
}: {
  chain: FioChain;
  account: FioAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const blocked = fioDeleteIssue(account);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteAccount(account.id);
      onClose();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      title={t('accounts.deleteTitle')}
      onClose={onClose}
      failure={failure}
      action={
        !blocked && (
          <Button
            color="red"
            onClick={() => void confirm()}
            loading={busy}
            data-testid="account-delete-confirm"
          >
            {t('accounts.delete')}
          </Button>
        )
      }
    >
      {blocked ? (
        <Alert color="red" role="alert" data-testid="account-delete-blocked">
          {issueText(t, blocked)}
        </Alert>
      ) : (
        <Text>{t('accounts.deleteConfirm', { name: account.name })}</Text>
      )}
    </FormModal>
  );
}
