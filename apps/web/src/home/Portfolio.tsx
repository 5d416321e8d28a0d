import { Accordion, Badge, Box, Group, List, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import { fetchCoinQuotes } from '@secux-companion/web-kit/accounts/api';
import {
  coinAccountCount,
  coinTotal,
  useDiscovery,
  type CoinDiscovery,
  type CoinDiscoveryState,
} from '@secux-companion/web-kit/accounts/discovery';
import {
  amountText,
  errorText,
  moneyText,
  percentText,
  uiLanguage,
} from '@secux-companion/web-kit/lib/format';
import { CoinIcon } from '@secux-companion/web-kit/components/CoinIcon';
import { useHiddenTokens } from '@secux-companion/web-kit/components/HiddenTokens';
import { SectionCard } from './HomeContent';
import { portfolioSummary, tokenKey, type HoldingInput, type PortfolioRow } from './portfolio';
import { usePortfolioTokens, type CoinToken } from './portfolioTokens';
import { startHomeDiscovery } from './discoveryStart';
import { PortfolioChart, type ChartToken } from './PortfolioChart';

const STATE_COLOR: Record<CoinDiscoveryState, string> = {
  stored: 'gray',
  queued: 'gray',
  refreshing: 'blue',
  fresh: 'green',
  failed: 'red',
  unserved: 'orange',
};

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A signed percentage ('+2.5%', '−1.2%') in the interface language (one formatter per language: each row uses it). */
function signedPercent(value: string, language: string): string {
  let format = percentFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      style: 'percent',
      signDisplay: 'exceptZero',
      minimumFractionDigits: 1,
      maximumFractionDigits: 2,
    });
    percentFormats.set(language, format);
  }
  return format.format(Number(value) / 100);
}

/** A signed fiat amount: the sign, then the currency amount in the interface language. */
function signedMoney(value: string): string | null {
  const negative = value.startsWith('-');
  const text = moneyText(negative ? value.slice(1) : value);
  if (text === null) return null;
  return /^0(\.0*)?$/.test(value.replace(/^-/, '')) ? text : `${negative ? '−' : '+'}${text}`;
}

/** A coin's state with what it is doing or why it failed. */
function stateDetail(t: TFunction, c: CoinDiscovery): string | null {
  if (c.state === 'refreshing' && c.progress)
    return t('portfolio.refreshingDetail', {
      index: c.progress.index + 1,
      bip: c.progress.bip,
      found: c.progress.found,
    });
  if (c.state === 'failed') return t('portfolio.failedReason', { reason: errorText(t, c.error) });
  if (c.state === 'unserved')
    return t('portfolio.unservedDetail', { settings: c.unserved?.settings.join(', ') || '—' });
  return null;
}

function StateBadge({ c }: { c: CoinDiscovery }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATE_COLOR[c.state]}
      variant="light"
      data-testid="portfolio-coin-state"
      data-state={c.state}
    >
      {t(`portfolio.states.${c.state}`)}
    </Badge>
  );
}

/** The asset cell of a row: the coin with its icon, or a token (its symbol as text, the coin it is on, unverified). */
function AssetCell({ r }: { r: PortfolioRow }) {
  const { t } = useTranslation();
  const amount = (
    <Text size="xs" c="dimmed" data-testid="portfolio-amount">
      {r.units !== null
        ? amountText(r.units, {
            symbol: r.symbol,
            decimals: r.decimals,
            digits: r.token ? Math.min(r.decimals, 8) : (CHAINS[r.coin as ChainSymbol]?.displayDigits ?? 8),
          })
        : '—'}
    </Text>
  );
  if (!r.token)
    return (
      <Group gap="xs" wrap="nowrap">
        <CoinIcon symbol={r.coin} size={24} />
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {r.coin}
          </Text>
          {amount}
        </Stack>
      </Group>
    );
  return (
    <Stack gap={0} pl={32}>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={600} data-testid="portfolio-token-symbol">
          {r.symbol}
        </Text>
        {r.token.unverified && (
          <Badge size="xs" color="yellow" variant="light" data-testid="portfolio-token-unverified">
            {t('tokens.unverified')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('portfolio.tokenOn', { coin: r.coin })}
      </Text>
      {amount}
    </Stack>
  );
}

/** The portfolio's table: an asset a row, with its value, 24 h change, share and its coin's state. */
function PortfolioTable({
  rows,
  byCoin,
}: {
  rows: readonly PortfolioRow[];
  byCoin: Readonly<Record<string, CoinDiscovery>>;
}) {
  const { t } = useTranslation();
  const language = uiLanguage();
  // A narrow screen scrolls the table: the region is focusable and named (axe scrollable-region-focusable).
  return (
    <Box
      style={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t('portfolio.title')}
      data-testid="portfolio-scroll"
    >
      <Table verticalSpacing={4} data-testid="portfolio-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('portfolio.asset')}</Table.Th>
            <Table.Th scope="col">{t('portfolio.value')}</Table.Th>
            <Table.Th scope="col">{t('portfolio.change24h')}</Table.Th>
            <Table.Th scope="col">{t('portfolio.share')}</Table.Th>
            <Table.Th scope="col">{t('portfolio.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const c = byCoin[r.coin]!;
            return (
              <Table.Tr
                key={r.key}
                data-testid={r.token ? 'portfolio-token-row' : 'portfolio-row'}
                data-coin={r.coin}
                data-contract={r.token?.contract}
                data-state={c.state}
              >
                <Table.Th scope="row" fw="normal">
                  <AssetCell r={r} />
                </Table.Th>
                <Table.Td data-testid="portfolio-value">
                  <Text size="sm">
                    {r.value !== null ? moneyText(r.value) : t('errors.priceNotAvailable')}
                  </Text>
                </Table.Td>
                <Table.Td data-testid="portfolio-row-change">
                  {r.change24h !== null ? (
                    <Text size="sm">{signedPercent(r.change24h, language)}</Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('portfolio.changeMissing')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ minWidth: 90 }}>
                  {r.share !== null ? (
                    <Stack gap={2}>
                      <Text size="sm">{percentText(r.share, 1)}</Text>
                      <Progress
                        value={Number(r.share)}
                        size="sm"
                        aria-label={t('portfolio.shareOf', {
                          coin: r.token ? `${r.symbol} (${r.coin})` : r.coin,
                        })}
                      />
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <StateBadge c={c} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Each coin's discovery state, its accounts and what it is doing or why it failed (folded by default). */
function CoinStates({ list }: { list: readonly CoinDiscovery[] }) {
  const { t } = useTranslation();
  const count = list.length;
  return (
    <Accordion variant="contained" data-testid="portfolio-coins">
      <Accordion.Item value="coins">
        <Accordion.Control>{t('portfolio.coins', { count })}</Accordion.Control>
        <Accordion.Panel>
          <List listStyleType="none" spacing={4}>
            {list.map((c) => {
              const detail = stateDetail(t, c);
              return (
                <List.Item
                  key={c.coin}
                  data-testid="portfolio-coin"
                  data-coin={c.coin}
                  data-state={c.state}
                  data-accounts={coinAccountCount(c)}
                >
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600} miw={48}>
                      {c.coin}
                    </Text>
                    <StateBadge c={c} />
                    <Text size="xs" c="dimmed">
                      {t('portfolio.accounts', { count: coinAccountCount(c) })}
                    </Text>
                    {detail && (
                      <Text
                        size="xs"
                        c={c.state === 'failed' ? 'red.9' : 'dimmed'}
                        data-testid="portfolio-coin-detail"
                      >
                        {detail}
                      </Text>
                    )}
                  </Group>
                </List.Item>
              );
            })}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

/** The tokens the total values (a row with a value), with what the value chart needs to add them up. */
function chartTokensOf(rows: readonly PortfolioRow[], held: readonly CoinToken[]): ChartToken[] {
  return rows.flatMap((r) => {
    const token =
      r.token && r.value !== null
        ? held.find((x) => x.coin === r.coin && x.contract === r.token!.contract)
        : undefined;
    if (!token) return [];
    return [
      {
        coin: r.coin,
        contract: token.contract,
        key: `${r.symbol} (${r.coin})`,
        decimals: token.decimals,
        platform: CHAINS[r.coin as ChainSymbol]?.pricePlatform ?? null,
        priceContract: token.priceContract,
        accounts: token.accounts,
      },
    ];
  });
}

/**
 * Home's portfolio (issues 20, 33): from the moment the device connects, every coin's accounts (the device's stored
 * balances at once, then the network's) and their funded tokens, the total in the display currency, each asset's
 * share and 24 h change, and each coin's discovery state. A price or change missing is shown as missing, never as
 * zero; tokens the user's settings hide (dust, unverified) are counted in a note and left out until shown.
 */
export function Portfolio() {
  const { t } = useTranslation();
  const currency = selectedCurrency();
  const language = uiLanguage();
  const order = useDiscovery((s) => s.order);
  const coins = useDiscovery((s) => s.coins);
  const tableRead = useDiscovery((s) => s.tableRead);
  const tableError = useDiscovery((s) => s.tableError);
  const running = useDiscovery((s) => s.running);

  // Discovery starts at connect; this covers a home reached another way (once per device either way).
  useEffect(() => {
    void startHomeDiscovery();
  }, []);

  const list = order.flatMap((c) => (coins[c] ? [coins[c]] : []));
  const holdings: HoldingInput[] = list.map((c) => ({
    coin: c.coin,
    symbol: c.unit.symbol,
    decimals: c.unit.decimals,
    total: coinTotal(c),
  }));
  // One request for every coin discovery reads (not only those held so far: no new request as coins are found).
  const quotes = useQuery({
    queryKey: ['portfolio-quotes', order.join(','), currency.code],
    queryFn: () => fetchCoinQuotes(order, currency.code),
    enabled: order.length > 0,
    staleTime: 60_000,
  });
  const tokens = usePortfolioTokens(list, currency.code);
  // Settings → Hide: dust (a known value below the threshold) and unverified tokens, counted and shown on demand.
  const hiddenTokens = useHiddenTokens(
    tokens.tokens.map((x) => ({ ...x, balance: x.total })),
    (x) => tokens.quotes[tokenKey(x.coin, x.contract)]?.price,
  );
  const summary = portfolioSummary(holdings, quotes.data ?? {}, hiddenTokens.shown, tokens.quotes);
  // The tokens the total values, for the value chart (once they and their prices are read: see PortfolioChart).
  const chartTokens = tokens.pending ? undefined : chartTokensOf(summary.rows, tokens.tokens);
  const byCoin = Object.fromEntries(list.map((c) => [c.coin, c]));

  const count = list.length;
  const done = list.filter(
    (c) => c.state === 'fresh' || c.state === 'failed' || c.state === 'unserved',
  ).length;
  const tally = (s: CoinDiscoveryState) => list.filter((c) => c.state === s).length;

  return (
    <SectionCard titleId="portfolio-home-title" title={t('portfolio.title')}>
      <Stack gap="sm" data-testid="portfolio">
        {count > 0 && (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite" data-testid="portfolio-progress" data-running={running}>
              {running
                ? t('portfolio.progress', { done, count })
                : t('portfolio.progressDone', {
                    fresh: tally('fresh'),
                    failed: tally('failed'),
                    unserved: tally('unserved'),
                  })}
            </Text>
            {running && (
              <Progress value={(done / count) * 100} size="sm" aria-label={t('portfolio.progressLabel')} />
            )}
          </Stack>
        )}
        {tableError ? (
          <Text size="sm" c="red.9" data-testid="portfolio-table-error">
            {t('portfolio.tableError', { reason: errorText(t, tableError) })}
          </Text>
        ) : null}

        {summary.rows.length === 0 ? (
          <Text data-testid="portfolio-empty">
            {running || (!tableRead && count > 0) || count === 0
              ? t('portfolio.reading')
              : t('portfolio.nothingHeld')}
          </Text>
        ) : (
          <>
            <Group gap="xs" align="baseline">
              <Text
                size="xl"
                fw={700}
                aria-live="polite"
                data-testid="portfolio-total"
                aria-busy={quotes.isPending || tokens.pending}
              >
                {summary.total !== null ? moneyText(summary.total) : t('errors.priceNotAvailable')}
              </Text>
              <Text size="sm" data-testid="portfolio-change">
                {summary.changeValue !== null && summary.changePct !== null
                  ? t('portfolio.totalChange', {
                      value: signedMoney(summary.changeValue),
                      pct: signedPercent(summary.changePct, language),
                    })
                  : t('portfolio.totalChangeMissing')}
              </Text>
            </Group>
            {summary.unpriced.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="portfolio-unpriced">
                {t('portfolio.unpriced', { coins: summary.unpriced.join(', ') })}
              </Text>
            )}
            {hiddenTokens.note}

            <PortfolioChart tokens={chartTokens} />

            <PortfolioTable rows={summary.rows} byCoin={byCoin} />
          </>
        )}

        {count > 0 && <CoinStates list={list} />}
      </Stack>
    </SectionCard>
  );
}
