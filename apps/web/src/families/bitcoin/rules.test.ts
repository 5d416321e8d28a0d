import { describe, expect, it } from 'vitest';
import type { Bip } from '@secux-companion/core';
import { recoverAccounts, recoveryBips, syncToDevice, type DiscoveryDevice } from './discovery';
import {
  accountNameIssue,
  createAccountIssue,
  deleteAccountIssue,
  newAccount,
  nextAccountIndex,
  receiveIndex,
  totalBalance,
} from './rules';
import type { AppAccount } from './account';

function acc(p: Partial<AppAccount> & { index: number; bip: Bip }): AppAccount {
  const path = `m/${p.bip}'/2'/${p.index}'`;
  return {
    id: `LTC:${path}`,
    idx: 1,
    chain: 'LTC',
    coinType: 2,
    path,
    extendPubKey: `xpub-${p.bip}-${p.index}`,
    name: `LTC ${p.index + 1}`,
    balance: 0n,
    pending: 0n,
    txCount: 0,
    ...p,
  };
}

function fakeDevice(saved: { name: string; path: string }[] = []) {
  const xpubCalls: string[] = [];
  const written: { name: string; path: string; balance: string }[] = [];
  const device: DiscoveryDevice = {
    getAccounts: async () => saved.map((s) => ({ ...s, chainId: 0 })),
    getXPublicKey: async (path) => {
      xpubCalls.push(path);
      return `xpub:${path}`;
    },
    setAccount: async (a) => {
      written.push(a);
    },
  };
  return { device, xpubCalls, written };
}

describe('account recovery and discovery', () => {
  it('BTC recovers 44, 49, 84 and 86; the others 44 and 49 (as far as the network supports them)', () => {
    expect(recoveryBips('BTC', [44, 49, 84, 86])).toEqual([44, 49, 84, 86]);
    expect(recoveryBips('LTC', [44, 49, 84])).toEqual([44, 49]);
    expect(recoveryBips('DOGE', [44])).toEqual([44]);
  });

  it('probes the next index while accounts show activity; one xpub and one API request per account', async () => {
    const used = new Set(["m/44'/2'/0'", "m/44'/2'/1'", "m/49'/2'/0'"]);
    const { device, xpubCalls } = fakeDevice();
    let requests = 0;
    const accounts = await recoverAccounts(
      'LTC',
      device,
      {
        getAccountState: async ({ xpub }) => {
          requests++;
          const path = xpub!.slice(5);
          return used.has(path) ? { balance: 100n, pending: 0n, txCount: 1 } : { balance: 0n, pending: 0n, txCount: 0 };
        },
      },
      { networkBips: [44, 49, 84] },
    );
    expect(accounts.map((a) => a.path)).toEqual(["m/44'/2'/0'", "m/44'/2'/1'", "m/49'/2'/0'"]);
    expect(xpubCalls).toEqual(["m/44'/2'/0'", "m/44'/2'/1'", "m/44'/2'/2'", "m/49'/2'/0'", "m/49'/2'/1'"]);
    expect(requests).toBe(xpubCalls.length);
    // default names: no suffix for the coin's default bip (44 for LTC), SegWit for 49
    expect(accounts.map((a) => a.name)).toEqual(['LTC 1', 'LTC 2', 'LTC 1 SegWit']);
  });

  it('an unused coin still shows its first default account; device names are sanitized; saved accounts are kept', async () => {
    const { device } = fakeDevice([
      { name: 'My  wallet!', path: "m/84'/0'/0'" },
      { name: '###', path: "m/86'/0'/2'" },
    ]);
    const accounts = await recoverAccounts(
      'BTC',
      device,
      { getAccountState: async () => ({ balance: 0n, pending: 0n, txCount: 0 }) },
      { networkBips: [44, 49, 84, 86] },
    );
    expect(accounts.map((a) => [a.path, a.name])).toEqual([
      ["m/84'/0'/0'", 'Mywallet'],
      ["m/86'/0'/2'", 'BTC 3 Taproot'],
    ]);
  });

  it('reports progress and pending balances count as activity', async () => {
    const { device } = fakeDevice();
    const seen: number[] = [];
    const accounts = await recoverAccounts(
      'DOGE',
      device,
      { getAccountState: async ({ xpub }) => (xpub!.endsWith("/0'") ? { balance: 5n, pending: 5n, txCount: 0 } : { balance: 0n, pending: 0n, txCount: 0 }) },
      { networkBips: [44], onProgress: (p) => seen.push(p.index) },
    );
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.balance).toBe(5n);
    expect(seen).toEqual([0, 1]);
  });

  it('writes every account back to the device with its balance in satoshis', async () => {
    const { device, written } = fakeDevice();
    await syncToDevice(device, [acc({ index: 0, bip: 44, balance: 123n })]);
    expect(written).toEqual([{ name: 'LTC 1', path: "m/44'/2'/0'", balance: '123', symbol: 'LTC', decimal: 8 }]);
  });
});

describe('account rules', () => {
  const used = acc({ index: 0, bip: 44, balance: 5n, txCount: 1 });
  const empty = acc({ index: 1, bip: 44 });

  it('a new account needs a non-empty previous account (warm-002)', () => {
    expect(createAccountIssue([used], 44)).toBeUndefined();
    expect(createAccountIssue([used, empty], 44)).toEqual({ code: 'warm-002' });
    expect(createAccountIssue([used, empty], 49)).toBeUndefined();
    expect(nextAccountIndex([used, empty], 44)).toBe(2);
    expect(nextAccountIndex([used], 49)).toBe(0);
    const n = newAccount('LTC', [used], 49, 'x');
    expect([n.path, n.name]).toEqual(["m/49'/2'/0'", 'LTC 1 SegWit']);
  });

  it('only empty accounts can be deleted (err-11)', () => {
    expect(deleteAccountIssue(empty)).toBeUndefined();
    expect(deleteAccountIssue(used)).toEqual({ code: 'err-11', params: { tokenType: 'LTC' } });
    expect(deleteAccountIssue(acc({ index: 2, bip: 44, pending: 10n }))).toBeDefined();
  });

  it('names: 1-15 characters (err-38), allowed characters (err-29), unique (err-25)', () => {
    expect(accountNameIssue('Savings', [used, empty])).toBeUndefined();
    expect(accountNameIssue('a'.repeat(16), [used])).toEqual({ code: 'err-38' });
    expect(accountNameIssue('bad!name', [used])).toEqual({ code: 'err-29' });
    expect(accountNameIssue('', [used])).toEqual({ code: 'err-29' });
    expect(accountNameIssue('LTC 1', [used, empty])).toEqual({ code: 'err-25' });
    // renaming to its own name is fine
    expect(accountNameIssue('LTC 1', [used, empty], used)).toBeUndefined();
  });

  it('receive index follows the last used receive address; Taproot stays within 5', () => {
    expect(receiveIndex(44, [])).toBe(0);
    expect(
      receiveIndex(84, [
        { change: 0, index: 0, transfers: 2 },
        { change: 0, index: 3, transfers: 1 },
        { change: 1, index: 9, transfers: 1 },
      ]),
    ).toBe(4);
    expect(receiveIndex(86, [{ change: 0, index: 4, transfers: 1 }])).toBe(4);
  });

  it('portfolio total is exact', () => {
    expect(totalBalance([acc({ index: 0, bip: 44, balance: 2n ** 60n }), acc({ index: 1, bip: 44, balance: 1n })])).toBe(2n ** 60n + 1n);
  });
});
