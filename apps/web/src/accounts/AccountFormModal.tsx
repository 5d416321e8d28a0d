import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { btcAddressTypeLabel, CHAINS, defaultAccountName, type Bip, type ChainSymbol } from '@secux-companion/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useModalSize } from '../components/useModalSize';
import { ROUTES } from '../lib/backRule';
import { issueText } from './format';
import { accountNameIssue, createAccountIssue, nextAccountIndex } from './rules';
import { AccountActionError, createAccount, renameAccount, useAccounts } from './store';
import type { AppAccount } from './types';
import { NETWORKS, type NetworkId } from '@secux-companion/chain-bitcoin';

export type AccountFormMode = { kind: 'create' } | { kind: 'rename'; account: AppAccount };

function bipLabel(chain: ChainSymbol, bip: Bip, t: (k: string) => string): string {
  return chain === 'BTC' || chain === 'TBTC' ? (btcAddressTypeLabel(bip) ?? String(bip)) : t(`accounts.bip${bip}`);
}

/** Create / rename modal: name rules err-38, err-29, err-25; warm-002 when the previous account is empty. */
export function AccountFormModal({ chain, mode, onClose }: { chain: ChainSymbol; mode: AccountFormMode; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const size = useModalSize();
  const accounts = useAccounts((s) => s.accounts);
  const networkBips = NETWORKS[(chain === 'LTC' ? 'LTC' : chain) as NetworkId]?.bips ?? [];
  const bips = CHAINS[chain].bips.filter((b) => networkBips.includes(b));
  const [bip, setBip] = useState<Bip>(mode.kind === 'rename' ? mode.account.bip : CHAINS[chain].defaultBip);
  const suggested = useMemo(() => defaultAccountName(chain, nextAccountIndex(accounts, bip), bip), [accounts, bip, chain]);
  const [name, setName] = useState<string | null>(mode.kind === 'rename' ? mode.account.name : null);
  const value = name ?? suggested;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = mode.kind === 'rename' ? mode.account : undefined;
  const nameIssue = accountNameIssue(value, accounts, current);
  const warm = mode.kind === 'create' ? createAccountIssue(accounts, bip) : undefined;

  const save = async () => {
    if (nameIssue || warm) return;
    setBusy(true);
    setFailure(null);
    try {
      if (mode.kind === 'rename') await renameAccount(mode.account.id, value);
      else await createAccount(bip, value);
      onClose();
    } catch (e) {
      if (e instanceof AccountActionError) {
        if (e.issue.code === 'err-09') window.alert(issueText(t, e.issue));
        else setFailure(issueText(t, e.issue));
      } else {
        console.warn('account save failed', e);
        window.alert(t('errors.unexpectedRetry'));
        if (mode.kind === 'create') void navigate(ROUTES.ConnMethod);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size={size} title={mode.kind === 'create' ? t('accounts.createTitle') : t('accounts.renameTitle')}>
      <Stack>
        {mode.kind === 'create' && bips.length > 1 && (
          <NativeSelect
            label={t('accounts.addressType')}
            value={String(bip)}
            onChange={(e) => setBip(Number(e.currentTarget.value) as Bip)}
            data={bips.map((b) => ({ value: String(b), label: bipLabel(chain, b, t) }))}
            data-testid="account-form-bip"
          />
        )}
        <TextInput
          label={t('accounts.name')}
          value={value}
          onChange={(e) => setName(e.currentTarget.value)}
          error={nameIssue ? issueText(t, nameIssue) : undefined}
          data-testid="account-form-name"
        />
        {warm && (
          <Alert color="yellow" role="alert" data-testid="account-form-warning">
            {issueText(t, warm)}
          </Alert>
        )}
        {failure && (
          <Alert color="red" role="alert" data-testid="account-form-error">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!!nameIssue || !!warm} data-testid="account-form-save">
            {t('accounts.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
