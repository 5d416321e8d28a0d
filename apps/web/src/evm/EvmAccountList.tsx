import { Alert, Container, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountCard } from '../accounts/AccountCard';
import { PortfolioHeader } from '../accounts/PortfolioHeader';
import { errorText } from '../accounts/format';
import type { EvmChain } from '../chains/evm';
import { evmCoinText, evmFiatText } from './format';
import { createEvmAccount, deleteEvmAccount, refreshEvmBalances, useEvm, type EvmAccount } from './store';
import { EvmAccountFormModal, type EvmAccountFormMode } from './EvmAccountFormModal';

interface AsyncTask {
  (): Promise<unknown>;
}

/**
 * Account cards of one EVM chain: balance, open, rename, delete; Refresh and Create. Used for the native
 * chains (account list) and, inside the EVM chains area, for a chain the user added.
 */
export function EvmAccountCards({
  chain,
  scope,
  price,
  currencySymbol,
  onOpen,
  onDeleted,
  title,
}: {
  chain: EvmChain;
  scope: string;
  price: string | null;
  currencySymbol: string;
  onOpen: (a: EvmAccount) => void;
  /** After a delete, with the accounts left (the chains area removes a chain without accounts). */
  onDeleted?: (left: EvmAccount[]) => void;
  title: string;
}) {
  const { t } = useTranslation();
  const status = useEvm((s) => (s.scope === scope ? s.status : 'idle'));
  const accounts = useEvm((s) => (s.scope === scope ? s.accounts : []));
  const [refreshing, setRefreshing] = useState(false);
  const [creating, setCreating] = useState(false);
  const [form, setForm] = useState<EvmAccountFormMode | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ready = status === 'ready';
  const total = accounts.reduce((s, a) => s + a.balance, 0n);

  const run = async (f: AsyncTask, set?: (b: boolean) => void) => {
    set?.(true);
    setFailure(null);
    try {
      await f();
    } catch (e) {
      setFailure(errorText(t, e));
    } finally {
      set?.(false);
    }
  };

  return (
    <Stack>
      <PortfolioHeader
        title={title}
        fiat={evmFiatText(total, chain.spec.decimals, price)}
        currencySymbol={currencySymbol}
        balanceText={evmCoinText(total, chain)}
        ready={ready}
        refreshing={refreshing}
        onRefresh={() => void run(refreshEvmBalances, setRefreshing)}
        creating={creating}
        // A chain the user added creates with the default name; the native chains ask for one.
        onCreate={() => (chain.spec.symbol === 'EVM' ? void run(() => createEvmAccount(), setCreating) : setForm({ kind: 'create' }))}
      />
      {failure && (
        <Alert color="red" role="alert" data-testid="accounts-error">
          {failure}
        </Alert>
      )}
      {status === 'discovering' && (
        <Group role="status" aria-live="polite" data-testid="discovery-progress">
          <Loader size="sm" />
          <Text>{t('accounts.discoveringStart')}</Text>
        </Group>
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
              balanceText={evmCoinText(a.balance, chain)}
              fiat={evmFiatText(a.balance, chain.spec.decimals, price)}
              currencySymbol={currencySymbol}
              details={
                <Text size="xs" c="dimmed" ff="monospace" truncate="end">
                  {a.address}
                </Text>
              }
              onOpen={() => onOpen(a)}
              onRename={() => setForm({ kind: 'rename', account: a })}
              onDelete={() => void run(async () => onDeleted?.(await deleteEvmAccount(a.id)))}
            />
          ))}
        </SimpleGrid>
      )}
      {form && <EvmAccountFormModal chain={chain} accounts={accounts} mode={form} onClose={() => setForm(null)} />}
    </Stack>
  );
}

export function EvmContainer({ children }: { children: React.ReactNode }) {
  return (
    <Container py="lg" size="lg">
      {children}
    </Container>
  );
}
