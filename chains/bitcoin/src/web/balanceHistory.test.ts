/**
 * The bitcoin family's balance history slot (issue 33's value chart): Blockbook's balance history through the
 * adapter; where the server keeps none (a node only) the shared reconstruction from the account's history, and the
 * chain is not asked again for a while.
 */
import { describe, expect, it, vi } from 'vitest';
import type { BitcoinChain } from './chains';
import { family } from './index';

function chainWith(adapter: Record<string, unknown>): BitcoinChain {
  return {
    adapter: { chain: 'LTC', ...adapter },
    unit: { symbol: 'LTC', decimals: 8, digits: 8 },
    local: false,
  } as unknown as BitcoinChain;
}

const account = {
  id: "LTC:m/84'/2'/0'",
  chain: 'LTC',
  index: 0,
  bip: 84,
  path: "m/84'/2'/0'",
  name: 'LTC 1',
  extendPubKey: 'xpub-84-0',
  balance: 500n,
  pending: 0n,
  txCount: 1,
} as never;

describe('bitcoin family balance history', () => {
  it("answers the adapter's balance history (Blockbook's)", async () => {
    const points = [{ time: 1, balance: 500n }];
    const getBalanceHistory = vi.fn(async () => points);
    const chain = chainWith({ getBalanceHistory });
    await expect(family.balanceHistory!(chain, account, 'week')).resolves.toBe(points);
    expect(getBalanceHistory).toHaveBeenCalledTimes(1);
  });

  it('without one, rebuilds it from the history, and does not ask that chain again for a while', async () => {
    const getBalanceHistory = vi.fn(() => Promise.reject(new Error('no provider')));
    const getHistory = vi.fn(async () => ({
      operations: [
        {
          hash: 'h',
          time: Date.now() - 3_600_000,
          blockHeight: 5,
          direction: 'in',
          value: 500n,
          fee: 0n,
          senders: [],
          recipients: [],
          isOwnTransaction: false,
          rbf: false,
        },
      ],
      cursor: null,
    }));
    const chain = chainWith({ getBalanceHistory, getHistory });
    const first = await family.balanceHistory!(chain, account, 'day');
    expect(first.map((p) => p.balance)).toEqual([0n, 500n, 500n]);
    await family.balanceHistory!(chain, account, 'day');
    expect(getBalanceHistory).toHaveBeenCalledTimes(1);
    expect(getHistory).toHaveBeenCalledTimes(2);
  });

  it("asks a chain's balance history once while its other accounts wait: where none is kept, one failure", async () => {
    const getBalanceHistory = vi.fn(() => Promise.reject(new Error('no provider')));
    const getHistory = vi.fn(async () => ({ operations: [], cursor: null }));
    const chain = chainWith({ getBalanceHistory, getHistory });
    const series = await Promise.all([0, 1, 2, 3].map(() => family.balanceHistory!(chain, account, 'week')));
    expect(series).toHaveLength(4);
    expect(getBalanceHistory).toHaveBeenCalledTimes(1);
    expect(getHistory).toHaveBeenCalledTimes(4);
  });

  it("once the first read answers, the chain's other accounts read theirs side by side", async () => {
    const points = [{ time: 1, balance: 500n }];
    let open = 0;
    let most = 0;
    const getBalanceHistory = vi.fn(async () => {
      most = Math.max(most, ++open);
      await new Promise((r) => setTimeout(r, 5));
      open--;
      return points;
    });
    const chain = chainWith({ getBalanceHistory });
    await Promise.all([0, 1, 2, 3].map(() => family.balanceHistory!(chain, account, 'week')));
    expect(getBalanceHistory).toHaveBeenCalledTimes(4);
    expect(most).toBe(3);
  });
});
