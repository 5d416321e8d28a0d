/**
 * The device path: the emulator (under the SecuX SDK) derives the vector address (reference/vectors.md) and signs the
 * Payment the adapter builds; finalize attaches the signature and key, the signature verifies and the hash is xrpl's.
 */
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { SecuxEmulator } from '@secux-companion/emulator';
import { decode, hashes, verifySignature } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXrpChain, type XrpAccountInfo, type XrpBackend } from './logic/adapter';

const ME = 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3';
const RECIPIENT = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const ACCOUNT = { chain: 'XRP' as const, index: 0, bip: 44 as const, path: "m/44'/144'/0'", address: ME };
const active: XrpAccountInfo = {
  balance: 50_000_000n,
  txCount: 3,
  sequence: 7,
  ownerCount: 0,
  activated: true,
  requireDestinationTag: false,
};
const backend: XrpBackend = {
  account: async () => active,
  ledger: async () => ({ ledgerIndex: 1000, reserve: { base: 1_000_000n, increment: 200_000n } }),
  fees: async () => ({ high: 12, medium: 12, low: 10 }),
  history: async () => ({ operations: [], cursor: null }),
  broadcast: async () => '',
};

let device: SecuxDevice;
beforeAll(async () => {
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true }));
  await device.getVersion();
}, 60_000);
afterAll(() => device?.disconnect());

describe('XRP on the device (emulator)', () => {
  it("derives the vector address at m/44'/144'/0'/0/0", async () => {
    expect(await device.getAddress("m/44'/144'/0'/0/0")).toBe(ME);
  });

  it('signs a Payment with a destination tag that verifies and hashes as xrpl does', async () => {
    const chain = createXrpChain(backend);
    const built = await chain.build(ACCOUNT, {
      recipient: RECIPIENT,
      amount: 2_500_000n,
      memo: { type: 'tag', value: 4294967295 },
    });
    const signed = chain.finalize(built, await chain.sign(device, built));
    expect(verifySignature(signed.raw)).toBe(true);
    expect(signed.hash).toBe(hashes.hashSignedTx(signed.raw));
    const tx = decode(signed.raw);
    expect(tx).toMatchObject({
      TransactionType: 'Payment',
      Account: ME,
      Destination: RECIPIENT,
      Amount: '2500000',
      Fee: '12',
      Sequence: 7,
      LastLedgerSequence: 1075,
      DestinationTag: 4294967295,
    });
  });
});
