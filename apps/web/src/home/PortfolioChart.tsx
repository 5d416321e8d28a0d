/**
 * The portfolio's value chart (issue 33): the total value in the display currency over a day, week, month or year,
 * from each account's balance history (the family's `balanceHistory` slot, or the shared reconstruction from its
 * history) times the price service's historical prices.
 *
 * Drawn by hand as one SVG line rather than with a chart library: the chart is a single series with gaps, which
 * takes a few dozen lines, while recharts (what @mantine/charts wraps) adds ~100 kB gzipped to the home chunk.
 * The SVG carries no inline styles or scripts (the CSP stays as is); the visible text summary (start, end, change)
 * gives the same information to screen readers and keyboard users. Missing prices are never zero: an asset without
 * prices is named and left out, and a time whose value is unknown is a gap in the line, with a note.
 */
import { Alert, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRICE_IDS } from '@secux-companion/web-kit/accounts/api';
import { useDiscovery } from '@secux-companion/web-kit/accounts/discovery';
import { loadFamily } from '@secux-companion/web-kit/state/families';
import { selectedCurrency } from '@secux-companion/web-kit/lib/currency';
import { moneyText, percentText, uiLanguage } from '@secux-companion/web-kit/lib/format';
import {
  VALUE_RANGES,
  accountBalanceHistory,
  type BalancePoint,
  type ValueRange,
} from '@secux-companion/web-kit/portfolio/balanceHistory';
import { fetchPriceHistory } from '@secux-companion/web-kit/portfolio/api';
import {
  seriesChange,
  valueSeries,
  type AssetHistory,
  type PricePoint,
  type ValuePoint,
  type ValueSeries,
} from '@secux-companion/web-kit/portfolio/valueSeries';

/** One account (or asset) the chart adds up: its name in notes, its price id, its unit and its balance points. */
export interface ChartSource {
  /** Unique per source (the account id). */
  id: string;
  /** The asset's name in the notes (a coin symbol). */
  key: string;
  /** The price service's id; null: the asset has no price (named as missing). */
  priceId: string | null;
  decimals: number;
  load(range: ValueRange): Promise<BalancePoint[]>;
}

/**
 * Every account the home discovery read from the network (each coin's `fresh` accounts), one source per account;
 * the coin's family and chain load when the chart asks for its balances.
 */
function useDiscoverySources(): ChartSource[] {
  const order = useDiscovery((s) => s.order);
  const coins = useDiscovery((s) => s.coins);
  // The chart reads histories once discovery is done: read while coins are still being refreshed, they compete with
  // discovery for the same server and device (bench/discovery.mjs).
  const running = useDiscovery((s) => s.running);
  return useMemo(
    () =>
      running
        ? []
        : order.flatMap((coin) => {
            const c = coins[coin];
            if (!c || c.state !== 'fresh' || !c.accounts) return [];
            return c.accounts.map((a) => ({
              id: `${coin}|${a.id}`,
              key: c.unit.symbol,
              priceId: PRICE_IDS[coin] ?? null,
              decimals: c.unit.decimals,
              load: async (range: ValueRange) => {
                const family = await loadFamily(coin);
                const chain = await family.loadChain(coin);
                return accountBalanceHistory(family, chain, a, range);
              },
            }));
          }),
    [order, coins, running],
  );
}

/** Every source's balances (null when unreadable) and its coin's prices, as the value series. */
function seriesOf(
  sources: readonly ChartSource[],
  balances: readonly (BalancePoint[] | null)[],
  prices: Readonly<Record<string, PricePoint[]>>,
  range: ValueRange,
  now: number,
): ValueSeries {
  const assets: AssetHistory[] = sources.map((s, i) => ({
    key: s.key,
    decimals: s.decimals,
    balances: balances[i] ?? null,
    prices: s.priceId ? (prices[s.priceId] ?? null) : null,
  }));
  const series = valueSeries(assets, range, now);
  const unique = (l: string[]) => [...new Set(l)];
  return {
    ...series,
    missingPrices: unique(series.missingPrices),
    missingBalances: unique(series.missingBalances),
  };
}

const WIDTH = 600;
const HEIGHT = 160;
const PAD = 6;

/** The SVG path of the known points; a gap (null value) lifts the pen. */
export function linePath(points: readonly ValuePoint[]): string {
  const values = points.flatMap((p) => (p.value === null ? [] : [Number(p.value)]));
  if (!values.length || points.length < 2) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.abs(max) || 1;
  const lo = max === min ? min - span / 2 : min;
  const t0 = points[0]!.time;
  const t1 = points[points.length - 1]!.time;
  const x = (t: number) => PAD + ((t - t0) / (t1 - t0 || 1)) * (WIDTH - 2 * PAD);
  const y = (v: number) => HEIGHT - PAD - ((v - lo) / span) * (HEIGHT - 2 * PAD);
  let d = '';
  let pen = false;
  for (const p of points) {
    if (p.value === null) {
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${x(p.time).toFixed(1)} ${y(Number(p.value)).toFixed(1)} `;
    pen = true;
  }
  return d.trim();
}

function timeText(ms: number, range: ValueRange, language: string): string {
  const options: Intl.DateTimeFormatOptions =
    range === 'day'
      ? { timeStyle: 'short' }
      : range === 'year'
        ? { dateStyle: 'medium' }
        : { dateStyle: 'short', timeStyle: 'short' };
  return new Intl.DateTimeFormat(language, options).format(new Date(ms));
}

export interface PortfolioChartProps {
  /** What to add up; default: every account the home discovery read. */
  sources?: readonly ChartSource[];
  /** The chart's "now" (tests); default the time of the query. */
  now?: number;
  /** The portfolio's total counts tokens the chart does not (it adds up the accounts' coin balances): said below it. */
  tokensLeftOut?: boolean;
}

export function PortfolioChart({ sources: given, now, tokensLeftOut }: PortfolioChartProps) {
  const { t } = useTranslation();
  const discovered = useDiscoverySources();
  const sources = given ?? discovered;
  const currency = selectedCurrency().code;
  const [range, setRange] = useState<ValueRange>('day');
  const titleId = useId();
  const summaryId = useId();
  const language = uiLanguage();
  // One query per account and range (an account read once stays read while more coins arrive), one for the prices.
  const balances = useQueries({
    queries: sources.map((src) => ({
      queryKey: ['balance-history', src.id, range, now ?? null],
      queryFn: () => src.load(range),
      staleTime: 5 * 60_000,
    })),
  });
  const ids = [...new Set(sources.flatMap((src) => (src.priceId ? [src.priceId] : [])))].sort();
  const prices = useQuery({
    queryKey: ['price-history', ids.join(','), currency, range],
    queryFn: () => fetchPriceHistory(ids, currency, range),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });

  if (!sources.length) return null;
  const pending = balances.some((b) => b.isPending) || (ids.length > 0 && prices.isPending);
  const series = pending
    ? undefined
    : seriesOf(
        sources,
        balances.map((b) => (b.isSuccess ? b.data : null)),
        prices.data ?? {},
        range,
        now ?? Date.now(),
      );
  const change = series ? seriesChange(series.points) : null;
  const signed = (text: string | null, negative: boolean) => (text && !negative ? `+${text}` : text);

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="value-chart">
      <Title order={3} size="h5" id={titleId}>
        {t('valueChart.title')}
      </Title>
      <SegmentedControl
        aria-label={t('valueChart.range')}
        value={range}
        onChange={(v) => setRange(v as ValueRange)}
        data={VALUE_RANGES.map((r) => ({ value: r, label: t(`valueChart.${r}`) }))}
        data-testid="value-chart-range"
      />
      {pending ? (
        <Loader size="sm" aria-label={t('valueChart.loading')} data-testid="value-chart-loading" />
      ) : !series || !series.points.some((p) => p.value !== null) ? (
        <Text size="sm" data-testid="value-chart-empty">
          {t('valueChart.noData')}
        </Text>
      ) : (
        <>
          <Text c="blue" component="div">
            <svg
              viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
              width="100%"
              height={HEIGHT}
              preserveAspectRatio="none"
              role="img"
              aria-label={t('valueChart.chartLabel', { range: t(`valueChart.periodName.${range}`) })}
              aria-describedby={summaryId}
              data-testid="value-chart-svg"
            >
              <path
                d={linePath(series.points)}
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                data-testid="value-chart-line"
              />
            </svg>
          </Text>
          <Text size="sm" id={summaryId} aria-live="polite" data-testid="value-chart-summary">
            {change
              ? t(change.pct === null ? 'valueChart.summaryNoPct' : 'valueChart.summary', {
                  start: moneyText(change.start.value),
                  end: moneyText(change.end.value),
                  change: signed(moneyText(change.change), change.change.startsWith('-')),
                  pct:
                    change.pct === null ? '' : signed(percentText(change.pct, 2), change.pct.startsWith('-')),
                })
              : null}
          </Text>
          {change && (
            <Text size="xs" c="dimmed" data-testid="value-chart-times">
              {t('valueChart.startEnd', {
                startTime: timeText(change.start.time, range, language),
                start: moneyText(change.start.value),
                endTime: timeText(change.end.time, range, language),
                end: moneyText(change.end.value),
              })}
            </Text>
          )}
          {series.points.some((p) => p.value === null) && (
            <Text size="xs" c="dimmed" data-testid="value-chart-gaps">
              {t('valueChart.gaps')}
            </Text>
          )}
        </>
      )}
      {tokensLeftOut && (
        <Text size="xs" c="dimmed" data-testid="value-chart-tokens-left-out">
          {t('valueChart.tokensLeftOut')}
        </Text>
      )}
      {series && series.missingPrices.length > 0 && (
        <Alert color="orange" variant="light" data-testid="value-chart-missing-prices">
          {t('valueChart.missingPrices', { coins: series.missingPrices.join(', ') })}
        </Alert>
      )}
      {series && series.missingBalances.length > 0 && (
        <Alert color="orange" variant="light" data-testid="value-chart-missing-balances">
          {t('valueChart.missingBalances', { coins: series.missingBalances.join(', ') })}
        </Alert>
      )}
    </Stack>
  );
}
