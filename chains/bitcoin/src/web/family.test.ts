import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DiscoveredAccount } from '@secux-companion/chain-common';
import type { Device } from '@secux-companion/device';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { BitcoinChain } from './chains';
import { family } from './index';

function chainWith(adapter: Partial<BitcoinChain['adapter']>): BitcoinChain {
  return {
    adapter: { chain: 'LTC', ...adapter },
    networkId: 'LTC',
    chain: 'LTC',
    unit: { symbol: 'LTC', decimals: 8, digits: 8 },
    local: false,
  } as unknown as BitcoinChain;
}

const found = (bip: 44 | 49, index: number, name: string, balance: bigint): DiscoveredAccount => ({
  descriptor: { chain: 'LTC', bip, index, path: `m/${bip}'/2'/${index}'`, xpub: `xpub-${bip}-${index}` },
  summary: { balance, pending: 0n, txCount: balance > 0n ? 1 : 0 },
  name,
  onDevice: false,
});

afterEach(() => runtime.set({ device: null }));

describe('bitcoin family accounts', () => {
  it("recovers through the adapter's discovery (device table and probing), keeping its names, keys and figures", async () => {
    const written: unknown[] = [];
    runtime.set({ device: { setAccount: async (a: unknown) => void written.push(a) } as unknown as Device });
    const discoverAccounts = vi.fn(async () => [found(44, 0, 'LTC 1', 5n), found(49, 0, 'Savings', 0n)]);
    const chain = chainWith({ discoverAccounts } as never);
    const accounts = await family.recover(chain, 'LTC');
    expect(discoverAccounts).toHaveBeenCalledTimes(1);
    expect(accounts.map((a) => [a.id, a.name, a.extendPubKey, a.balance])).toEqual([
      ["LTC:m/44'/2'/0'", 'LTC 1', 'xpub-44-0', 5n],
      ["LTC:m/49'/2'/0'", 'Savings', 'xpub-49-0', 0n],
    ]);
    await family.syncToDevice(chain, accounts);
    expect(written).toEqual([
      { name: 'LTC 1', path: "m/44'/2'/0'", balance: '5', symbol: 'LTC', decimal: 8 },
      { name: 'Savings', path: "m/49'/2'/0'", balance: '0', symbol: 'LTC', decimal: 8 },
    ]);
  });

  it('a refresh asks each account past the short cache (one summary request each)', async () => {
    const getAccountSummary = vi.fn(async () => ({ balance: 7n, pending: 2n, txCount: 3 }));
    const chain = chainWith({ getAccountSummary } as never);
    runtime.set({ device: {} as Device });
    const [a] = await family.recover(
      chainWith({ discoverAccounts: async () => [found(44, 0, 'LTC 1', 5n)] } as never),
      'LTC',
    );
    const [fresh] = await family.refresh(chain, [a!]);
    expect(getAccountSummary).toHaveBeenCalledWith(expect.objectContaining({ xpub: 'xpub-44-0', bip: 44 }), {
      fresh: true,
    });
    expect(fresh).toMatchObject({ balance: 7n, pending: 2n, txCount: 3 });
  });
});

describe('bitcoin history simple link', () => {
  it("links to the account's first receive address on the explorer (explorers take addresses, not extended keys)", () => {
    const receive = vi.fn((i: number) => ({ address: `ltc-addr-${i}` }));
    const chain = chainWith({
      keysOf: () => ({ receive }),
      explorer: { tx: () => undefined, address: (a: string) => `https://explorer.example/address/${a}` },
    } as never);
    const [account] = [found(44, 0, 'LTC 1', 5n)].map((d) => ({
      id: 'LTC:0',
      chain: 'LTC',
      bip: d.descriptor.bip,
      index: 0,
      path: d.descriptor.path,
      extendPubKey: d.descriptor.xpub!,
      name: d.name,
      balance: 5n,
      pending: 0n,
      txCount: 1,
    }));
    expect(family.historyLink?.(chain, account as never)).toBe('https://explorer.example/address/ltc-addr-0');
    expect(receive).toHaveBeenCalledWith(0);
  });
});
