/**
 * Create / rename a TRX account (core's name rules; default name prefilled on create; warm-002 while the previous
 * account is empty) and the delete confirmation (only an account without TRX, tokens and history).
 */
import { Alert, Button, Text } from '@mantine/core';
import { defaultAccountName, validateAccountName } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFormFrame, AccountNameInput, useAccountSaveFailure } from '../../accounts/AccountForm';
import { isEmptyAccount } from '../../accounts/createRules';
import { errorText, issueText } from '../../accounts/format';
import { createAccount, deleteAccount, renameAccount } from '../../accounts/store';
import { FormModal } from '../../components/FormModal';
import type { AccountFormProps } from '../types';
import type { TronChain } from './chain';
import { nextTronIndex, previousTronAccount, tronDeleteIssue, type TronAccount } from './rules';

export function TronAccountForm({ accounts, mode, onClose }: AccountFormProps<TronChain, TronAccount>) {
  const { t } = useTranslation();
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const index = nextTronIndex(accounts);
  const [name, setName] = useState(() => current?.name ?? defaultAccountName('TRX', index, 44));
  const nameIssue = validateAccountName(
    name,
    accounts.filter((a) => a.id !== current?.id).map((a) => a.name),
    current?.name,
  );
  const previous = current ? undefined : previousTronAccount(accounts, index);
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

export function TronDeleteAccount({
  account,
  onClose,
}: {
  chain: TronChain;
  account: TronAccount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const blocked = tronDeleteIssue(account);
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
