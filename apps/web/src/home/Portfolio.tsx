import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import type { ChainSymbol } from '@secux-companion/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import { priceQuery } from '@secux-companion/web-kit/accounts/usePrice';
import { amountText, moneyText, percentText, uiLanguage } from '@secux-companion/web-kit/lib/format';
import { CoinIcon } from '@secux-companion/web-kit/components/CoinIcon';
import { SectionCard } from './HomeContent';
import { portfolioView, readHoldings } from './portfolio';

/** When the portfolio was last updated, in the interface language. */
function whenText(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/**
 * Home's portfolio (issue 20): the total value of every coin's accounts in the display currency, each coin's
 * share, when it was last updated; stale values are marked as such and a coin with no price says so.
 */
export function Portfolio() {
  const { t } = useTranslation();
  const currency = selectedCurrency();
  const holdings = useMemo(() => readHoldings(), []);
  const coins = Object.keys(holdings);
  const prices = useQueries({
    queries: coins.map((coin) => priceQuery(coin as ChainSymbol, currency.code)),
  });
  const loading = prices.some((p) => p.isPending);
  const priceOf = Object.fromEntries(coins.map((c, i) => [c, prices[i]?.data ?? null]));
  const view = portfolioView(holdings, priceOf, currency.code, Date.now());
  const language = uiLanguage();

  return (
    <SectionCard titleId="portfolio-home-title" title={t('portfolio.title')}>
      {view.rows.length === 0 ? (
        <Text data-testid="portfolio-empty">{t('portfolio.empty')}</Text>
      ) : (
        <Stack gap="sm" data-testid="portfolio">
          <Group gap="xs" align="baseline">
            <Text size="xl" fw={700} aria-live="polite" data-testid="portfolio-total" aria-busy={loading}>
              {view.total !== null ? moneyText(view.total) : t('errors.priceNotAvailable')}
            </Text>
            {view.stale && (
              <Badge color="orange" variant="light" data-testid="portfolio-stale">
                {t('portfolio.stale')}
              </Badge>
            )}
          </Group>
          {view.updatedAt !== null && (
            <Text size="sm" c="dimmed" data-testid="portfolio-updated">
              {t('portfolio.updated', { when: whenText(view.updatedAt, language) })}
            </Text>
          )}
          <Table.ScrollContainer minWidth={0}>
            <Table verticalSpacing={4} data-testid="portfolio-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('portfolio.coin')}</Table.Th>
                  <Table.Th scope="col">{t('portfolio.value')}</Table.Th>
                  <Table.Th scope="col">{t('portfolio.share')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view.rows.map((r) => {
                  const h = holdings[r.coin]!;
                  return (
                    <Table.Tr
                      key={r.coin}
                      data-testid="portfolio-row"
                      data-coin={r.coin}
                      data-stale={r.stale}
                    >
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <CoinIcon symbol={r.coin} size={24} />
                          <Stack gap={0}>
                            <Text size="sm" fw={600}>
                              {r.coin}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {amountText(BigInt(h.total), {
                                symbol: h.symbol,
                                decimals: h.decimals,
                                digits: 8,
                              })}
                            </Text>
                          </Stack>
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {r.value !== null ? moneyText(r.value) : t('errors.priceNotAvailable')}
                          {r.stale && r.value !== null && (
                            <Text span size="xs" c="orange" ml={4}>
                              {`(${t('portfolio.staleShort')})`}
                            </Text>
                          )}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ minWidth: 90 }}>
                        {r.share !== null ? (
                          <Stack gap={2}>
                            <Text size="sm">{percentText(r.share, 1)}</Text>
                            <Progress
                              value={Number(r.share)}
                              size="sm"
                              aria-label={t('portfolio.shareOf', { coin: r.coin })}
                            />
                          </Stack>
                        ) : (
                          <Text size="sm" c="dimmed">
                            —
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </SectionCard>
  );
}
