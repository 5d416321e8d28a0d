import { afterEach, describe, expect, it } from 'vitest';
import type { Device, DeviceAccount } from '@secux-companion/device';
import { runtime } from '../device/runtime';
import type { FamilyChain } from '../family/types';
import { deleteAccountWithTokens, singleAddressPlumbing, type SingleAddressAccount } from './plumbing';

interface Chain extends FamilyChain {
  coin: 'FIO' | 'TFIO';
  adapter: never;
}

function fakeDevice(entries: DeviceAccount[]) {
  const written: { name: string; path: string; symbol: string; decimal: number }[] = [];
  const asked: string[] = [];
  const device = {
    getAccounts: async () => entries,
    setAccount: async (e: (typeof written)[number]) => {
      written.push(e);
    },
    getAddress: async (path: string) => {
      asked.push(path);
      return `addr@${path}`;
    },
  } as unknown as Device;
  runtime.set({ device, emulator: null });
  return { written, asked };
}

afterEach(() => runtime.set({ device: null, emulator: null }));

describe('the single-address account plumbing', () => {
  it("derives at core's signing path and names entries by the chain's coin where one family serves several", async () => {
    const { written, asked } = fakeDevice([]);
    const p = singleAddressPlumbing<Chain, SingleAddressAccount>({
      coin: (chain) => chain.coin,
      coinType: 235,
      decimal: 9,
      checkPrevious: false,
    });
    const chain = { coin: 'TFIO' } as Chain;
    const created = await p.create(chain, 'TFIO', [], { name: '' });
    expect(asked).toEqual(["m/44'/235'/0'/0/0"]);
    expect(created).toMatchObject({
      path: "m/44'/235'/0'",
      address: "addr@m/44'/235'/0'/0/0",
      name: 'TFIO 1',
    });
    expect(written).toEqual([expect.objectContaining({ symbol: 'TFIO', decimal: 9, name: 'TFIO 1' })]);
    expect(p.descriptor(chain, created).chain).toBe('TFIO');
  });

  it('a hardened chain derives at the bare account path; entries the family skips are not accounts', async () => {
    const { asked } = fakeDevice([
      { name: 'SOL 1', path: "m/44'/501'/0'", symbol: 'SOL', decimal: 9, balance: '0' },
      { name: 'USDC', path: "m/44'/501'/0'", symbol: 'USDC', decimal: 6, balance: '0', contract: 'mint' },
      { name: 'SOL 3', path: "m/44'/501'/2'", symbol: 'SOL', decimal: 9, balance: '0' },
    ] as DeviceAccount[]);
    const p = singleAddressPlumbing<FamilyChain & { adapter: never }, SingleAddressAccount>({
      coin: 'SOL',
      coinType: 501,
      decimal: 9,
      skipEntry: (e) => !!e.contract,
      checkPrevious: false,
    });
    expect(await p.deviceEntries()).toEqual([
      { index: 0, bip: 44, name: 'SOL 1' },
      { index: 2, bip: 44, name: 'SOL 3' },
    ]);
    await p.fromDevice({} as never, 'SOL', { index: 2, bip: 44, name: 'SOL 3' });
    expect(asked).toEqual(["m/44'/501'/2'"]);
  });

  it("removing an account that keeps tokens on the device deletes this account's token entries first, then the account", async () => {
    const calls: string[] = [];
    const device = {
      getTokens: async (coinType: number) => [
        {
          name: 'USDT',
          path: "m/44'/195'/0'",
          symbol: 'USDT',
          decimal: 6,
          balance: '0',
          contract: `T-${coinType}`,
        },
        { name: 'BTT', path: "m/44'/195'/1'", symbol: 'BTT', decimal: 6, balance: '0', contract: 'T-other' },
      ],
      deleteToken: async (path: string, contract: string) => void calls.push(`token ${path} ${contract}`),
      deleteAccount: async (path: string) => void calls.push(`account ${path}`),
    } as unknown as Device;
    runtime.set({ device, emulator: null });
    await deleteAccountWithTokens(195, "m/44'/195'/0'");
    expect(calls).toEqual(["token m/44'/195'/0' T-195", "account m/44'/195'/0'"]);
  });

  it("Buy goes to the account's receive address where core's table has a provider for the coin, and nowhere else", async () => {
    fakeDevice([]);
    const p = singleAddressPlumbing<Chain, SingleAddressAccount>({
      coin: (chain) => chain.coin,
      coinType: 501,
      decimal: 9,
      checkPrevious: false,
    });
    const a = await p.create({ coin: 'TFIO' } as Chain, 'x', [], { name: '' });
    expect(p.buy({ coin: 'TFIO' } as Chain, a)).toBeNull();
    const sol = {
      coin: 'SOL',
      adapter: { getReceiveAddress: async () => ({ address: 'So1', path: "m/44'/501'/0'", extra: 1 }) },
    } as unknown as Chain;
    expect(await p.buy(sol, a)?.loadTarget()).toEqual({ address: 'So1', path: "m/44'/501'/0'" });
  });
});
