/**
 * The portfolio's value chart (issue 33): the total value in the display currency over a day, week, month or year,
 * from each account's balance history (the family's `balanceHistory` slot, or the shared reconstruction from its
 * history) times the price service's historical prices, and each funded token the total values: its balance walked
 * back through the same history pages where the family's history carries its transfers (the `tokenMoves` slot), times
 * the token's historical prices (one request per price platform). A token left out is named, and said to be.
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
  accountBalanceHistories,
  type AccountHistories,
  type BalancePoint,
  type ValueRange,
} from '@secux-companion/web-kit/portfolio/balanceHistory';
import { fetchPriceHistory, fetchTokenPriceHistory } from '@secux-companion/web-kit/portfolio/api';
import {
  seriesChange,
  valueSeries,
  type AssetHistory,
  type PricePoint,
  type ValuePoint,
  type ValueSeries,
} from '@secux-companion/web-kit/portfolio/valueSeries';

/** A token of one account the chart adds up: its name in notes, its unit, how it is priced and its balance now. */
export interface SourceToken {
  contract: string;
  /** The token's name in the notes: 'SYMBOL (COIN)', as the portfolio names it. */
  key: string;
  decimals: number;
  /** The price platform and the contract there; null: no price history (named as missing). */
  platform: string | null;
  priceContract: string | null;
  /** The account's balance now (smallest unit). */
  balance: bigint;
}

/** One account (or asset) the chart adds up: its name in notes, its price id, its unit and its balance points. */
export interface ChartSource {
  /** Unique per source (the account id). */
  id: string;
  /** The asset's name in the notes (a coin symbol). */
  key: string;
  /** The price service's id; null: the asset has no price (named as missing). */
  priceId: string | null;
  decimals: number;
  /** The account's tokens the total values; `load` then gives their points beside the coin's. */
  tokens?: readonly SourceToken[];
  load(range: ValueRange): Promise<BalancePoint[] | AccountHistories>;
}

/** A token the portfolio's total values, summed over a coin's accounts, with what each account holds. */
export interface ChartToken {
  coin: string;
  contract: string;
  key: string;
  decimals: number;
  platform: string | null;
  priceContract: string | null;
  /** Account id → balance now. */
  accounts: Readonly<Record<string, bigint>>;
}

/**
 * Every account the home discovery read from the network (each coin's `fresh` accounts), one source per account with
 * the valued tokens it holds; the coin's family and chain load when the chart asks for its balances. None until the
 * tokens are known (`tokens` undefined): an account's history is then read once, for its coin and tokens together.
 */
function useDiscoverySources(tokens: readonly ChartToken[] | undefined): ChartSource[] {
  const order = useDiscovery((s) => s.order);
  const coins = useDiscovery((s) => s.coins);
  // The chart reads histories once discovery is done: read while coins are still being refreshed, they compete with
  // discovery for the same server and device (bench/discovery.mjs).
  const running = useDiscovery((s) => s.running);
  const signature = tokens
    ? tokens
        .map((t) => `${t.coin}:${t.contract}:${Object.entries(t.accounts).join(';')}`)
        .sort()
        .join(',')
    : null;
  return useMemo(
    () =>
      running || !tokens
        ? []
        : order.flatMap((coin) => {
            const c = coins[coin];
            if (!c || c.state !== 'fresh' || !c.accounts) return [];
            return c.accounts.map((a) => {
              const held: SourceToken[] = tokens.flatMap((t) => {
                const balance = t.coin === coin ? t.accounts[a.id] : undefined;
                return balance ? [{ ...t, balance }] : [];
              });
              return {
                id: `${coin}|${a.id}`,
                key: c.unit.symbol,
                priceId: PRICE_IDS[coin] ?? null,
                decimals: c.unit.decimals,
                ...(held.length ? { tokens: held } : {}),
                load: async (range: ValueRange) => {
                  const family = await loadFamily(coin);
                  const chain = await family.loadChain(coin);
                  return accountBalanceHistories(
                    family,
                    chain,
                    a,
                    new Map(held.map((t) => [t.contract, t.balance])),
                    range,
                  );
                },
              };
            });
          }),
    // `signature` stands for `tokens`: a new list with the same holdings reads nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [order, coins, running, signature],
  );
}

/** A token's prices in the chart's map: by platform and contract. */
const tokenPriceKey = (platform: string, contract: string) => `${platform}|${contract}`;

/**
 * Every source's coin and tokens as the value series' assets: balances (null when unreadable) times prices. `valued`:
 * the names of the tokens the total values; one of them no source holds is named with the missing balances.
 */
function seriesOf(
  sources: readonly ChartSource[],
  balances: readonly (BalancePoint[] | AccountHistories | null)[],
  prices: Readonly<Record<string, PricePoint[]>>,
  tokenPrices: Readonly<Record<string, PricePoint[]>>,
  valued: readonly string[],
  range: ValueRange,
  now: number,
): ValueSeries {
  const assets: AssetHistory[] = sources.flatMap((s, i) => {
    const h = balances[i] ?? null;
    const coin: AssetHistory = {
      key: s.key,
      decimals: s.decimals,
      balances: h === null ? null : Array.isArray(h) ? h : h.coin,
      prices: s.priceId ? (prices[s.priceId] ?? null) : null,
    };
    const tokens = (s.tokens ?? []).map((t): AssetHistory => ({
      key: t.key,
      decimals: t.decimals,
      balances: h === null || Array.isArray(h) ? null : (h.tokens[t.contract] ?? null),
      prices:
        t.platform && t.priceContract
          ? (tokenPrices[tokenPriceKey(t.platform, t.priceContract)] ?? null)
          : null,
    }));
    return [coin, ...tokens];
  });
  const series = valueSeries(assets, range, now);
  const unique = (l: string[]) => [...new Set(l)];
  // A valued token none of whose accounts the chart reads (its coin not refreshed): its balances are missing too.
  const unread = valued.filter((x) => !sources.some((src) => src.tokens?.some((y) => y.key === x)));
  return {
    ...series,
    missingPrices: unique(series.missingPrices),
    missingBalances: unique([...series.missingBalances, ...unread]),
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

/**
 * The chart's reads for a range: each account's balance history (one query per account and range: an account read
 * once stays read while more coins arrive), the coins' price history in one request, the tokens' one per price
 * platform; then the series, once all have answered, and whether a token the total values is left out of it.
 */
function useValueSeries(
  sources: readonly ChartSource[],
  tokens: readonly ChartToken[] | undefined,
  range: ValueRange,
  now: number | undefined,
) {
  const currency = selectedCurrency().code;
  // One query per account and range (an account read once stays read while more coins arrive), one for the prices.
  // The account's tokens are part of its key: their balances now are where the walk back starts.
  const balances = useQueries({
    queries: sources.map((src) => ({
      queryKey: [
        'balance-history',
        src.id,
        range,
        now ?? null,
        (src.tokens ?? []).map((x) => `${x.contract}:${x.balance}`).join(','),
      ],
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
  // The tokens' prices: one request per price platform for all its tokens.
  const byPlatform = new Map<string, Set<string>>();
  for (const x of sources.flatMap((src) => src.tokens ?? []))
    if (x.platform && x.priceContract)
      byPlatform.set(x.platform, (byPlatform.get(x.platform) ?? new Set()).add(x.priceContract));
  const platforms = [...byPlatform].map(([p, set]) => [p, [...set].sort()] as const).sort();
  const tokenPrices = useQueries({
    queries: platforms.map(([platform, contracts]) => ({
      queryKey: ['token-price-history', platform, contracts.join(','), currency, range],
      queryFn: () => fetchTokenPriceHistory(platform, contracts, currency, range),
      staleTime: 60_000,
    })),
  });

  const pending =
    balances.some((b) => b.isPending) ||
    (ids.length > 0 && prices.isPending) ||
    tokenPrices.some((p) => p.isPending);
  const tokenPoints: Record<string, PricePoint[]> = {};
  platforms.forEach(([platform], i) => {
    for (const [contract, points] of Object.entries(tokenPrices[i]?.data ?? {}))
      tokenPoints[tokenPriceKey(platform, contract)] = points;
  });
  const valued = (tokens ?? []).map((x) => x.key);
  const series = pending
    ? undefined
    : seriesOf(
        sources,
        balances.map((b) => (b.isSuccess ? b.data : null)),
        prices.data ?? {},
        tokenPoints,
        valued,
        range,
        now ?? Date.now(),
      );
  // A token the total values that is not in the line (its balances or prices missing): named below, and said.
  const tokenKeys = new Set([...valued, ...sources.flatMap((src) => (src.tokens ?? []).map((x) => x.key))]);
  const tokensLeftOut =
    !!series &&
    [...tokenKeys].some((k) => series.missingPrices.includes(k) || series.missingBalances.includes(k));
  return { pending, series, tokensLeftOut };
}

export interface PortfolioChartProps {
  /** What to add up; default: every account the home discovery read, with `tokens`. */
  sources?: readonly ChartSource[];
  /** The chart's "now" (tests); default the time of the query. */
  now?: number;
  /**
   * The tokens the portfolio's total values (undefined while they are read: the chart waits, so that an account's
   * history is read once). One the chart cannot add up (no balance or price history) is named and said to be left out.
   */
  tokens?: readonly ChartToken[];
}

export function PortfolioChart({ sources: given, now, tokens }: PortfolioChartProps) {
  const { t } = useTranslation();
  const discovered = useDiscoverySources(tokens);
  const sources = given ?? discovered;
  const [range, setRange] = useState<ValueRange>('day');
  const titleId = useId();
  const summaryId = useId();
  const language = uiLanguage();
  const { pending, series, tokensLeftOut } = useValueSeries(sources, tokens, range, now);
  if (!sources.length) return null;
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
