import { Alert, Container, Loader, NativeSelect, Stack, Title } from '@mantine/core';
import { CHAINS, defaultAccountName, type ChainSymbol } from '@secux-companion/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COIN_MENU } from '../home/coinChoice';
import { hasFamily } from '@secux-companion/web-kit/state/families';
import { accountsStore, familyChain } from '@secux-companion/web-kit/accounts/store';
import { ReceivePanel } from '@secux-companion/web-kit/accounts/receive/ReceiveModal';
import type { WalletAccount } from '@secux-companion/web-kit/family/types';

/** Coins with a family on the web (the user-added EVM chains have their own area; ADA is portal-only). */
const RECEIVE_COINS: readonly ChainSymbol[] = COIN_MENU.filter(
  (c) => c !== 'EVM' && !CHAINS[c].portalOnly && hasFamily(c),
);

/**
 * The user's accounts of a coin: those the account list recovered, the device's account table for that coin,
 * and account 0 of the coin's default purpose (every wallet has it), each with its keys read from the device.
 */
async function receiveAccounts(coin: ChainSymbol) {
  const { family, chain } = await familyChain(coin);
  const s = accountsStore.get();
  const known: WalletAccount[] = s.scope === coin ? [...s.accounts] : [];
  const entries = await family.deviceEntries(chain);
  const info = CHAINS[coin];
  if (!entries.some((e) => e.bip === info.defaultBip && e.index === 0))
    entries.unshift({ bip: info.defaultBip, index: 0, name: defaultAccountName(coin, 0, info.defaultBip) });
  for (const e of entries) {
    if (known.some((a) => a.bip === e.bip && a.index === e.index)) continue;
    known.push(await family.fromDevice(chain, coin, e));
  }
  const accounts = known.sort((a, b) =>
    a.bip === b.bip
      ? a.index - b.index
      : a.bip === info.defaultBip
        ? -1
        : b.bip === info.defaultBip
          ? 1
          : a.bip - b.bip,
  );
  return { family, chain, accounts };
}

/**
 * Receive from the wallet home: choose a coin and one of the user's accounts of it; its address is confirmed
 * on the device before Copy and the QR code show (the account page's receive content).
 */
export default function Receive() {
  const { t } = useTranslation();
  const [coin, setCoin] = useState<ChainSymbol>(RECEIVE_COINS[0] ?? 'BTC');
  const [accountId, setAccountId] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['receive-accounts', coin],
    queryFn: () => receiveAccounts(coin),
    staleTime: 0,
    retry: false,
  });
  const account = q.data?.accounts.find((a) => a.id === accountId) ?? q.data?.accounts[0];

  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={1} size="h2">
          {t('receive.title')}
        </Title>
        <NativeSelect
          label={t('receive.coin')}
          value={coin}
          onChange={(e) => {
            setCoin(e.currentTarget.value as ChainSymbol);
            setAccountId(null);
          }}
          data={RECEIVE_COINS.map((c) => ({ value: c, label: `${c} · ${CHAINS[c].name}` }))}
          data-testid="receive-coin"
        />
        {q.isPending && <Loader size="sm" aria-label={t('accounts.loading')} />}
        {q.isError && (
          <Alert color="red" role="alert" data-testid="receive-error">
            {t('errors.err-10')}
          </Alert>
        )}
        {q.data && account && (
          <>
            <NativeSelect
              label={t('receive.account')}
              value={account.id}
              onChange={(e) => setAccountId(e.currentTarget.value)}
              data={q.data.accounts.map((a) => ({ value: a.id, label: `${a.name} · ${a.path}` }))}
              data-testid="receive-account"
            />
            <ReceivePanel key={account.id} family={q.data.family} chain={q.data.chain} account={account} />
          </>
        )}
      </Stack>
    </Container>
  );
}
