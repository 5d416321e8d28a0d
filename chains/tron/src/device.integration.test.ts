/**
 * The device path: the emulator (under the SecuX SDK) signs what the adapter builds for TRX, TRC-10 and TRC-20; the
 * raw_data it signs is byte for byte the one the adapter built (so the txID and the bandwidth size are known before
 * signing) and the signature recovers to the account's address.
 */
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { SecuxEmulator } from '@secux-companion/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceRequest,
  finalizeTronTransaction,
  parseSignedTransaction,
  rawDataHex,
  txIdOf,
  type TronDeviceTx,
} from './logic/tx';

const ME = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const base = {
  from: ME,
  blockID: '0000000002b1a6d3c7d4d0a8f5b4b1ec4f1a8e7b9a7c5d3e1f2a3b4c5d6e7f80',
  blockNumber: 45197011,
  timestamp: 1_700_000_000_000,
  expiration: 1_700_000_600_000,
};
const TO = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

let device: SecuxDevice;
beforeAll(async () => {
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true }));
  await device.getVersion();
}, 60_000);
afterAll(() => device?.disconnect());

describe('TRON on the device (emulator)', () => {
  it("derives the account address at m/44'/195'/0'/0/0", async () => {
    expect(await device.getAddress("m/44'/195'/0'/0/0")).toBe(ME);
  });
  const cases: TronDeviceTx[] = [
    { ...base, kind: 'trx', to: TO, amount: 1_000_000 },
    { ...base, kind: 'trc10', to: TO, amount: 1234, token: '1000001' },
    {
      ...base,
      kind: 'trc20',
      to: TO,
      amount: '123456789',
      contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      feeLimit: 40_000_000,
    },
  ];
  for (const tx of cases)
    it(`${tx.kind}: the device signs the adapter's raw_data and the signer is the owner`, async () => {
      const r = await device.signTrx("m/44'/195'/0'/0/0", deviceRequest(tx));
      const raw = rawDataHex(tx);
      expect(parseSignedTransaction(r.rawTx).rawHex).toBe(raw);
      expect(finalizeTronTransaction(raw, ME, r.rawTx).hash).toBe(txIdOf(raw));
      expect(() => finalizeTronTransaction(raw, TO, r.rawTx)).toThrow(/not this account/);
    });
});
