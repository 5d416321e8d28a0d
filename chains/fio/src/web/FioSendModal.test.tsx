import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { FioChain } from './chain';
import { FioSendModal } from './FioSendModal';

setupUiTests();
afterEach(() => vi.unstubAllGlobals());

const ME = 'FIO6cDpi7vPnvRwMEdXtLnAmFwygaQ8CzD7vqKLBJ2GfgtHBQ4PPy';
const OTHER = 'FIO5kJKNHwctcfUM5XZyiWSqSTM5HTzznJP9F3ZdbhaQAHEVq575o';
const account = {
  id: 'FIO:0',
  index: 0,
  bip: 44 as const,
  path: "m/44'/235'/0'",
  name: 'FIO 1',
  balance: 10_000_000_000n,
  pending: 0n,
  txCount: 1,
  address: ME,
};

function open() {
  vi.stubGlobal('fetch', async () => new Response('{}'));
  const build = vi.fn(async () => {
    throw new Error('not built in this test');
  });
  const chain = {
    coin: 'FIO',
    unit: { symbol: 'FIO', decimals: 9, digits: 9 },
    local: true,
    adapter: {
      getAccountState: async () => ({
        balance: 10_000_000_000n,
        available: 8_000_000_000n,
        pending: 0n,
        txCount: 1,
      }),
      getFees: async () => ({
        tiers: { high: 2_000_000_000, medium: 2_000_000_000, low: 2_000_000_000 },
        unit: 'SUFs',
        basis: 'perTransaction',
        hidden: true,
      }),
      validateAddress: (a: string) => (/^FIO[1-9A-HJ-NP-Za-km-z]{50}$/.test(a) ? 'ok' : 'invalid'),
      build,
      reviewRows: () => [],
      explorer: { tx: () => undefined, address: () => undefined },
    },
  } as unknown as FioChain;
  renderUi(
    <FioSendModal chain={chain} account={account} onClose={() => undefined} onDone={() => undefined} />,
  );
  return { build };
}

const continueButton = () => screen.getByTestId('send-continue') as HTMLButtonElement;
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('FIO send details', () => {
  it('shows the available amount and the fee; more than available − fee is refused before Continue', async () => {
    open();
    await waitFor(() => expect(screen.getByTestId('send-available').textContent).toContain('8 FIO'));
    await waitFor(() => expect(screen.getByTestId('fio-fee').textContent).toContain('2 FIO'));
    type('send-recipient', OTHER);
    type('send-amount', '6.5');
    await waitFor(() => expect(screen.getByTestId('fio-insufficient')).toBeTruthy());
    expect(continueButton().disabled).toBe(true);
    type('send-amount', '6');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(screen.queryByTestId('fio-insufficient')).toBeNull();
  });

  it("send-all sends available − fee; the account's own key is refused", async () => {
    const { build } = open();
    await waitFor(() => expect(screen.getByTestId('fio-fee').textContent).toContain('2 FIO'));
    type('send-recipient', ME);
    fireEvent.click(screen.getByTestId('send-all'));
    await waitFor(() => expect((screen.getByTestId('send-amount') as HTMLInputElement).value).toContain('6'));
    expect(continueButton().disabled).toBe(true);
    type('send-recipient', OTHER);
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    fireEvent.click(continueButton());
    await waitFor(() => expect(build).toHaveBeenCalled());
    expect(build.mock.calls[0]).toEqual([
      expect.objectContaining({ chain: 'FIO', address: ME, path: account.path }),
      { recipient: OTHER, amount: 6_000_000_000n, sendAll: true },
    ]);
  });
});
