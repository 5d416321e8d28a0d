/**
 * The device path: the emulator (under the SecuX SDK) derives the vector address (reference/vectors.md) and signs the
 * transaction the adapter builds. The SDK rebuilds the transaction from its details with its own stellar-base, so the
 * signature verifying against OUR transaction's hash proves both build the same bytes (payment and createAccount,
 * every memo type).
 */
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { SecuxEmulator } from '@secux-companion/emulator';
import { Keypair, Networks, TransactionBuilder, type Transaction } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStellarChain,
  signatureBytes,
  type StellarAccountInfo,
  type StellarBackend,
} from './logic/adapter';
import { parseStellarMemo } from './logic/memo';

const ME = 'GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX';
const RECIPIENT = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 9)).publicKey();
const FRESH = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 8)).publicKey();
const ACCOUNT = { chain: 'XLM' as const, index: 0, bip: 44 as const, path: "m/44'/148'/0'", address: ME };
const PASS = Networks.STANDALONE;
const acct = (activated: boolean): StellarAccountInfo => ({
  activated,
  balance: activated ? 1_000_000_000n : 0n,
  sequence: activated ? 4_294_967_296n : null,
  subentries: 0,
  sponsoring: 0,
  sponsored: 0,
  sellingLiabilities: 0n,
  memoRequired: false,
  assets: [],
});
const backend: StellarBackend = {
  account: async (a) => acct(a !== FRESH),
  network: async () => ({ networkPassphrase: PASS, ledger: 9, baseFee: 100n, baseReserve: 5_000_000n }),
  history: async () => ({ operations: [], cursor: null }),
  broadcast: async () => '',
};

let device: SecuxDevice;
beforeAll(async () => {
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true }));
  await device.getVersion();
}, 60_000);
afterAll(() => device?.disconnect());

describe('Stellar on the device (emulator)', () => {
  it("derives the vector address at m/44'/148'/0'", async () => {
    expect(await device.getAddress("m/44'/148'/0'")).toBe(ME);
  });

  const cases = [
    ['a payment with a text memo', RECIPIENT, parseStellarMemo('text', 'hello stellar')],
    ['a payment with an id memo', RECIPIENT, parseStellarMemo('id', '18446744073709551615')],
    ['a payment with a hash memo', RECIPIENT, parseStellarMemo('hash', 'cd'.repeat(32))],
    ['a payment with a return memo', RECIPIENT, parseStellarMemo('return', 'ef'.repeat(32))],
    ['a createAccount without memo', FRESH, undefined],
  ] as const;
  for (const [what, to, memo] of cases) {
    it(`signs ${what}: the signature verifies against the adapter's transaction`, async () => {
      const chain = createStellarChain(backend);
      const built = await chain.build(ACCOUNT, {
        recipient: to,
        amount: 25_000_000n,
        ...(memo ? { memo } : {}),
      });
      const signed = chain.finalize(built, await chain.sign(device, built));
      const tx = TransactionBuilder.fromXDR(signed.raw, PASS) as Transaction;
      expect(Keypair.fromPublicKey(ME).verify(tx.hash(), signatureBytes(tx.signatures[0]))).toBe(true);
      expect(signed.hash).toBe(Buffer.from(tx.hash()).toString('hex'));
      expect(tx.operations[0]?.type).toBe(to === FRESH ? 'createAccount' : 'payment');
      expect(tx.fee).toBe(to === FRESH ? '200' : '100');
      expect(tx.sequence).toBe('4294967297');
    });
  }
});
