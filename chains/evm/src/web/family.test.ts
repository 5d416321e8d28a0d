import { afterEach, describe, expect, it, vi } from 'vitest';
import { customEvmChain, createEvmAdapter, type EvmBackend } from '@secux-companion/chain-evm';
import type { Device, DeviceAccount } from '@secux-companion/device';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { EvmChain } from './chains';
import {
  AccountActionError,
  accountsStore,
  createAccount,
  deleteAccount,
  showAccounts,
} from '@secux-companion/web-kit/accounts/store';
import type { EvmAccount } from './tab/account';
import { readTokenSettings, writeTokenSettings } from './tab/tokens';
import { family } from './index';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
const OTHER = '0x7f5BF9fC3e8d048947893991358c0A67738484bc';

/** A device holding a table; records every write in order. */
function fakeDevice(table: DeviceAccount[]) {
  const calls: string[] = [];
  const device = {
    getTokens: (coin?: number, chainId?: number) =>
      Promise.resolve(table.filter((e) => e.contract && (chainId === undefined || e.chainId === chainId))),
    deleteToken: (path: string, contract: string, chainId?: number) => {
      calls.push(`deleteToken ${path} ${contract} ${chainId}`);
      return Promise.resolve();
    },
    deleteAccount: (path: string, chainId?: number) => {
      calls.push(`deleteAccount ${path} ${chainId}`);
      return Promise.resolve();
    },
  } as unknown as Device;
  return { device, calls };
}

function sideChain(): EvmChain {
  const spec = customEvmChain({
    chainId: 31338,
    name: 'Side',
    nativeCurrency: { symbol: 'ETH', decimals: 18 },
    rpcs: ['http://127.0.0.1:1'],
  });
  const backend = {} as EvmBackend;
  return {
    spec,
    adapter: createEvmAdapter(spec, backend),
    local: true,
    unit: { symbol: 'ETH', decimals: 18, digits: 8 },
  };
}

const account = (index: number): EvmAccount => ({
  id: `EVM-31338:m/44'/60'/${index}'`,
  index,
  bip: 44,
  path: `m/44'/60'/${index}'`,
  address: ME,
  name: `Side ${index + 1}`,
  balance: 0n,
  pending: 0n,
  txCount: 0,
});

afterEach(() => {
  runtime.set({ device: null });
  localStorage.clear();
});

describe('deleting an EVM account', () => {
  it("deletes the account's token entries from the device first, then the account, and forgets its tokens", async () => {
    const entry = (path: string, contract: string): DeviceAccount => ({
      name: 'T',
      path,
      balance: '0',
      symbol: 'T',
      decimal: 18,
      chainId: 31338,
      contract,
    });
    const { device, calls } = fakeDevice([
      entry("m/44'/60'/1'", LUSD),
      entry("m/44'/60'/1'", OTHER),
      // another account's token stays
      entry("m/44'/60'/10'", LUSD),
    ]);
    runtime.set({ device });
    const chain = sideChain();
    showAccounts('EVM-31338', family, chain, [account(0), account(1)], account(1).id);
    writeTokenSettings(31338, ME, {
      known: [{ contract: LUSD, name: 'L', symbol: 'L', decimals: 18 }],
      enabled: [],
    });

    const left = await deleteAccount(account(1).id);

    expect(left.map((a) => a.index)).toEqual([0]);
    expect(calls).toEqual([
      `deleteToken m/44'/60'/1'/0/0 ${LUSD} 31338`,
      `deleteToken m/44'/60'/1'/0/0 ${OTHER} 31338`,
      "deleteAccount m/44'/60'/1' 31338",
    ]);
    expect(readTokenSettings(31338, ME)).toEqual({ known: [], enabled: [] });
    expect(accountsStore.get().selectedId).toBe(account(0).id);
  });

  it("an account with a balance is refused ('Can not delete an active account') and the device is left alone", async () => {
    const { device, calls } = fakeDevice([]);
    runtime.set({ device });
    showAccounts('EVM-31338', family, sideChain(), [{ ...account(0), balance: 1n }], null);
    await expect(deleteAccount(account(0).id)).rejects.toThrow();
    expect(calls).toEqual([]);
    expect(accountsStore.get().accounts).toHaveLength(1);
  });
});

describe('creating an EVM account (warm-002 and err-17, as bitcoin)', () => {
  /** ETH with a controllable fresh summary of the previous account and a device that records its writes. */
  function setup(summary: () => Promise<{ balance: bigint; pending: bigint; txCount: number }>) {
    const writes: string[] = [];
    const device = {
      getAddress: (path: string) => Promise.resolve(`addr ${path}`),
      setAccount: (e: { path: string }) => {
        writes.push(e.path);
        return Promise.resolve();
      },
    } as unknown as Device;
    runtime.set({ device });
    const getAccountSummary = vi.fn(summary);
    const chain = {
      spec: { symbol: 'ETH', coin: 'ETH', name: 'Ethereum', decimals: 18, chainId: 1 },
      unit: { symbol: 'ETH', decimals: 18, digits: 9 },
      adapter: { chain: 'ETH', getAccountSummary },
      local: false,
    } as unknown as EvmChain;
    showAccounts('ETH', family, chain, [{ ...account(0), id: "ETH:m/44'/60'/0'", balance: 0n }], null);
    return { writes, getAccountSummary };
  }

  const issueOf = async (p: Promise<unknown>) => {
    const e: unknown = await p.then(
      () => null,
      (err: unknown) => err,
    );
    return e instanceof AccountActionError ? e.issue.code : e;
  };

  it('refuses while the previous account is still empty on a fresh read (warm-002); nothing is written', async () => {
    const { writes, getAccountSummary } = setup(() =>
      Promise.resolve({ balance: 0n, pending: 0n, txCount: 0 }),
    );
    await expect(issueOf(createAccount({ name: 'Ethereum 2' }))).resolves.toBe('warm-002');
    expect(getAccountSummary).toHaveBeenCalledWith(expect.objectContaining({ index: 0 }), { fresh: true });
    expect(writes).toEqual([]);
  });

  it("a previous account whose history length cannot be read stops the create with err-17 ('history length error')", async () => {
    const { writes } = setup(() => Promise.reject(new Error('HTTP 503')));
    await expect(issueOf(createAccount({ name: 'Ethereum 2' }))).resolves.toBe('err-17');
    expect(writes).toEqual([]);
  });

  it('creates the next account once the previous one has a history (read fresh, the list may be stale)', async () => {
    const { writes } = setup(() => Promise.resolve({ balance: 0n, pending: 0n, txCount: 3 }));
    const created = await createAccount({ name: 'Ethereum 2' });
    expect(created.index).toBe(1);
    expect(writes).toEqual(["m/44'/60'/1'"]);
  });
});
