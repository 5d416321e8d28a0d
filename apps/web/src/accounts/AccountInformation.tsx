import { Alert, Button, Container, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceAddress } from '@secux-companion/chain-bitcoin';
import { supportsBuy } from '@secux-companion/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { ROUTES } from '../lib/backRule';
import { useSelectedCoin } from '../state/coinSelection';
import { AccountHeader } from './AccountHeader';
import { coinText, fiatText } from './format';
import { HistoryTab } from './history/HistoryTab';
import { HISTORY_REFRESH_MS } from './history/historyRules';
import { nextReceiveAddress, ReceiveModal } from './receive/ReceiveModal';
import { SendModal } from './send/SendModal';
import { BuyModal } from './BuyModal';
import { refreshBalances, selectedAccount, useAccounts } from './store';
import { accountKeys, descriptorOf, useBitcoinChain } from './useChain';
import { usePrice } from './usePrice';
import { EVM_NATIVE_COINS } from './evmCoins';
import { sendAllowed } from './sendGate';

const NativeEvmAccountInformation = lazy(() =>
  import('../evm/NativeEvmScreens').then((m) => ({ default: m.NativeEvmAccountInformation })),
);

/** The account page of the selected coin: the bitcoin family here, the EVM family in src/evm. */
export default function AccountInformation() {
  const coin = useSelectedCoin();
  if (coin && EVM_NATIVE_COINS.includes(coin))
    return (
      <Suspense fallback={null}>
        <NativeEvmAccountInformation coin={coin} />
      </Suspense>
    );
  return <UtxoAccountInformation />;
}

/** One account: header (name, coin, fiat and coin balance), Send, Receive, Buy, and the History tab. */
function UtxoAccountInformation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const coin = useSelectedCoin();
  const account = useAccounts((s) => (s.chain === coin ? selectedAccount(s) : undefined));
  const chain = useBitcoinChain(account?.chain);
  const { price, currency } = usePrice(account?.chain ?? null);
  const [modal, setModal] = useState<'send' | 'receive' | 'buy' | null>(null);
  const state = useQuery({
    queryKey: accountKeys.state(account?.id ?? ''),
    queryFn: () => chain.data!.adapter.getAccountState(descriptorOf(account!)),
    enabled: !!account && !!chain.data,
    staleTime: 0,
    refetchInterval: HISTORY_REFRESH_MS,
  });

  if (!account) return <Navigate to={ROUTES.Account} replace />;
  const balance = state.data?.balance ?? account.balance;
  const fiat = fiatText(balance, account.chain, price);

  /** After a send: back to the account list, balances refreshed (err-40 and the wallet on failure). */
  const afterSend = () => {
    setModal(null);
    void queryClient.invalidateQueries({ queryKey: accountKeys.state(account.id) });
    void queryClient.invalidateQueries({ queryKey: accountKeys.history(account.id) });
    void navigate(ROUTES.Account);
    refreshBalances().catch((e: unknown) => {
      console.warn('refresh failed', e);
      window.alert(t('errors.err-40'));
      void navigate(ROUTES.wallet);
    });
  };

  // Narrowed once for the Buy modal's address lookup (a callback does not keep the narrowing of chain.data).
  const buyChain = chain.data;
  return (
    <Container py="lg" size="lg">
      <Stack>
        <AccountHeader
          name={account.name}
          icon={account.chain.slice(0, 3)}
          iconColor="blue"
          balance={balance}
          balanceText={`${coinText(balance, account.chain)} ${account.chain}`}
          fiat={fiat}
          currencySymbol={currency.symbol}
          note={
            state.data && state.data.pending !== 0n ? (
              <Text size="xs" c="orange">
                {t('accounts.available', {
                  amount: `${coinText(state.data.available, account.chain)} ${account.chain}`,
                })}
              </Text>
            ) : undefined
          }
          onSend={() => sendAllowed() && setModal('send')}
          onReceive={() => setModal('receive')}
          disabled={!chain.data}
          moreActions={
            supportsBuy(account.chain) && (
              <Button variant="outline" onClick={() => setModal('buy')} disabled={!chain.data} data-testid="account-buy">
                {t('accounts.buy')}
              </Button>
            )
          }
        />
        {account.chain === 'BCH' && <Alert color="blue">{t('accounts.bchNote')}</Alert>}
        {chain.isError && <Alert color="red">{t('errors.err-40')}</Alert>}
        <Tabs defaultValue="history">
          <Tabs.List>
            <Tabs.Tab value="history" data-testid="tab-history">
              {t('history.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="history" pt="md">
            {chain.data ? (
              <HistoryTab account={account} chain={chain.data} />
            ) : (
              <Loader size="sm" aria-label={t('accounts.loading')} />
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {chain.data && modal === 'send' && (
        <SendModal account={account} chain={chain.data} onClose={() => setModal(null)} onDone={afterSend} />
      )}
      {chain.data && modal === 'receive' && (
        <ReceiveModal account={account} chain={chain.data} onClose={() => setModal(null)} />
      )}
      {buyChain && modal === 'buy' && (
        <BuyModal
          coin={account.chain}
          // Bitcoin family: the next receive address, as the Receive modal shows it.
          loadTarget={() => nextReceiveAddress(buyChain, account)}
          deviceForm={(address) => deviceAddress(buyChain.adapter.network, address)}
          onClose={() => setModal(null)}
        />
      )}
    </Container>
  );
}
