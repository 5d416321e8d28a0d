import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The head of an account list: the coin's total in fiat and in the coin, Refresh and Create. */
export function PortfolioHeader({
  title,
  fiat,
  balanceText,
  notice,
  ready,
  refreshing,
  onRefresh,
  creating,
  onCreate,
}: {
  title: string;
  /** The fiat total, or null when the price is not available. */
  fiat: string | null;
  /** Unused: the fiat text carries the currency's symbol (kept for callers). */
  currencySymbol?: string;
  /** The total with its symbol. */
  balanceText: string;
  /** Under the totals (stale balances). */
  notice?: ReactNode;
  /** The accounts are loaded (the buttons wait for it). */
  ready: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  creating?: boolean;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder component="section" aria-labelledby="portfolio-title">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h3" id="portfolio-title">
            {title}
          </Title>
          <Text size="xl" fw={700} data-testid="portfolio-fiat" aria-live="polite">
            {fiat ?? t('errors.priceNotAvailable')}
          </Text>
          <Text c="dimmed" data-testid="portfolio-coin" aria-live="polite">
            {balanceText}
          </Text>
          {notice}
        </Stack>
        <Group>
          <Button
            variant="light"
            onClick={onRefresh}
            loading={refreshing}
            disabled={!ready}
            data-testid="accounts-refresh"
          >
            {t('accounts.refresh')}
          </Button>
          <Button onClick={onCreate} loading={creating} disabled={!ready} data-testid="accounts-create">
            {t('accounts.create')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
