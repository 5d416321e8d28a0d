import { Alert, Button, Container, Loader, Stack, Tabs } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { ROUTES } from '../lib/backRule';
import { useSelectedCoin } from '../state/coinSelection';
import type { AnyFamily, FamilyChain, WalletAccount } from '../family/types';
import { AccountHeader } from './AccountHeader';
import { BuyModal } from './BuyModal';
import { amountText, unitFiatText } from '../lib/format';
import { HISTORY_REFRESH_MS } from './history/historyRules';
import { accountKeys } from './queryKeys';
import { ReceiveModal } from './receive/ReceiveModal';
import { sendAllowed } from './sendGate';
import { refreshBalances, selectedAccount, useAccounts } from './store';
import { usePrice } from './usePrice';
import { MessagesTab } from './messages/MessagesTab';

/** AccountInformation: the selected account of the coin chosen in the coin menu. */
export default function AccountInformation() {
  const coin = useSelectedCoin();
  const ok = useAccounts((s) => !!coin && s.scope === coin);
  if (!ok) return <Navigate to={ROUTES.Account} replace />;
  return <AccountPage backTo={ROUTES.Account} priced />;
}

/**
 * One account of any family: header (name, coin, fiat and coin balance), Send, Receive, Buy, the family's
 * extra actions and tabs (bitcoin: History with Speed up; EVM: Tokens, NFTs, History).
 */
export function AccountPage({
  backTo,
  priced,
}: {
  /** The account list: where to go without an account, and after the Status step of a send. */
  backTo: string;
  /** Fiat values shown (a chain the user added has no price). */
  priced?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  /**
   * After the Status step of a send (every family): back to the list while the balances are read again; a failed
   * refresh is err-40 and goes back to the wallet (spec 01 §4).
   */
  const afterSend = () => {
    void navigate(backTo);
    refreshBalances().catch((e: unknown) => {
      console.warn('refresh failed', e);
      window.alert(t('errors.err-40'));
      void navigate(ROUTES.wallet);
    });
  };
  const account = useAccounts((s) => selectedAccount(s));
  const family = useAccounts((s) => s.family);
  const chain = useAccounts((s) => s.chain);
  const coin = useAccounts((s) => s.coin);
  if (!account || !family || !chain) return <Navigate to={backTo} replace />;
  return (
    <FamilyAccountPage
      key={account.id}
      family={family}
      chain={chain}
      account={account}
      priceCoin={priced ? coin : null}
      afterSend={afterSend}
    />
  );
}

type Modal = { kind: 'send'; initial?: unknown } | { kind: 'receive' } | { kind: 'buy' } | null;

function FamilyAccountPage({
  family,
  chain,
  account,
  priceCoin,
  afterSend,
}: {
  family: AnyFamily;
  chain: FamilyChain;
  account: WalletAccount;
  priceCoin: Parameters<typeof usePrice>[0];
  afterSend: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { price, currency } = usePrice(priceCoin);
  const [modal, setModal] = useState<Modal>(null);
  const state = useQuery({
    queryKey: accountKeys.state(account.id),
    queryFn: () => chain.adapter.getAccountState(family.descriptor(chain, account)),
    staleTime: 0,
    refetchInterval: HISTORY_REFRESH_MS,
    // A chain whose state cannot be read at all (a retired chain without an archive) is not asked.
    enabled: chain.stateReadable !== false,
  });
  // A read-only chain (capabilities.readOnly, e.g. BNB Beacon) has neither Send nor Receive.
  const readOnly = chain.adapter.capabilities?.readOnly === true;
  const openSend = (initial?: unknown) => sendAllowed() && setModal({ kind: 'send', initial });
  const page = family.usePage({ chain, account, ...(state.data ? { state: state.data } : {}), openSend });
  const messages = useMemo(() => family.messages?.(chain), [family, chain]);
  // Every family with message signing gets the same Messages tab after its own.
  const extras = messages
    ? {
        ...page,
        tabs: [
          ...page.tabs,
          {
            value: 'messages',
            testId: 'tab-messages',
            label: t('messages.tab'),
            panel: <MessagesTab support={messages} family={family} chain={chain} account={account} />,
          },
        ],
      }
    : page;
  const [tab, setTab] = useState<string | null>(extras.tabs[0]?.value ?? null);
  const balance = state.data?.balance ?? account.balance;
  const buy = family.buy(chain, account);
  const { Send } = family;

  /** After a send: the account's data is read again, then the page's caller moves on. */
  const done = () => {
    setModal(null);
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey.includes(account.id) });
    afterSend();
  };

  return (
    <Container py="lg" size="lg">
      <Stack>
        <AccountHeader
          name={account.name}
          icon={chain.unit.symbol}
          balance={balance}
          balanceText={amountText(balance, chain.unit)}
          fiat={unitFiatText(balance, chain.unit, price)}
          currencySymbol={currency.symbol}
          note={extras.note}
          {...(readOnly ? {} : { onSend: () => openSend(), onReceive: () => setModal({ kind: 'receive' }) })}
          moreActions={
            (buy || extras.actions) && (
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
                {extras.actions}
              </>
            )
          }
        />
        {extras.alerts}
        {state.isError && <Alert color="red">{t('errors.err-40')}</Alert>}
        {extras.tabs.length > 0 && (
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              {extras.tabs.map((x) => (
                <Tabs.Tab key={x.value} value={x.value} data-testid={x.testId}>
                  {x.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {extras.tabs.map((x) => (
              <Tabs.Panel key={x.value} value={x.value} pt="md">
                {x.panel ?? <Loader size="sm" aria-label={t('accounts.loading')} />}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
      {extras.overlay}
      {modal?.kind === 'send' && (
        <Send
          chain={chain}
          account={account}
          initial={modal.initial}
          onClose={() => setModal(null)}
          onDone={done}
        />
      )}
      {modal?.kind === 'receive' && (
        <ReceiveModal family={family} chain={chain} account={account} onClose={() => setModal(null)} />
      )}
      {buy && modal?.kind === 'buy' && (
        <BuyModal
          coin={chain.adapter.chain}
          loadTarget={buy.loadTarget}
          {...(buy.deviceForm ? { deviceForm: buy.deviceForm } : {})}
          {...(buy.verify ? { verify: buy.verify } : {})}
          onClose={() => setModal(null)}
        />
      )}
    </Container>
  );
}
