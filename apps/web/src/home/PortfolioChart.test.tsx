/**
 * The portfolio's value chart (issue 33): balance points × historical prices as one line with a text summary, in
 * every language; an asset without prices is named and left out (never zero), unknown times are gaps.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { BalancePoint, ValueRange } from '@secux-companion/web-kit/portfolio/balanceHistory';
import { PortfolioChart, linePath, type ChartSource } from './PortfolioChart';

setupUiTests();

const HOUR = 3_600_000;
const LUSDT = 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3';
const OTHER = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const NOW = Date.UTC(2026, 10, 27, 12);
const SPAN: Record<ValueRange, number> = { day: 24, week: 168, month: 720, year: 8760 };

/** BTC's price goes 50,000 → 60,000 over any range; ETH has no price history. */
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const q = new URL(url, 'http://localhost').searchParams;
    const range = q.get('range') as ValueRange;
    const from = NOW - SPAN[range] * HOUR;
    if (q.get('platform') === 'tron') {
      // LUSDT goes 1.00 → 1.10; no other token has a price history.
      const contracts = q.get('contracts')!.split(',');
      const priced = contracts.filter((c) => c === LUSDT);
      const prices = Object.fromEntries(
        priced.map((c) => [
          c,
          [
            { time: from, price: '1' },
            { time: NOW - HOUR, price: '1.1' },
          ],
        ]),
      );
      return new Response(JSON.stringify({ prices, missing: contracts.filter((c) => c !== LUSDT) }));
    }
    const ids = q.get('ids')!.split(',');
    const prices = ids.includes('bitcoin')
      ? {
          bitcoin: [
            { time: from, price: '50000' },
            { time: NOW - HOUR, price: '60000' },
          ],
        }
      : {};
    return new Response(JSON.stringify({ prices, missing: ids.filter((i) => i !== 'bitcoin') }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const btc = (points: (range: ValueRange) => BalancePoint[]): ChartSource => ({
  id: 'BTC:0',
  key: 'BTC',
  priceId: 'bitcoin',
  decimals: 8,
  load: async (range) => points(range),
});
/** 0.5 BTC the whole range. */
const halfBtc = btc((range) => [{ time: NOW - SPAN[range] * HOUR, balance: 50_000_000n }]);
const eth: ChartSource = {
  id: 'ETH:0',
  key: 'ETH',
  priceId: 'ethereum',
  decimals: 18,
  load: async () => [{ time: NOW - 48 * HOUR, balance: 2n * 10n ** 18n }],
};

describe('PortfolioChart', () => {
  it('draws the value line and states start, end and change; another period asks its prices', async () => {
    renderUi(<PortfolioChart sources={[halfBtc]} now={NOW} />);
    const summary = await screen.findByTestId('value-chart-summary');
    // 0.5 BTC × 50,000 → 0.5 BTC × 60,000
    expect(summary.textContent).toBe('From $25,000.00 to $30,000.00: +$5,000.00 (+20.00%)');
    expect(screen.getByTestId('value-chart-line').getAttribute('d')).toMatch(
      /^M[\d.]+ [\d.]+( L[\d.]+ [\d.]+){48}$/,
    );
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Portfolio value over the last day');
    expect(screen.queryByTestId('value-chart-gaps')).toBeNull();
    expect(asked).toEqual(['/api/prices/history?ids=bitcoin&currency=usd&range=day']);

    fireEvent.click(screen.getByLabelText('Year'));
    await vi.waitFor(() =>
      expect(asked.at(-1)).toBe('/api/prices/history?ids=bitcoin&currency=usd&range=year'),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Portfolio value over the last year'),
    );
  });

  /** A TRX account (no TRX price history here) holding 1,000 LUSDT the whole range, and `more` tokens. */
  const token = (contract: string, key: string, balance: bigint) => ({
    contract,
    key,
    decimals: 6,
    platform: 'tron',
    priceContract: contract,
    balance,
  });
  const trx = (
    tokens: Record<string, BalancePoint[] | null>,
    more: ReturnType<typeof token>[] = [],
  ): ChartSource => ({
    id: 'TRX:0',
    key: 'TRX',
    priceId: null,
    decimals: 6,
    tokens: [token(LUSDT, 'LUSDT (TRX)', 1_000_000_000n), ...more],
    load: async (range) => ({ coin: [{ time: NOW - SPAN[range] * HOUR, balance: 0n }], tokens }),
  });
  const lusdtPoints = (range: ValueRange) => [{ time: NOW - SPAN[range] * HOUR, balance: 1_000_000_000n }];

  it('adds the tokens the total values: their balances times their prices, one request per platform', async () => {
    const valued = [
      {
        coin: 'TRX',
        contract: LUSDT,
        key: 'LUSDT (TRX)',
        decimals: 6,
        platform: 'tron',
        priceContract: LUSDT,
        accounts: {},
      },
    ];
    renderUi(
      <PortfolioChart sources={[halfBtc, trx({ [LUSDT]: lusdtPoints('day') })]} now={NOW} tokens={valued} />,
    );
    const summary = await screen.findByTestId('value-chart-summary');
    // 0.5 BTC × 50,000 + 1,000 LUSDT × 1 → 0.5 BTC × 60,000 + 1,000 LUSDT × 1.1
    expect(summary.textContent).toBe('From $26,000.00 to $31,100.00: +$5,100.00 (+19.62%)');
    expect(asked.filter((u) => u.includes('platform='))).toEqual([
      `/api/prices/history?platform=tron&contracts=${LUSDT}&currency=usd&range=day`,
    ]);
    // Every valued token is in the line: no note.
    expect(screen.queryByTestId('value-chart-tokens-left-out')).toBeNull();
    expect(screen.queryByTestId('value-chart-missing-prices')).toBeNull();
  });

  it('a token without balance or price history is named and left out (never zero), and the note says so', async () => {
    // OTHER's balance history is missing (the family's history does not carry it); a third token has no prices.
    const NOPRICE = 'TNoPriceNoPriceNoPriceNoPriceNo11';
    const source = trx({ [LUSDT]: lusdtPoints('day'), [OTHER]: null, [NOPRICE]: lusdtPoints('day') }, [
      token(OTHER, 'OTH (TRX)', 5_000_000n),
      token(NOPRICE, 'NOP (TRX)', 7_000_000n),
    ]);
    renderUi(<PortfolioChart sources={[source]} now={NOW} />);
    const summary = await screen.findByTestId('value-chart-summary');
    // LUSDT alone: 1,000 × 1 → 1,000 × 1.1; the others add nothing, not 0 shown as counted.
    expect(summary.textContent).toBe('From $1,000.00 to $1,100.00: +$100.00 (+10.00%)');
    expect(screen.getByTestId('value-chart-missing-balances').textContent).toBe(
      'The balance history of OTH (TRX) could not be read: left out of the chart.',
    );
    expect(screen.getByTestId('value-chart-missing-prices').textContent).toBe(
      'No price history for NOP (TRX): left out of the chart, not counted as zero.',
    );
    expect(screen.getByTestId('value-chart-tokens-left-out').textContent).toBe(
      'Not every token of the total above is in this chart: those named below are left out.',
    );
    // One request for the platform's three tokens.
    expect(asked.filter((u) => u.includes('platform='))).toHaveLength(1);
  });

  it('a valued token none of whose accounts the chart reads is named with the missing balances', async () => {
    const unread = [
      {
        coin: 'SOL',
        contract: 'Mint1111111111111111111111111111',
        key: 'USDC (SOL)',
        decimals: 6,
        platform: 'solana',
        priceContract: 'Mint1111111111111111111111111111',
        accounts: {},
      },
    ];
    renderUi(<PortfolioChart sources={[halfBtc]} now={NOW} tokens={unread} />);
    await screen.findByTestId('value-chart-summary');
    expect(screen.getByTestId('value-chart-missing-balances').textContent).toContain('USDC (SOL)');
    expect(screen.getByTestId('value-chart-tokens-left-out')).toBeTruthy();
  });

  it('an asset without prices is named and left out, never added as zero', async () => {
    renderUi(<PortfolioChart sources={[halfBtc, eth]} now={NOW} />);
    const note = await screen.findByTestId('value-chart-missing-prices');
    expect(note.textContent).toBe('No price history for ETH: left out of the chart, not counted as zero.');
    // The line is BTC's alone: its value, not BTC + 0 for ETH shown as a total that includes ETH.
    expect(screen.getByTestId('value-chart-summary').textContent).toContain('$30,000.00');
  });

  it('times whose balance is unknown are a gap in the line, with a note; an unreadable account is named', async () => {
    const recent = btc(() => [{ time: NOW - 6 * HOUR, balance: 50_000_000n }]);
    const broken: ChartSource = {
      ...eth,
      id: 'ETH:1',
      priceId: 'bitcoin',
      load: () => Promise.reject(new Error('down')),
    };
    renderUi(<PortfolioChart sources={[recent, broken]} now={NOW} />);
    expect((await screen.findByTestId('value-chart-gaps')).textContent).toContain('not as zero');
    expect(screen.getByTestId('value-chart-missing-balances').textContent).toContain('ETH');
    // One segment only: the pen moves once (the gap is not drawn at 0).
    expect(screen.getByTestId('value-chart-line').getAttribute('d')!.match(/M/g)).toHaveLength(1);
  });

  it('no value known at all: says so instead of drawing zero', async () => {
    renderUi(<PortfolioChart sources={[eth]} now={NOW} />);
    expect((await screen.findByTestId('value-chart-empty')).textContent).toBe(
      'No value history to show for this period.',
    );
    expect(screen.queryByTestId('value-chart-line')).toBeNull();
  });

  it('writes the summary in Traditional Chinese and Portuguese', async () => {
    await setLanguage('pt');
    const { unmount } = renderUi(<PortfolioChart sources={[halfBtc]} now={NOW} />);
    expect((await screen.findByTestId('value-chart-summary')).textContent).toMatch(
      /^De US\$\s25\.000,00 para US\$\s30\.000,00: \+US\$\s5\.000,00 \(\+20,00\s?%\)$/,
    );
    expect(screen.getByLabelText('Ano')).toBeTruthy();
    unmount();
    await setLanguage('zh-TW');
    renderUi(<PortfolioChart sources={[halfBtc, eth]} now={NOW} />);
    expect((await screen.findByTestId('value-chart-summary')).textContent).toContain('從');
    expect(screen.getByTestId('value-chart-missing-prices').textContent).toContain('ETH 沒有歷史價格');
    await setLanguage('en');
  });

  it('is axe clean in every language', async () => {
    const withTokens = trx({ [LUSDT]: lusdtPoints('day'), [OTHER]: null }, [token(OTHER, 'OTH (TRX)', 5n)]);
    const found = await axeInEveryLanguage([
      [
        'value-chart',
        <PortfolioChart key="c" sources={[halfBtc, eth, withTokens]} now={NOW} />,
        async () => void (await screen.findByTestId('value-chart-summary')),
      ],
    ]);
    expect(found).toEqual([]);
  });

  it('the line lifts the pen at a gap', () => {
    expect(
      linePath([
        { time: 0, value: '1' },
        { time: 1, value: null },
        { time: 2, value: '2' },
        { time: 3, value: '3' },
      ]).match(/[ML]/g),
    ).toEqual(['M', 'M', 'L']);
  });
});
