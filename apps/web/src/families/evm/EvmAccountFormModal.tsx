import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountFormFrame, AccountNameInput } from '../../accounts/AccountForm';
import { issueText } from '../../accounts/format';
import { createAccount, renameAccount } from '../../accounts/store';
import type { EvmChain } from '../../chains/evm';
import type { EvmAccount } from '../../evm/account';
import { evmAccountName, evmAccountNameIssue, nextEvmAccountIndex } from '../../evm/naming';

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
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const [name, setName] = useState(
    () => current?.name ?? evmAccountName(chain, nextEvmAccountIndex(accounts)),
  );
  const nameIssue = evmAccountNameIssue(name, accounts, current);

  return (
    <AccountFormFrame
      creating={!current}
      blocked={!!nameIssue}
      onSave={() => (current ? renameAccount(current.id, name) : createAccount({ name }))}
      failureOf={(e) => {
        console.warn('account save failed', e);
        return issueText(t, { code: 'err-09' });
      }}
      onClose={onClose}
      saveTestId="account-save"
    >
      <AccountNameInput value={name} onChange={setName} issue={nameIssue} testId="account-name-input" />
    </AccountFormFrame>
  );
}
