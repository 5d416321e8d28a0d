import { Alert, NativeSelect } from '@mantine/core';
import {
  btcAddressTypeLabel,
  CHAINS,
  defaultAccountName,
  type Bip,
  type ChainSymbol,
} from '@secux-companion/core';
import type { BitcoinChain } from './chains';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AccountFormFrame,
  AccountNameInput,
  useAccountSaveFailure,
} from '@secux-companion/web-kit/accounts/AccountForm';
import { issueText } from '@secux-companion/web-kit/lib/format';
import { createAccount, renameAccount, useAccounts } from '@secux-companion/web-kit/accounts/store';
import { accountNameIssue, createAccountIssue, nextAccountIndex } from './rules';
import type { AppAccount } from './account';

export type AccountFormMode = { kind: 'create' } | { kind: 'rename'; account: AppAccount };

function bipLabel(chain: ChainSymbol, bip: Bip, t: (k: string) => string): string {
  return chain === 'BTC' || chain === 'TBTC'
    ? (btcAddressTypeLabel(bip) ?? String(bip))
    : t(`accounts.bip${bip}`);
}

/** Create / rename modal: name rules err-38, err-29, err-25; warm-002 when the previous account is empty. */
export function AccountFormModal({
  chain: loaded,
  mode,
  onClose,
}: {
  chain: BitcoinChain;
  mode: AccountFormMode;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const chain = loaded.adapter.chain;
  const accounts = useAccounts((s) => s.accounts) as AppAccount[];
  const networkBips = loaded.adapter.network.bips;
  const bips = CHAINS[chain].bips.filter((b) => networkBips.includes(b));
  const [bip, setBip] = useState<Bip>(mode.kind === 'rename' ? mode.account.bip : CHAINS[chain].defaultBip);
  const suggested = useMemo(
    () => defaultAccountName(chain, nextAccountIndex(accounts, bip), bip),
    [accounts, bip, chain],
  );
  const [name, setName] = useState<string | null>(mode.kind === 'rename' ? mode.account.name : null);
  const value = name ?? suggested;
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const nameIssue = accountNameIssue(value, accounts, current);
  const warm = mode.kind === 'create' ? createAccountIssue(accounts, bip) : undefined;

  const failureOf = useAccountSaveFailure(mode.kind === 'create');

  return (
    <AccountFormFrame
      creating={mode.kind === 'create'}
      blocked={!!nameIssue || !!warm}
      onSave={() =>
        mode.kind === 'rename' ? renameAccount(mode.account.id, value) : createAccount({ bip, name: value })
      }
      failureOf={failureOf}
      onClose={onClose}
      saveTestId="account-form-save"
    >
      {mode.kind === 'create' && bips.length > 1 && (
        <NativeSelect
          label={t('accounts.addressType')}
          value={String(bip)}
          onChange={(e) => setBip(Number(e.currentTarget.value) as Bip)}
          data={bips.map((b) => ({ value: String(b), label: bipLabel(chain, b, t) }))}
          data-testid="account-form-bip"
        />
      )}
      <AccountNameInput value={value} onChange={setName} issue={nameIssue} testId="account-form-name" />
      {warm && (
        <Alert color="yellow" role="alert" data-testid="account-form-warning">
          {issueText(t, warm)}
        </Alert>
      )}
    </AccountFormFrame>
  );
}
