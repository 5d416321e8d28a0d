import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppAccount } from './types';

const summary = vi.fn();
vi.mock('../chains/bitcoin', () => ({
  getBitcoinChain: async () => ({ backend: { clearCache: () => undefined, getAccountSummary: summary } }),
}));

const { accountsStore, refreshBalances } = await import('./store');

const account: AppAccount = {
  id: "LTC:m/44'/2'/0'",
  idx: 1,
  chain: 'LTC',
  coinType: 2,
  index: 0,
  bip: 44,
  path: "m/44'/2'/0'",
  extendPubKey: 'tpubFake',
  name: 'LTC 1 Legacy',
  balance: 500_000_000n,
  pending: 0n,
  txCount: 1,
};

describe('balance refresh', () => {
  beforeEach(() => {
    accountsStore.set({ chain: 'LTC', accounts: [account], stale: false });
    summary.mockReset();
  });

  it('a failed provider keeps the last known balance, marked stale — never zero', async () => {
    summary.mockRejectedValue(new Error('upstream_failed'));
    await expect(refreshBalances()).rejects.toThrow('upstream_failed');
    expect(accountsStore.get().accounts[0]!.balance).toBe(500_000_000n);
    expect(accountsStore.get().stale).toBe(true);
  });

  it('a successful refresh updates balances and clears the stale mark', async () => {
    accountsStore.set({ stale: true });
    summary.mockResolvedValue({ balance: 400_000_000n, unconfirmed: 10_000n, txCount: 2 });
    await refreshBalances();
    expect(accountsStore.get().accounts[0]!).toMatchObject({ balance: 400_010_000n, pending: 10_000n, txCount: 2 });
    expect(accountsStore.get().stale).toBe(false);
  });
});
