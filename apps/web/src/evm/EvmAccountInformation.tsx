import { Alert, Button, Container, Indicator, Stack, Tabs } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasNftTab, isNativeEvmSymbol } from '@secux-companion/chain-evm';
import { supportsBuy } from '@secux-companion/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTERNAL_LINK_PROPS } from '../lib/links';
import { AccountHeader } from '../accounts/AccountHeader';
import { BuyModal } from '../accounts/BuyModal';
import { verifyAddressOnDevice } from '../device/actions';
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
 * has one), tabs Tokens, NFTs (ETH and TETH) and History (native chains only).
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
  const [modal, setModal] = useState<
    { kind: 'send'; asset: SendAsset } | { kind: 'receive' } | { kind: 'buy' } | null
  >(null);
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
  // Only the native chains have a history source; a chain the user added (evmaccount, spec 01) has no History tab.
  const history = isNativeEvmSymbol(chain.spec.symbol);
  // Buy (spec 01 §9): the native chains a provider supports (ETH, BSC); never a chain the user added.
  const buy = isNativeEvmSymbol(chain.spec.symbol) && supportsBuy(chain.spec.symbol);
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
        <AccountHeader
          name={account.name}
          icon={chain.spec.coin.slice(0, 3)}
          iconColor="indigo"
          balance={balance}
          balanceText={evmCoinText(balance, chain)}
          fiat={fiat}
          currencySymbol={currencySymbol}
          onSend={() => sendAllowed() && setModal({ kind: 'send', asset: { kind: 'coin' } })}
          onReceive={() => setModal({ kind: 'receive' })}
          moreActions={
            (buy || explorer) && (
              <>
                {buy && (
                  <Button
                    variant="outline"
                    onClick={() => setModal({ kind: 'buy' })}
                    data-testid="account-buy"
                  >
                    {t('accounts.buy')}
                  </Button>
                )}
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
              </>
            )
          }
        />
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
            {history && (
              <Tabs.Tab value="history" data-testid="tab-history">
                {t('history.tab')}
              </Tabs.Tab>
            )}
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
          {history && (
            <Tabs.Panel value="history" pt="md">
              <EvmHistoryTab chain={chain} account={account} />
            </Tabs.Panel>
          )}
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
      {modal?.kind === 'buy' && (
        <BuyModal
          coin={chain.spec.symbol}
          // EVM: the account's own address and its signing path (as the Receive modal shows it); the
          // device shows it with the chain id.
          loadTarget={() => {
            const { address, path } = chain.adapter.receiveAddress({
              chain: chain.spec.symbol,
              index: account.index,
              bip: 44,
              path: account.path,
              address: account.address,
            });
            return Promise.resolve({ address, path });
          }}
          verify={(path) => verifyAddressOnDevice(path, chain.spec.chainId)}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'receive' && (
        <EvmReceiveModal chain={chain} account={account} onClose={() => setModal(null)} />
      )}
    </Container>
  );
}
