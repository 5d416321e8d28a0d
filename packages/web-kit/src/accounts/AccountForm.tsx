import { Button, Text, TextInput } from '@mantine/core';
import type { Issue } from '@secux-companion/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormModal } from '../components/FormModal';
import { ROUTES } from '../lib/backRule';
import { errorText, issueText } from '../lib/format';
import { TOAST_MS, toast } from '../lib/toast';
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

const DELETE_BLOCKS: readonly Issue['code'][] = ['err-11', 'cannotDeleteActiveAccount'];

/** The issue of a delete the family's rule refused (err-11, 'Can not delete an active account'); else undefined. */
export function deleteBlockIssue(e: unknown): Issue | undefined {
  const o = e as { issue?: Issue; name?: string; code?: unknown; params?: Issue['params'] } | null;
  const issue: Issue | undefined =
    o?.issue ??
    (o?.name === 'CoreError' && typeof o.code === 'string'
      ? { code: o.code as Issue['code'], ...(o.params ? { params: o.params } : {}) }
      : undefined);
  return issue && DELETE_BLOCKS.includes(issue.code) ? issue : undefined;
}

/**
 * Spec 01 §6: a non-empty account gives the alert err-11 (token type filled in); an account with a balance the
 * toast 'Can not delete an active account'.
 */
export function showDeleteBlocked(t: TFunction, issue: Issue): void {
  if (issue.code === 'cannotDeleteActiveAccount')
    toast({ message: issueText(t, issue), color: 'yellow', autoClose: TOAST_MS.long });
  else window.alert(issueText(t, issue));
}

/**
 * The delete confirmation of every family: only an account its family's rule lets go (`blocked` undefined) can be
 * deleted; otherwise the rule's message shows as the spec has it (err-11 alert, 'Can not delete an active account'
 * toast, {@link showDeleteBlocked}) and no confirmation opens.
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
  const told = useRef(false);
  useEffect(() => {
    if (!blocked || told.current) return;
    told.current = true;
    showDeleteBlocked(t, blocked);
    onClose();
  }, [blocked, onClose, t]);
  const confirm = async () => {
    setBusy(true);
    try {
      await deleteAccount(account.id);
      onClose();
    } catch (e) {
      // The family's own check at delete time (a fresh balance or history) may refuse it too.
      const issue = deleteBlockIssue(e);
      if (!issue) return setFailure(errorText(t, e));
      showDeleteBlocked(t, issue);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  if (blocked) return null;
  return (
    <FormModal
      title={t('accounts.deleteTitle')}
      onClose={onClose}
      failure={failure}
      action={
        <Button
          color="red"
          onClick={() => void confirm()}
          loading={busy}
          data-testid="account-delete-confirm"
        >
          {t('accounts.delete')}
        </Button>
      }
    >
      <Text>{t('accounts.deleteConfirm', { name: account.name })}</Text>
    </FormModal>
  );
}
