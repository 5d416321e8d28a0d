import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { AccountState, Operation } from '@secux-companion/chain-common';
import { i18next } from '@secux-companion/web-kit/i18n';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { XrpChain } from './chain';
import { family, type XrpAccount } from './index';

setupUiTests();

const account: XrpAccount = {
  id: 'XRP:0',
  index: 0,
  bip: 44,
  path: "m/44'/144'/0'",
  name: 'XRP 1',
  balance: 0n,
  pending: 0n,
  txCount: 0,
  address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
};
const chain = {
  unit: { symbol: 'XRP', decimals: 6, digits: 6 },
  local: false,
  adapter: {
    ledger: async () => ({ ledgerIndex: 9, reserve: { base: 2_000_000n, increment: 500_000n } }),
    explorer: { tx: (h: string) => `https://x/tx/${h}`, address: (a: string) => `https://x/a/${a}` },
  },
} as unknown as XrpChain;

function Page({ state }: { state?: AccountState }) {
  const extras = family.usePage({ chain, account, ...(state ? { state } : {}), openSend: () => undefined });
  return (
    <>
      {extras.note}
      {extras.alerts}
      <span data-testid="tabs">{extras.tabs.map((x) => x.value).join(',')}</span>
    </>
  );
}

function Tag({ op }: { op: Operation }) {
  return <>{family.useHistoryExtras!({ chain, account }).action?.(op)}</>;
}

describe('the XRP web family', () => {
  it("the account list's note reads the reserves live from the ledger", async () => {
    const ListNote = family.ListNote!;
    renderUi(<ListNote chain={chain} />);
    await screen.findByText(/2 XRP, plus 0\.5 XRP for each object/);
  });

  it('an inactive account says so; an active one shows its reserve and spendable amount', () => {
    const inactive = {
      balance: 0n,
      pending: 0n,
      txCount: 0,
      available: 0n,
      activated: false,
    } as AccountState;
    const { unmount } = renderUi(<Page state={inactive} />);
    expect(screen.getByTestId('xrp-inactive').textContent).toContain('not active yet');
    expect(screen.queryByTestId('xrp-reserve')).toBeNull();
    expect(screen.getByTestId('tabs').textContent).toBe('history');
    unmount();
    const active = {
      balance: 25_000_000n,
      pending: 0n,
      txCount: 3,
      available: 22_500_000n,
      reserve: 2_500_000n,
      activated: true,
    } as AccountState;
    renderUi(<Page state={active} />);
    expect(screen.getByTestId('xrp-reserve').textContent).toBe('Reserve 2.5 XRP · spendable 22.5 XRP');
    expect(screen.queryByTestId('xrp-inactive')).toBeNull();
  });

  it('history items show their destination tag; items without one show nothing', () => {
    const op = { hash: 'A', destinationTag: 42 } as unknown as Operation;
    renderUi(<Tag op={op} />);
    expect(screen.getByTestId('history-tag').textContent).toBe('Tag 42');
  });

  it('receive warns to send only XRP; Buy is offered (second provider); history links to the explorer', () => {
    expect(family.receiveWarning(i18next.t.bind(i18next), chain, account, undefined)).toContain(
      'Only send XRP',
    );
    expect(family.buy(chain, account)).not.toBeNull();
    expect(family.historyLink?.(chain, account)).toBe(`https://x/a/${account.address}`);
  });
});
