import { ActionIcon, Alert, Badge, Button, Card, Container, Group, Loader, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { btcAddressTypeLabel, CHAINS } from '@secux-companion/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../lib/backRule';
import { useSelectedCoin } from '../state/coinSelection';
import { isUtxoChain } from '../chains/bitcoin';
import { AccountFormModal, type AccountFormMode } from './AccountFormModal';
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
  const totalFiat = fiatText(total, coin, price);

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
        <Card withBorder component="section" aria-labelledby="portfolio-title">
          <Group justify="space-between" align="flex-start">
            <Stack gap={2}>
              <Title order={1} size="h3" id="portfolio-title">
                {t('accounts.portfolio', { coin: CHAINS[coin].name })}
              </Title>
              <Text size="xl" fw={700} data-testid="portfolio-fiat">
                {totalFiat !== null ? `${currency.symbol}${totalFiat}` : t('errors.priceNotAvailable')}
              </Text>
              <Text c="dimmed" data-testid="portfolio-coin">
                {`${coinText(total, coin)} ${coin}`}
              </Text>
              {stale && (
                <Text size="sm" c="orange" role="status" data-testid="balances-stale">
                  {t('accounts.staleBalances')}
                </Text>
              )}
            </Stack>
            <Group>
              <Button variant="light" onClick={() => void refresh()} loading={refreshing} disabled={!ready} data-testid="accounts-refresh">
                {t('accounts.refresh')}
              </Button>
              <Button onClick={() => setForm({ kind: 'create' })} disabled={!ready} data-testid="accounts-create">
                {t('accounts.create')}
              </Button>
            </Group>
          </Group>
        </Card>

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
              <AccountCard
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

function AccountCard(props: {
  account: AppAccount;
  price: string | null;
  currencySymbol: string;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { account: a } = props;
  const label = a.chain === 'BTC' || a.chain === 'TBTC' ? btcAddressTypeLabel(a.bip) : undefined;
  const fiat = fiatText(a.balance, a.chain, props.price);
  return (
    <Card withBorder data-testid="account-card" data-path={a.path}>
      <Group justify="space-between" wrap="nowrap">
        <Text
          component="button"
          type="button"
          onClick={props.onOpen}
          fw={600}
          style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer', textAlign: 'left' }}
          data-testid="account-open"
        >
          {a.name}
        </Text>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label={t('accounts.menu', { name: a.name })} data-testid="account-menu">
              <span aria-hidden="true">⋮</span>
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={props.onRename} data-testid="account-rename">
              {t('accounts.rename')}
            </Menu.Item>
            <Menu.Item color="red" onClick={props.onDelete} data-testid="account-delete">
              {t('accounts.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {label && (
        <Badge variant="light" mt={4} data-testid="account-type">
          {label}
        </Badge>
      )}
      <Text mt="xs" data-testid="account-balance" data-sats={a.balance.toString()} onClick={props.onOpen} style={{ cursor: 'pointer' }}>
        {`${coinText(a.balance, a.chain)} ${a.chain}`}
      </Text>
      <Text size="sm" c="dimmed">
        {fiat !== null ? `${props.currencySymbol}${fiat}` : t('errors.priceNotAvailable')}
      </Text>
      {a.pending !== 0n && (
        <Text size="xs" c="orange" data-testid="account-pending">
          {t('accounts.pending', { amount: `${coinText(a.pending, a.chain)} ${a.chain}` })}
        </Text>
      )}
    </Card>
  );
}

