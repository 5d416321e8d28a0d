import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { WalletAccount } from '@secux-companion/web-kit/family/types';

const accounts: WalletAccount[] = [
  {
    id: 'LTC:a',
    index: 0,
    bip: 44,
    path: "m/44'/2'/0'",
    name: 'LTC 1',
    balance: 10_000_000n,
    pending: 0n,
    txCount: 1,
  },
  {
    id: 'LTC:b',
    index: 1,
    bip: 84,
    path: "m/84'/2'/1'",
    name: 'LTC 2',
    balance: 200_000_000n,
    pending: 0n,
    txCount: 1,
  },
];
const family = {
  deviceEntries: vi.fn(async () => accounts.map((a) => ({ index: a.index, bip: a.bip, name: a.name }))),
  fromDevice: vi.fn(async (_c: unknown, _s: string, e: { index: number }) => ({
    ...accounts[e.index]!,
    balance: 0n,
  })),
  refresh: vi.fn(async () => accounts),
  descriptor: (_c: unknown, a: WalletAccount) => ({ path: a.path }),
};
// What the chain says each can spend now: LTC 2 holds 0.5 LTC of unconfirmed change.
const spendable: Record<string, bigint> = { "m/44'/2'/0'": 10_000_000n, "m/84'/2'/1'": 150_000_000n };
const chain = {
  local: true,
  adapter: { getAccountState: vi.fn(async (d: { path: string }) => ({ available: spendable[d.path] })) },
};
vi.mock('@secux-companion/web-kit/accounts/store', () => ({ familyChain: async () => ({ family, chain }) }));

const { SelectAccountModal } = await import('./SelectAccountModal');

setupUiTests();
afterEach(() => vi.clearAllMocks());

describe('select-account modal', () => {
  it("lists the device's accounts of the coin with fresh balances; one that cannot cover the amount shows Insufficient Balance", async () => {
    const onChoose = vi.fn();
    renderUi(<SelectAccountModal coin="LTC" required={50_000_000n} onChoose={onChoose} onClose={() => {}} />);
    const rows = await screen.findAllByTestId('fio-select-row');
    expect(family.refresh).toHaveBeenCalledTimes(1);
    expect(within(rows[0]!).getByTestId('fio-select-insufficient').textContent).toBe('Insufficient Balance');
    expect((within(rows[0]!).getByTestId('fio-select-choose') as HTMLButtonElement).disabled).toBe(true);
    expect(within(rows[1]!).queryByTestId('fio-select-insufficient')).toBeNull();
    fireEvent.click(within(rows[1]!).getByTestId('fio-select-choose'));
    expect(onChoose.mock.calls[0]![0]).toMatchObject({ family, account: { id: 'LTC:b' } });
  });

  it('what counts is the available amount (unconfirmed change is not spendable); an equal amount is not enough', async () => {
    renderUi(
      <SelectAccountModal coin="LTC" required={150_000_000n} onChoose={() => {}} onClose={() => {}} />,
    );
    const rows = await screen.findAllByTestId('fio-select-row');
    expect(rows.every((r) => within(r).queryByTestId('fio-select-insufficient'))).toBe(true);
  });
});
