import { describe, expect, it } from 'vitest';
import { defaultAccountName } from '@secux-companion/core';
import { deviceAccountNames, discoverByGap, type DeviceAccountEntry } from './index';

const table = (entries: DeviceAccountEntry[]) => ({ getAccounts: async () => entries });

describe('BIP-44 gap discovery', () => {
  it("reads the device's names by index for its own coin type only", async () => {
    const names = await deviceAccountNames(
      table([
        { name: 'Main', path: "m/44'/144'/0'" },
        { name: 'Other coin', path: "m/44'/195'/1'" },
        { name: 'Not an account', path: 'nonsense' },
        { name: 'Savings', path: "m/44'/144'/4'" },
      ]),
      144,
    );
    expect([...names]).toEqual([
      [0, 'Main'],
      [4, 'Savings'],
    ]);
  });

  it('keeps used accounts and saved ones past the gap, stops once the gap follows the last saved one', async () => {
    const probed: string[] = [];
    const used = new Set(["m/44'/144'/1'"]);
    const found = await discoverByGap(
      table([{ name: 'Cold', path: "m/44'/144'/3'" }]),
      {},
      {
        chain: 'XRP',
        coinType: 144,
        address: async (path) => path,
        account: async (address) => {
          probed.push(address);
          return { used: used.has(address) };
        },
        used: (info) => info.used,
        summary: () => ({ balance: 0n, pending: 0n, txCount: 0 }),
      },
    );
    expect(probed).toEqual(["m/44'/144'/0'", "m/44'/144'/1'", "m/44'/144'/2'", "m/44'/144'/3'"]);
    expect(found.map((a) => [a.descriptor.index, a.name, a.onDevice])).toEqual([
      [1, defaultAccountName('XRP', 1, 44), false],
      [3, 'Cold', true],
    ]);
  });
});
