import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalSize } from '../components/useModalSize';
import { issueText } from '../accounts/format';
import type { EvmChain } from '../chains/evm';
import { evmAccountNameIssue, nextEvmAccountIndex } from './naming';
import { createEvmAccount, evmAccountName, renameEvmAccount, type EvmAccount } from './store';

export type EvmAccountFormMode = { kind: 'create' } | { kind: 'rename'; account: EvmAccount };

/**
 * Create / rename an EVM account, with the bitcoin form's name rules (err-38, err-29, err-25; default
 * name prefilled on create). A failed save shows err-09.
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
  const size = useModalSize();
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const [name, setName] = useState(
    () => current?.name ?? evmAccountName(chain, nextEvmAccountIndex(accounts)),
  );
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const nameIssue = evmAccountNameIssue(name, accounts, current);

  const save = async () => {
    if (nameIssue) return;
    setBusy(true);
    setFailure(null);
    try {
      if (current) await renameEvmAccount(current.id, name);
      else await createEvmAccount(name);
      onClose();
    } catch (e) {
      console.warn('account save failed', e);
      setFailure(issueText(t, { code: 'err-09' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size={size}
      title={mode.kind === 'create' ? t('accounts.createTitle') : t('accounts.renameTitle')}
    >
      <Stack>
        <TextInput
          label={t('accounts.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameIssue ? issueText(t, nameIssue) : undefined}
          data-testid="account-name-input"
        />
        {failure && (
          <Alert color="red" role="alert" data-testid="account-form-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => void save()}
            loading={busy}
            disabled={!!nameIssue}
            data-testid="account-save"
          >
            {t('accounts.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
