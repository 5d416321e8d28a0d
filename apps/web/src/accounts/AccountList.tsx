import { Alert, Badge, Button, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { btcAddressTypeLabel, CHAINS } from '@secux-companion/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../lib/backRule';
import { useSelectedCoin } from '../state/coinSelection';
import { isUtxoChain } from '../chains/bitcoin';
import { AccountCard } from './AccountCard';
import { AccountFormModal, type AccountFormMode } from './AccountFormModal';
import { PortfolioHeader } from './PortfolioHeader';
import { DeleteAccountModal } from './DeleteAccountModal';
import { coinText, fiatText } from './format';
import { accountsStore, loadAccounts, refreshBalances, selectAccount, useAccounts } from './store';
import { totalBalance } from './rules';
import type { AppAccount } from './types';
import { usePrice } from './usePrice';
import { EVM_NATIVE_COINS } from './evmCoins';

// The EVM family's screens (and its chain library) load only when an EVM coin is chosen.
const NativeEvmAccountList = lazy(() => import('../evm/NativeEvmScreens').then((m) => ({ default: m.NativeEvmAccountList })));

/** Account list of the selected coin (spec 01 §2 "Account list"): the bitcoin family here, the EVM family in src/evm. */
export default function AccountList() {
  const coin = useSelectedCoin();
  if (coin && EVM_NATIVE_COINS.includes(coin))
    return (
      <Suspense fallback={null}>
        <NativeEvmAccountList coin={coin} />
      </Suspense>
    );
  return <UtxoAccountList />;
}

function UtxoAccountList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const coin = useSelectedCoin();
  const chain = useAccounts((s) => s.chain);
  const status = useAccounts((s) => s.status);
  const accounts = useAccounts((s) => s.accounts);
  const progress = useAccounts((s) => s.progress);
  const { price, currency } = usePrice(coin);
  const [form, setForm] = useState<AccountFormMode | null>(null);
  const [deleting, setDeleting] = useState<AppAccount | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const stale = useAccounts((s) => s.stale);

  useEffect(() => {
    if (!coin || !isUtxoChain(coin)) return;
    const s = accountsStore.get();
    if (s.chain === coin && (s.status === 'ready' || s.status === 'discovering')) return;
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
  if (!isUtxoChain(coin)) {
    return (
      <Container py="lg">
        <Title order={1} size="h2">
          {CHAINS[coin].name}
        </Title>
        <Text c="dimmed">{t('wallet.notYetAvailable')}</Text>
      </Container>
    );
  }

  const ready = chain === coin && status === 'ready';
  const total = totalBalance(ready ? accounts : []);

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

  return (
    <Container py="lg" size="lg">
      <Stack>
        <PortfolioHeader
          title={t('accounts.portfolio', { coin: CHAINS[coin].name })}
          fiat={fiatText(total, coin, price)}
          currencySymbol={currency.symbol}
          balanceText={`${coinText(total, coin)} ${coin}`}
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

        {status === 'discovering' && (
          <Group role="status" aria-live="polite" data-testid="discovery-progress">
            <Loader size="sm" />
            <Text>
              {progress
                ? t('accounts.discovering', { bip: progress.bip, index: progress.index + 1, found: progress.found })
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
              <UtxoAccountCard
                key={a.id}
                account={a}
                price={price}
                currencySymbol={currency.symbol}
                onOpen={() => {
                  selectAccount(a.id);
                  void navigate(ROUTES.AccountInformation);
                }}
                onRename={() => setForm({ kind: 'rename', account: a })}
                onDelete={() => setDeleting(a)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {form && <AccountFormModal chain={coin} mode={form} onClose={() => setForm(null)} />}
      {deleting && <DeleteAccountModal account={deleting} onClose={() => setDeleting(null)} />}
    </Container>
  );
}

/** A bitcoin-family card: the address type (BTC) under the name, a pending amount at the bottom. */
function UtxoAccountCard({
  account: a,
  price,
  currencySymbol,
  ...actions
}: {
  account: AppAccount;
  price: string | null;
  currencySymbol: string;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const label = a.chain === 'BTC' || a.chain === 'TBTC' ? btcAddressTypeLabel(a.bip) : undefined;
  return (
    <AccountCard
      name={a.name}
      path={a.path}
      balance={a.balance}
      balanceText={`${coinText(a.balance, a.chain)} ${a.chain}`}
      fiat={fiatText(a.balance, a.chain, price)}
      currencySymbol={currencySymbol}
      details={
        label ? (
          <Badge variant="light" mt={4} data-testid="account-type">
            {label}
          </Badge>
        ) : undefined
      }
      notice={
        a.pending !== 0n && (
          <Text size="xs" c="orange" data-testid="account-pending">
            {t('accounts.pending', { amount: `${coinText(a.pending, a.chain)} ${a.chain}` })}
          </Text>
        )
      }
      {...actions}
    />
  );
}
