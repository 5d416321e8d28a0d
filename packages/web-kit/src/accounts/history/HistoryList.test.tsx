import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '../../test/ui';
import { HistoryList, sameItem, type HistoryItemView } from './HistoryList';
import { formatTime } from './historyRules';

// formatTime runs once per row render: its calls count the rows rendered.
vi.mock('./historyRules', async (actual) => {
  const m = await actual<typeof import('./historyRules')>();
  return { ...m, formatTime: vi.fn(m.formatTime) };
});

setupUiTests();

const idle = {
  isPending: false,
  isError: false,
  error: null,
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: vi.fn(),
};
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

  it('a refetch that brings the same operations in new objects does not render the rows again; a change does', () => {
    const a = item({ link: 'https://explorer.example/tx/h1' });
    expect(sameItem(a, { ...a })).toBe(true);
    expect(sameItem(a, { ...a, pending: true })).toBe(false);
    expect(sameItem(a, { ...a, amount: '0.6 ETH' })).toBe(false);
    expect(sameItem(a, { ...a, time: null })).toBe(false);
    expect(sameItem(a, { ...a, link: undefined })).toBe(false);
    // an action (Speed up) is compared by identity: a new one renders the row again
    expect(sameItem({ ...a, action: <button /> }, { ...a, action: <button /> })).toBe(false);

    const rendered = vi.mocked(formatTime);
    const { rerender } = renderUi(<HistoryList query={idle} items={[a]} />);
    const before = rendered.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    rerender(<HistoryList query={idle} items={[{ ...a }]} />);
    expect(rendered.mock.calls.length).toBe(before);
    rerender(<HistoryList query={idle} items={[{ ...a, pending: true }]} />);
    expect(rendered.mock.calls.length).toBeGreaterThan(before);
    expect(screen.getByTestId('history-item').getAttribute('data-pending')).toBe('true');
  });

  describe('rows not measured yet are estimated at the height of those measured', () => {
    const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
    afterEach(() => Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight));

    it('so the list is as tall as its rows (no jump while scrolling as new rows are measured)', async () => {
      // jsdom has no layout: every row is 109 px high, as a measured row of the ETH history is.
      Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
        configurable: true,
        get(this: HTMLElement) {
          return this.hasAttribute('data-index') ? 109 : 0;
        },
      });
      const items = Array.from({ length: 1000 }, (_, i) => item({ key: `h${i}`, hash: `h${i}` }));
      renderUi(<HistoryList query={idle} items={items} />);
      const inner = screen.getByTestId('history-list').firstElementChild as HTMLElement;
      // 1,000 rows of 109 px with 8 px between them
      await waitFor(() => expect(inner.style.height).toBe(`${1000 * 117 - 8}px`));
    });
  });
});
