import { Button, TextInput } from '@mantine/core';
import type { Issue } from '@secux-companion/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../components/FormModal';
import { issueText } from './format';

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
