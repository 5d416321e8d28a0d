/** The account list and account page of a native EVM coin (ETH, TETH, BSC …) chosen in the home coin menu. */
import { Container, Text } from '@mantine/core';
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { ROUTES } from '../lib/backRule';
import { usePrice } from '../accounts/usePrice';
import { getEvmChain } from '../chains/evm';
import { EvmAccountCards } from './EvmAccountList';
import { EvmAccountInformation } from './EvmAccountInformation';
import { evmStore, loadEvmAccounts, selectEvmAccount, selectedEvmAccount, useEvm } from './store';

function useNativeChain(coin: ChainSymbol) {
  return useQuery({ queryKey: ['evm-chain', coin], queryFn: () => getEvmChain(coin), staleTime: Infinity, gcTime: Infinity });
}

export function NativeEvmAccountList({ coin }: { coin: ChainSymbol }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chain = useNativeChain(coin);
  const { price, currency } = usePrice(coin);
  useEffect(() => {
    if (!chain.data) return;
    const s = evmStore.get();
    if (s.scope === coin && (s.status === 'ready' || s.status === 'discovering')) return;
    loadEvmAccounts(coin, chain.data).catch((e: unknown) => {
      console.warn('account recovery failed', e);
      window.alert(t('errors.err-40'));
      void navigate(ROUTES.wallet);
    });
  }, [coin, chain.data, navigate, t]);
  if (chain.isError)
    return (
      <Container py="lg">
        <Text c="red">{t('errors.err-40')}</Text>
      </Container>
    );
  if (!chain.data) return null;
  return (
    <Container py="lg" size="lg">
      <EvmAccountCards
        chain={chain.data}
        scope={coin}
        price={price}
        currencySymbol={currency.symbol}
        title={t('accounts.portfolio', { coin: CHAINS[coin].name })}
        onOpen={(a) => {
          selectEvmAccount(a.id);
          void navigate(ROUTES.AccountInformation);
        }}
      />
    </Container>
  );
}

export function NativeEvmAccountInformation({ coin }: { coin: ChainSymbol }) {
  const navigate = useNavigate();
  const account = useEvm((s) => (s.scope === coin ? selectedEvmAccount(s) : undefined));
  const chain = useEvm((s) => (s.scope === coin ? s.chain : null));
  const { price, currency } = usePrice(coin);
  if (!account || !chain) return <Navigate to={ROUTES.Account} replace />;
  return (
    <EvmAccountInformation
      key={account.id}
      chain={chain}
      account={account}
      price={price}
      currencySymbol={currency.symbol}
      afterSend={() => void navigate(ROUTES.Account)}
    />
  );
}
