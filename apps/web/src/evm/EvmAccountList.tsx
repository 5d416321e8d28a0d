import { ActionIcon, Alert, Button, Card, Container, Group, Loader, Menu, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const totalFiat = evmFiatText(total, chain.spec.decimals, price);

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
      <Card withBorder component="section" aria-labelledby="portfolio-title">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={1} size="h3" id="portfolio-title">
              {title}
            </Title>
            <Text size="xl" fw={700} data-testid="portfolio-fiat">
              {totalFiat !== null ? `${currencySymbol}${totalFiat}` : t('errors.priceNotAvailable')}
            </Text>
            <Text c="dimmed" data-testid="portfolio-coin">
              {evmCoinText(total, chain)}
            </Text>
          </Stack>
          <Group>
            <Button variant="light" onClick={() => void run(refreshEvmBalances, setRefreshing)} loading={refreshing} disabled={!ready} data-testid="accounts-refresh">
              {t('accounts.refresh')}
            </Button>
            <Button onClick={() => (chain.spec.symbol === 'EVM' ? void run(() => createEvmAccount(), setCreating) : setForm({ kind: 'create' }))} loading={creating} disabled={!ready} data-testid="accounts-create">
              {t('accounts.create')}
            </Button>
          </Group>
        </Group>
      </Card>
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
          {accounts.map((a) => {
            const fiat = evmFiatText(a.balance, chain.spec.decimals, price);
            return (
              <Card withBorder key={a.id} data-testid="account-card" data-path={a.path} data-address={a.address}>
                <Group justify="space-between" wrap="nowrap">
                  <Text
                    component="button"
                    type="button"
                    onClick={() => onOpen(a)}
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
                      <Menu.Item onClick={() => setForm({ kind: 'rename', account: a })} data-testid="account-rename">
                        {t('accounts.rename')}
                      </Menu.Item>
                      <Menu.Item
                        color="red"
                        onClick={() => void run(async () => onDeleted?.(await deleteEvmAccount(a.id)))}
                        data-testid="account-delete"
                      >
                        {t('accounts.delete')}
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
                <Text size="xs" c="dimmed" ff="monospace" truncate="end">
                  {a.address}
                </Text>
                <Text mt="xs" data-testid="account-balance" data-sats={a.balance.toString()} onClick={() => onOpen(a)} style={{ cursor: 'pointer' }}>
                  {evmCoinText(a.balance, chain)}
                </Text>
                <Text size="sm" c="dimmed">
                  {fiat !== null ? `${currencySymbol}${fiat}` : t('errors.priceNotAvailable')}
                </Text>
              </Card>
            );
          })}
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
