import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyFamily, FamilyChain, WalletAccount } from '../family/types';
import { resetWalletData } from '../state/walletStorage';
import { accountsStore, refreshBalances, showAccounts } from './store';

const account: WalletAccount = {
  id: "LTC:m/44'/2'/0'",
  index: 0,
  bip: 44,
  path: "m/44'/2'/0'",
  name: 'LTC 1 Legacy',
  balance: 500_000_000n,
  pending: 0n,
  txCount: 1,
};

const refresh = vi.fn();
const family = { id: 'fake', refresh } as unknown as AnyFamily;
const chain = { unit: { symbol: 'LTC', decimals: 8, digits: 8 }, local: false } as unknown as FamilyChain;

describe('balance refresh (any family)', () => {
  beforeEach(() => {
    showAccounts('LTC', family, chain, [account], account.id);
    refresh.mockReset();
  });

  it('a failed provider keeps the last known balance, marked stale — never zero', async () => {
    refresh.mockRejectedValue(new Error('upstream_failed'));
    await expect(refreshBalances()).rejects.toThrow('upstream_failed');
    expect(accountsStore.get().accounts[0]!.balance).toBe(500_000_000n);
    expect(accountsStore.get().stale).toBe(true);
  });

  it('a successful refresh updates balances and clears the stale mark', async () => {
    accountsStore.set({ stale: true });
    refresh.mockResolvedValue([{ ...account, balance: 400_010_000n, pending: 10_000n, txCount: 2 }]);
    await refreshBalances();
    expect(accountsStore.get().accounts[0]!).toMatchObject({
      balance: 400_010_000n,
      pending: 10_000n,
      txCount: 2,
    });
    expect(accountsStore.get().stale).toBe(false);
  });

  it('an answer for a coin no longer shown is dropped', async () => {
    refresh.mockImplementation(async () => {
      showAccounts('BTC', family, chain, [], null);
      return [{ ...account, balance: 1n }];
    });
    await refreshBalances();
    expect(accountsStore.get().accounts).toEqual([]);
  });
});

describe('Settings → Reset', () => {
  it('forgets the accounts shown (they are read from the device again)', () => {
    showAccounts('LTC', family, chain, [account], account.id);
    resetWalletData();
    expect(accountsStore.get()).toMatchObject({
      scope: null,
      family: null,
      accounts: [],
      selectedId: null,
      status: 'idle',
    });
  });
});
