import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChainSymbol } from '@secux-companion/core';
import type { AnyFamily, DiscoveryProgress, FamilyChain, WalletAccount } from '../family/types';
import {
  coinOfEntry,
  coinTotal,
  discoveryStore,
  PROGRESS_INTERVAL_MS,
  resetDiscovery,
  runDiscovery,
  storedByCoin,
  type DiscoveryDeps,
  type RefreshedCoin,
  type TableEntry,
} from './discovery';
import { accountsStore, loadAccounts } from './store';

afterEach(() => {
  resetDiscovery();
  accountsStore.reset();
  vi.unstubAllGlobals();
});

const entry = (path: string, balance: string, more: Partial<TableEntry> = {}): TableEntry => ({
  name: 'n',
  path,
  balance,
  symbol: '',
  chainId: 0,
  ...more,
});

function account(coin: string, index: number, balance: bigint): WalletAccount {
  const path = `m/44'/0'/${index}'`;
  return {
    id: `${coin}:${path}`,
    index,
    bip: 44,
    path,
    name: `${coin} ${index}`,
    balance,
    pending: 0n,
    txCount: 1,
  };
}

function fakeCoin(coin: string, accounts: WalletAccount[]): RefreshedCoin {
  const recover = vi.fn(async () => accounts);
  return {
    accounts,
    family: { id: 'fake', recover } as unknown as AnyFamily,
    chain: { unit: { symbol: coin, decimals: 8, digits: 8 }, local: false } as unknown as FamilyChain,
  };
}

/** A promise resolved from outside. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const state = (coin: ChainSymbol) => discoveryStore.get().coins[coin]!;

describe("the device's account table", () => {
  it('attributes entries to coins by coin type and chain id; tokens and unknown chains are left out', () => {
    const coins: ChainSymbol[] = ['BTC', 'ETH', 'BSC', 'FIO', 'TFIO'];
    expect(coinOfEntry(entry("m/84'/0'/0'", '1'), coins)).toBe('BTC');
    expect(coinOfEntry(entry("m/44'/60'/0'", '1', { chainId: 1 }), coins)).toBe('ETH');
    expect(coinOfEntry(entry("m/44'/60'/0'", '1', { chainId: 56 }), coins)).toBe('BSC');
    expect(coinOfEntry(entry("m/44'/60'/0'", '1', { chainId: 99999 }), coins)).toBeNull();
    expect(coinOfEntry(entry("m/44'/60'/0'", '1', { chainId: 1, contract: '0xabc' }), coins)).toBeNull();
    // FIO and its testnet share coin type 235: the symbol the entry stores tells them apart
    expect(coinOfEntry(entry("m/44'/235'/0'", '1', { symbol: 'TFIO' }), coins)).toBe('TFIO');
    expect(coinOfEntry(entry("m/44'/235'/0'", '1', { symbol: 'FIO' }), coins)).toBe('FIO');
    expect(coinOfEntry(entry('garbage', '1'), coins)).toBeNull();
  });

  it('keeps the stored balances; an unreadable one makes the total unknown, not 0', () => {
    const stored = storedByCoin(
      [entry("m/84'/0'/0'", '150000000'), entry("m/84'/0'/1'", '50000000'), entry("m/44'/2'/0'", 'x')],
      ['BTC', 'LTC'],
    );
    expect(stored.get('BTC')!.map((a) => a.balance)).toEqual([150_000_000n, 50_000_000n]);
    const btc = { stored: stored.get('BTC')!, accounts: null } as never;
    const ltc = { stored: stored.get('LTC')!, accounts: null } as never;
    expect(coinTotal(btc)).toBe(200_000_000n);
    expect(coinTotal(ltc)).toBeNull();
  });
});

describe('discovery at connect', () => {
  function deps(over: Partial<DiscoveryDeps> = {}): DiscoveryDeps {
    return {
      coins: ['BTC', 'LTC'],
      readTable: async () => [],
      unserved: async () => new Map(),
      refreshCoin: async (coin) => fakeCoin(coin, [account(coin, 0, 1n)]),
      ...over,
    };
  }

  it("shows the table's accounts with their stored balances before the network answers", async () => {
    const btc = deferred<RefreshedCoin>();
    const run = runDiscovery(
      deps({
        coins: ['BTC'],
        readTable: async () => [entry("m/84'/0'/0'", '70000')],
        refreshCoin: () => btc.promise,
      }),
    );
    await vi.waitFor(() => expect(state('BTC').state).toBe('refreshing'));
    expect(state('BTC').stored).toEqual([{ name: 'n', path: "m/84'/0'/0'", balance: 70_000n }]);
    expect(coinTotal(state('BTC'))).toBe(70_000n);
    btc.resolve(fakeCoin('BTC', [account('BTC', 0, 90_000n), account('BTC', 1, 10_000n)]));
    await run;
    expect(state('BTC').state).toBe('fresh');
    expect(coinTotal(state('BTC'))).toBe(100_000n);
    expect(discoveryStore.get().running).toBe(false);
  });

  it('refreshes a few coins at a time, never more than the limit', async () => {
    const coins: ChainSymbol[] = ['BTC', 'LTC', 'DOGE', 'DASH', 'XRP', 'XLM', 'TRX'];
    let active = 0;
    let most = 0;
    const started: string[] = [];
    await runDiscovery(
      deps({
        coins,
        concurrency: 2,
        refreshCoin: async (coin) => {
          started.push(coin);
          most = Math.max(most, ++active);
          await new Promise((r) => setTimeout(r, 5));
          active--;
          return fakeCoin(coin, []);
        },
      }),
    );
    expect(most).toBe(2);
    expect(started).toEqual(coins);
    expect(coins.map((c) => state(c).state)).toEqual(coins.map(() => 'fresh'));
  });

  it('shows progress while a coin refreshes, and clears it once done', async () => {
    const gate = deferred<void>();
    const run = runDiscovery(
      deps({
        coins: ['BTC'],
        refreshCoin: async (coin, onProgress) => {
          onProgress({ bip: 84, index: 2, found: 1 } satisfies DiscoveryProgress);
          await gate.promise;
          return fakeCoin(coin, []);
        },
      }),
    );
    await vi.waitFor(() => expect(state('BTC').progress).toEqual({ bip: 84, index: 2, found: 1 }));
    gate.resolve();
    await run;
    expect(state('BTC').progress).toBeNull();
  });

  it('writes a burst of progress once at once and its latest after the interval, not once per report', async () => {
    const gate = deferred<void>();
    const shown: unknown[] = [];
    const unsubscribe = discoveryStore.subscribe(() => {
      const p = discoveryStore.get().coins.BTC?.progress;
      if (p && p !== shown.at(-1)) shown.push(p);
    });
    const run = runDiscovery(
      deps({
        coins: ['BTC'],
        refreshCoin: async (coin, onProgress) => {
          for (let index = 0; index < 50; index++) onProgress({ bip: 84, index, found: index });
          await gate.promise;
          return fakeCoin(coin, []);
        },
      }),
    );
    await vi.waitFor(() => expect(state('BTC').progress).toEqual({ bip: 84, index: 49, found: 49 }), {
      timeout: PROGRESS_INTERVAL_MS * 4,
    });
    expect(shown.map((p) => (p as DiscoveryProgress).index)).toEqual([0, 49]);
    gate.resolve();
    await run;
    unsubscribe();
    expect(state('BTC').progress).toBeNull();
  });

  it('a failed coin keeps its stored balances and its reason; the others go on', async () => {
    const why = new Error('upstream_failed');
    await runDiscovery(
      deps({
        readTable: async () => [entry("m/44'/0'/0'", '5')],
        refreshCoin: async (coin) => {
          if (coin === 'BTC') throw why;
          return fakeCoin(coin, [account(coin, 0, 7n)]);
        },
      }),
    );
    expect(state('BTC')).toMatchObject({ state: 'failed', error: why, accounts: null });
    expect(coinTotal(state('BTC'))).toBe(5n);
    expect(state('LTC').state).toBe('fresh');
  });

  it('a coin the profile does not serve is marked so with its settings and never refreshed', async () => {
    const refreshCoin = vi.fn(async (coin: ChainSymbol) => fakeCoin(coin, []));
    await runDiscovery(
      deps({
        unserved: async () =>
          new Map([['LTC', { reason: 'no_provider' as const, settings: ['CHAIN_LTC_RPC'] }]]),
        refreshCoin,
      }),
    );
    expect(state('LTC')).toMatchObject({
      state: 'unserved',
      unserved: { reason: 'no_provider', settings: ['CHAIN_LTC_RPC'] },
    });
    expect(refreshCoin.mock.calls.map((c) => c[0])).toEqual(['BTC']);
  });

  it('a table that cannot be read still refreshes every coin', async () => {
    await runDiscovery(deps({ readTable: async () => Promise.reject(new Error('device busy')) }));
    expect(discoveryStore.get().tableError).toBeInstanceOf(Error);
    expect(state('BTC').state).toBe('fresh');
  });
});

describe('opening a coin after discovery', () => {
  it('takes the accounts discovery just read instead of recovering again', async () => {
    const ltc = fakeCoin('LTC', [account('LTC', 0, 42n)]);
    await runDiscovery({
      coins: ['LTC'],
      readTable: async () => [],
      unserved: async () => new Map(),
      refreshCoin: async () => ltc,
    });
    const asked = vi.fn();
    vi.stubGlobal('fetch', asked);
    await loadAccounts('LTC');
    expect(accountsStore.get()).toMatchObject({ status: 'ready', scope: 'LTC', accounts: ltc.accounts });
    expect(ltc.family.recover).not.toHaveBeenCalled();
    expect(asked).not.toHaveBeenCalled();
  });

  it('waits for a refresh in flight rather than starting a second one', async () => {
    const gate = deferred<RefreshedCoin>();
    const refreshCoin = vi.fn(() => gate.promise);
    const run = runDiscovery({
      coins: ['LTC'],
      readTable: async () => [],
      unserved: async () => new Map(),
      refreshCoin,
    });
    await vi.waitFor(() => expect(state('LTC').state).toBe('refreshing'));
    const opening = loadAccounts('LTC');
    const ltc = fakeCoin('LTC', [account('LTC', 0, 1n)]);
    gate.resolve(ltc);
    await Promise.all([run, opening]);
    expect(refreshCoin).toHaveBeenCalledTimes(1);
    expect(ltc.family.recover).not.toHaveBeenCalled();
    expect(accountsStore.get().accounts).toEqual(ltc.accounts);
  });
});
