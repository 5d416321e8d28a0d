import {
  Alert,
  Avatar,
  Button,
  Card,
  Container,
  Group,
  Indicator,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasNftTab } from '@secux-companion/chain-evm';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS } from '../lib/links';
import type { EvmChain } from '../chains/evm';
import { EvmHistoryTab, evmHistoryKey } from './EvmHistoryTab';
import { EvmReceiveModal } from './EvmReceiveModal';
import { EvmSendModal, type SendAsset } from './EvmSendModal';
import { evmCoinText, evmFiatText } from './format';
import { NftTab, nftKeys } from './NftTab';
import { refreshEvmBalances, type EvmAccount } from './store';
import { TokensTab, tokenKeys, tokenRedDot, useAccountTokens } from './TokensTab';
import { sendAllowed } from '../accounts/sendGate';

/**
 * One EVM account: header (name, coin, fiat and coin balance), Send, Receive (and Explorer when the chain
 * has one), tabs Tokens, NFTs (ETH and TETH) and History.
 */
export function EvmAccountInformation({
  chain,
  account,
  price,
  currencySymbol,
  showExplorer,
  afterSend,
}: {
  chain: EvmChain;
  account: EvmAccount;
  price: string | null;
  currencySymbol: string;
  showExplorer?: boolean;
  /** After the Status step of a send. */
  afterSend: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<{ kind: 'send'; asset: SendAsset } | { kind: 'receive' } | null>(null);
  const [tab, setTab] = useState<string | null>('tokens');
  const tokens = useAccountTokens(chain, account);
  const state = useQuery({
    queryKey: ['evm-account-state', account.id],
    queryFn: () => chain.backend.getAccount(account.address),
    staleTime: 0,
    refetchInterval: 10_000,
  });
  const balance = state.data?.balance ?? account.balance;
  const fiat = evmFiatText(balance, chain.spec.decimals, price);
  const nft = hasNftTab(chain.spec.symbol);
  const explorer = showExplorer && !chain.local ? chain.adapter.explorer.address(account.address) : undefined;

  const done = () => {
    setModal(null);
    for (const key of [
      ['evm-account-state', account.id],
      evmHistoryKey(account.id),
      tokenKeys.balances(account.id),
      nftKeys.list(account.id),
    ])
      void queryClient.invalidateQueries({ queryKey: key });
    refreshEvmBalances().catch((e: unknown) => console.warn('refresh failed', e));
    afterSend();
  };

  return (
    <Container py="lg" size="lg">
      <Stack>
        <Card withBorder component="section" aria-labelledby="account-title">
          <Group justify="space-between" wrap="wrap">
            <Group wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar color="indigo" radius="xl" aria-hidden="true">
                {chain.spec.coin.slice(0, 3)}
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Title order={1} size="h3" id="account-title" data-testid="account-name">
                  {account.name}
                </Title>
                <Text size="xl" fw={700} truncate="end" data-testid="account-fiat">
                  {fiat !== null ? `${currencySymbol}${fiat}` : t('errors.priceNotAvailable')}
                </Text>
                <Text
                  c="dimmed"
                  truncate="end"
                  data-testid="account-coin-balance"
                  data-sats={balance.toString()}
                >
                  {evmCoinText(balance, chain)}
                </Text>
              </Stack>
            </Group>
            <Group>
              <Button
                onClick={() => sendAllowed() && setModal({ kind: 'send', asset: { kind: 'coin' } })}
                data-testid="account-send"
              >
                {t('accounts.send')}
              </Button>
              <Button
                variant="light"
                onClick={() => setModal({ kind: 'receive' })}
                data-testid="account-receive"
              >
                {t('accounts.receive')}
              </Button>
              {explorer && (
                <Button
                  variant="outline"
                  component="a"
                  href={explorer}
                  {...EXTERNAL_LINK_PROPS}
                  data-testid="account-explorer"
                >
                  {t('evm.explorer')}
                </Button>
              )}
            </Group>
          </Group>
        </Card>
        {state.isError && <Alert color="red">{t('errors.err-40')}</Alert>}
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="tokens" data-testid="tab-tokens">
              <Indicator
                disabled={!tokenRedDot(tokens.deviceCount, tokens.settings)}
                color="red"
                size={8}
                offset={-4}
                label=""
                data-testid="tokens-red-dot"
              >
                {t('tokens.tab')}
              </Indicator>
            </Tabs.Tab>
            {nft && (
              <Tabs.Tab value="nfts" data-testid="tab-nfts">
                {t('nft.tab')}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="history" data-testid="tab-history">
              {t('history.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="tokens" pt="md">
            <TokensTab
              chain={chain}
              account={account}
              state={tokens}
              onSend={(contract) =>
                sendAllowed() && setModal({ kind: 'send', asset: { kind: 'token', contract } })
              }
            />
          </Tabs.Panel>
          {nft && (
            <Tabs.Panel value="nfts" pt="md">
              <NftTab
                chain={chain}
                account={account}
                onSend={(asset) => sendAllowed() && setModal({ kind: 'send', asset: { kind: 'nft', asset } })}
              />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="history" pt="md">
            <EvmHistoryTab chain={chain} account={account} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {modal?.kind === 'send' && (
        <EvmSendModal
          account={account}
          chain={chain}
          tokens={tokens.tokens}
          initial={modal.asset}
          onClose={() => setModal(null)}
          onDone={done}
        />
      )}
      {modal?.kind === 'receive' && (
        <EvmReceiveModal chain={chain} account={account} onClose={() => setModal(null)} />
      )}
    </Container>
  );
}
