import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { errorText, issueText } from '../../accounts/format';
import { deleteAccount } from '../../accounts/store';
import { deleteAccountIssue } from './rules';
import type { AppAccount } from './account';

/** Delete: only an empty account; otherwise err-11. */
export function DeleteAccountModal({ account, onClose }: { account: AppAccount; onClose: () => void }) {
  const { t } = useTranslation();
  const blocked = deleteAccountIssue(account);
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
          <Button color="red" onClick={() => void confirm()} loading={busy} data-testid="account-delete-confirm">
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
