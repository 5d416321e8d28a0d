import { Alert, Button, Text, TextInput } from '@mantine/core';
import type { Issue } from '@secux-companion/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormModal } from '../components/FormModal';
import { ROUTES } from '../lib/backRule';
import { errorText, issueText } from '../lib/format';
import { AccountActionError, deleteAccount } from './store';

/**
 * What a failed save shows (spec 01 §10), for every family: a rule's message (warm-002, err-17 …) in the form;
 * err-09 (saving to the device failed) as an alert; anything else the alert 'unexpected error, please retry
 * again', and a failed create goes back to ConnMethod.
 */
export function useAccountSaveFailure(creating: boolean): (e: unknown) => string | null {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (e) => {
    if (e instanceof AccountActionError) {
      if (e.issue.code !== 'err-09') return issueText(t, e.issue);
      window.alert(issueText(t, e.issue));
      return null;
    }
    console.warn('account save failed', e);
    window.alert(t('errors.unexpectedRetry'));
    if (creating) void navigate(ROUTES.ConnMethod);
    return null;
  };
}

/**
 * The create / rename account modal of every family: its fields, a failure, Cancel and Save. Save runs
 * `onSave` (busy meanwhile) and closes the modal when it succeeds.
 */
export function AccountFormFrame({
  creating,
  blocked,
  onSave,
  failureOf,
  onClose,
  saveTestId,
  children,
}: {
  /** Create (else rename): picks the title. */
  creating: boolean;
  /** A rule stops the save (its message shows by the field). */
  blocked: boolean;
  /** Method syntax: an arrow type returning a generic reads as JSX text to i18n.test.ts. */
  onSave(): Promise<unknown>;
  /** A failed save: the text shown in the form, or null when the family reported it otherwise (an alert). */
  failureOf: (e: unknown) => string | null;
  onClose: () => void;
  saveTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    if (blocked) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSave();
      onClose();
    } catch (e) {
      setFailure(failureOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      title={creating ? t('accounts.createTitle') : t('accounts.renameTitle')}
      onClose={onClose}
      failure={failure}
      failureTestId="account-form-error"
      action={
        <Button onClick={() => void save()} loading={busy} disabled={blocked} data-testid={saveTestId}>
          {t('accounts.save')}
        </Button>
      }
    >
      {children}
    </FormModal>
  );
}

/** The account-name field, with the name rule's message under it. */
export function AccountNameInput({
  value,
  onChange,
  issue,
  testId,
}: {
  value: string;
  onChange: (name: string) => void;
  issue: Issue | undefined;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('accounts.name')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={issue ? issueText(t, issue) : undefined}
      data-testid={testId}
    />
  );
}

/**
 * The delete confirmation of every family: only an account its family's rule lets go (`blocked` undefined) can be
 * deleted; otherwise the rule's message (err-11, cannotDeleteActiveAccount …) and no Delete button.
 */
export function DeleteAccountConfirm({
  account,
  blocked,
  onClose,
}: {
  account: { id: string; name: string };
  blocked: Issue | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
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
