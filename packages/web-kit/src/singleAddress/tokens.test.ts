import { describe, expect, it } from 'vitest';
import type { DeviceAccount } from '@secux-companion/device';
import { deviceTokenRows } from './tokens';

const entry = (contract: string, path: string, symbol = 'TOK'): DeviceAccount =>
  ({ name: symbol, path, symbol, decimal: 6, balance: '0', contract }) as DeviceAccount;

describe("a Tokens tab's rows", () => {
  it("marks the held tokens the device keeps for this account, then lists the account's kept tokens no longer held", () => {
    const rows = deviceTokenRows({
      held: [{ contract: 'A' }, { contract: 'B' }],
      entries: [
        entry('B', "m/44'/195'/0'"),
        entry('C', "m/44'/195'/0'", 'OLD'),
        entry('A', "m/44'/195'/1'"), // another account's entry
        { name: 'TRX 1', path: "m/44'/195'/0'", symbol: 'TRX', decimal: 6, balance: '0' } as DeviceAccount,
      ],
      path: "m/44'/195'/0'",
      row: (h, onDevice) => ({ contract: h.contract, onDevice }),
      fromEntry: (e) => ({ contract: e.contract, onDevice: true, symbol: e.symbol }),
    });
    expect(rows).toEqual([
      { contract: 'A', onDevice: false },
      { contract: 'B', onDevice: true },
      { contract: 'C', onDevice: true, symbol: 'OLD' },
    ]);
  });

  it("compares contracts with the family's rule (a device entry may keep a shortened mint)", () => {
    const rows = deviceTokenRows({
      held: [{ contract: 'Mint1111111111' }],
      entries: [entry('Mint1111', "m/44'/501'/0'")],
      path: "m/44'/501'/0'",
      same: (contract, kept) => contract.startsWith(kept),
      row: (h, onDevice) => ({ contract: h.contract, onDevice }),
      fromEntry: (e) => ({ contract: e.contract, onDevice: true }),
    });
    expect(rows).toEqual([{ contract: 'Mint1111111111', onDevice: true }]);
  });
});
