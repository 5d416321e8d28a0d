import { Alert, Button, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CHAINS } from '@secux-companion/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@secux-companion/web-kit/lib/backRule';
import { useSelectedCoin } from '@secux-companion/web-kit/state/coinSelection';
import { hasFamily } from '@secux-companion/web-kit/state/families';
import type { WalletAccount } from '@secux-companion/web-kit/family/types';
import { AccountCard } from './AccountCard';
import { PortfolioHeader } from './PortfolioHeader';
import { UnservedNotice } from './UnservedNotice';
import { amountText, errorText, unitFiatText } from '@secux-companion/web-kit/lib/format';
import { deleteBlockIssue, showDeleteBlocked } from '@secux-companion/web-kit/accounts/AccountForm';
import {
  accountsStore,
  deleteAccount,
  loadAccounts,
  refreshBalances,
  selectAccount,
  useAccounts,
} from '@secux-companion/web-kit/accounts/store';
import { usePrice } from '@secux-companion/web-kit/accounts/usePrice';

/**
 * Account list of the selected coin (spec 01 §2 "Account list"), for every family in the registry: portfolio
 * header, create and refresh, discovery progress, the cards with the family's details. A coin without a
 * family in the registry says so; a coin the server does not serve names the server settings that would.
 */
export default function AccountList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const coin = useSelectedCoin();
  const scope = useAccounts((s) => s.scope);
  const status = useAccounts((s) => s.status);
  const accounts = useAccounts((s) => s.accounts);
  const progress = useAccounts((s) => s.progress);
  const family = useAccounts((s) => s.family);
  const chain = useAccounts((s) => s.chain);
  const stale = useAccounts((s) => s.stale);
  const unserved = useAccounts((s) => s.unserved);
  const { price, currency } = usePrice(coin);
  const [form, setForm] = useState<{ kind: 'create' } | { kind: 'rename'; account: WalletAccount } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<WalletAccount | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!coin || !hasFamily(coin)) return;
    const s = accountsStore.get();
    if (s.scope === coin && (s.status === 'ready' || s.status === 'discovering')) return;
    loadAccounts(coin).catch((e: unknown) => {
      console.warn('account recovery failed', e);
      window.alert(t('errors.err-40'));
      void navigate(ROUTES.wallet);
    });
  }, [coin, navigate, t]);

  if (!coin) {
    return (
      <Container py="lg">
        <Text data-testid="no-accounts">{t('errors.state-016')}</Text>
      </Container>
    );
  }
  if (!hasFamily(coin)) {
    return (
      <Container py="lg">
        <Title order={1} size="h2">
          {CHAINS[coin].name}
        </Title>
        <Text c="dimmed">{t('wallet.notYetAvailable')}</Text>
      </Container>
    );
  }

  const ready = scope === coin && status === 'ready' && !!family && !!chain;
  const shown = ready ? accounts : [];
  const total = shown.reduce((s, a) => s + a.balance, 0n);
  const unit = chain?.unit ?? {
    symbol: coin,
    decimals: CHAINS[coin].decimals,
    digits: CHAINS[coin].displayDigits,
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshBalances();
    } catch (e) {
      console.warn('refresh failed', e);
      window.alert(t('errors.err-40'));
      void navigate(ROUTES.wallet);
    } finally {
      setRefreshing(false);
    }
  };

  const remove = async (a: WalletAccount) => {
    setFailure(null);
    try {
      await deleteAccount(a.id);
    } catch (e) {
      // A delete the family refuses: err-11 as an alert, 'Can not delete an active account' as a toast (spec 01 §6).
      const blocked = deleteBlockIssue(e);
      if (blocked) showDeleteBlocked(t, blocked);
      else setFailure(errorText(t, e));
    }
  };

  const { CardDetails, CardNotice, AccountForm, DeleteAccount, ListNote } = family ?? {};
  return (
    <Container py="lg" size="lg">
      <Stack>
        <PortfolioHeader
          title={t('accounts.portfolio', { coin: CHAINS[coin].name })}
          fiat={unitFiatText(total, unit, price)}
          currencySymbol={currency.symbol}
          balanceText={amountText(total, unit)}
          notice={
            stale && (
              <Text size="sm" c="orange" role="status" data-testid="balances-stale">
                {t('accounts.staleBalances')}
              </Text>
            )
          }
          ready={ready}
          refreshing={refreshing}
          onRefresh={() => void refresh()}
          onCreate={() => setForm({ kind: 'create' })}
        />
        {scope === coin && status === 'unserved' && unserved && (
          <UnservedNotice coinName={CHAINS[coin].name} unserved={unserved} />
        )}
        {ListNote && chain && scope === coin && <ListNote chain={chain} />}
        {failure && (
          <Alert color="red" role="alert" data-testid="accounts-error">
            {failure}
          </Alert>
        )}

        {status === 'discovering' && (
          <Group role="status" aria-live="polite" data-testid="discovery-progress">
            <Loader size="sm" />
            <Text>
              {progress
                ? t('accounts.discovering', {
                    bip: progress.bip,
                    index: progress.index + 1,
                    found: progress.found,
                  })
                : t('accounts.discoveringStart')}
            </Text>
          </Group>
        )}

        {ready && accounts.length === 0 && (
          <Alert data-testid="accounts-empty">
            <Stack gap="xs">
              <Text>{t('errors.state-016')}</Text>
              <Button variant="subtle" onClick={() => setForm({ kind: 'create' })}>
                {t('accounts.addPrompt')}
              </Button>
            </Stack>
          </Alert>
        )}

        {ready && accounts.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="account-grid">
            {accounts.map((a) => (
              <AccountCard
                key={a.id}
                name={a.name}
                path={a.path}
                address={a.address}
                balance={a.balance}
                balanceText={amountText(a.balance, unit)}
                fiat={unitFiatText(a.balance, unit, price)}
                currencySymbol={currency.symbol}
                details={CardDetails && <CardDetails chain={chain} account={a} />}
                notice={CardNotice && <CardNotice chain={chain} account={a} />}
                onOpen={() => {
                  selectAccount(a.id);
                  void navigate(ROUTES.AccountInformation);
                }}
                onRename={() => setForm({ kind: 'rename', account: a })}
                onDelete={() => (DeleteAccount ? setDeleting(a) : void remove(a))}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {ready && form && AccountForm && (
        <AccountForm chain={chain} accounts={accounts} mode={form} onClose={() => setForm(null)} />
      )}
      {ready && deleting && DeleteAccount && (
        <DeleteAccount chain={chain} account={deleting} onClose={() => setDeleting(null)} />
      )}
    </Container>
  );
}
