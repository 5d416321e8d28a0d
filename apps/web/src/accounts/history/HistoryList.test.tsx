import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderUi, setupUiTests } from '../../test/ui';
import { HistoryList, type HistoryItemView } from './HistoryList';

setupUiTests();

const idle = { isPending: false, isError: false, error: null, hasNextPage: false, isFetchingNextPage: false, fetchNextPage: vi.fn() };
const item = (over: Partial<HistoryItemView>): HistoryItemView => ({
  key: 'h1',
  hash: 'h1',
  direction: 'in',
  pending: false,
  time: Date.UTC(2024, 0, 2),
  amount: '0.5 ETH',
  ...over,
});

describe('shared history list', () => {
  it('empty: state-22; first load failed: the error alert', () => {
    renderUi(<HistoryList query={idle} items={[]} />);
    expect(screen.getByTestId('history-empty')).toBeTruthy();
    renderUi(<HistoryList query={{ ...idle, isError: true, error: { status: 503 } }} items={[]} />);
    expect(screen.getByTestId('history-error')).toBeTruthy();
  });

  it("history that cannot be read offers the family's simple link to the account on the explorer", () => {
    const failed = { ...idle, isError: true, error: { status: 503 } };
    renderUi(<HistoryList query={failed} items={[]} simpleLink="https://mempool.space/address/bc1q" />);
    const link = screen.getByTestId('history-simple-link');
    expect(link.getAttribute('href')).toBe('https://mempool.space/address/bc1q');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe("See this account's history on the block explorer");
  });

  it('signed amounts, pending badge, explorer link only when given', () => {
    renderUi(
      <HistoryList
        query={idle}
        items={[
          item({ link: 'https://explorer.example/tx/h1' }),
          item({ key: 'h2', hash: 'h2', direction: 'out', pending: true, amount: '1 LTC' }),
        ]}
      />,
    );
    const [first, second] = screen.getAllByTestId('history-item');
    expect(first!.querySelector('[data-testid="history-amount"]')!.textContent).toBe('+0.5 ETH');
    expect(first!.querySelector('a')!.getAttribute('href')).toBe('https://explorer.example/tx/h1');
    expect(first!.querySelector('[data-testid="history-pending"]')).toBeNull();
    expect(second!.querySelector('[data-testid="history-amount"]')!.textContent).toBe('−1 LTC');
    expect(second!.querySelector('a')).toBeNull();
    expect(second!.getAttribute('data-pending')).toBe('true');
    expect(second!.querySelector('[data-testid="history-pending"]')).toBeTruthy();
  });
});
