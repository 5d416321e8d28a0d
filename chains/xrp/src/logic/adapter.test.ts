import { CoreError } from '@secux-companion/core';
import { Wallet, decode } from 'xrpl';
import { describe, expect, it } from 'vitest';
import { createXrpChain, type XrpAccountInfo, type XrpBackend, type XrpSigner } from './adapter';
import { XrpError } from './errors';

const SEED = 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2'; // test-only ed25519 seed
const wallet = Wallet.fromSeed(SEED);
const ME = wallet.classicAddress;
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const EXCHANGE = 'rLHzPsX6oXkzU2qL12kHCH8G8cnZv1rBJh';
const ACCOUNT = { chain: 'XRP' as const, index: 0, bip: 44 as const, path: "m/44'/144'/0'", address: ME };

const inactive: XrpAccountInfo = {
  balance: 0n,
  txCount: 0,
  sequence: null,
  ownerCount: 0,
  activated: false,
  requireDestinationTag: false,
};
function backendWith(
  me: Partial<XrpAccountInfo> = {},
  reserve = { base: 1_000_000n, increment: 200_000n },
): XrpBackend {
  const accounts: Record<string, XrpAccountInfo> = {
    [ME]: {
      balance: 10_000_000n,
      txCount: 4,
      sequence: 5,
      ownerCount: 2,
      activated: true,
      requireDestinationTag: false,
      ...me,
    },
    [EXCHANGE]: {
      balance: 99_000_000n,
      txCount: 9,
      sequence: 1,
      ownerCount: 0,
      activated: true,
      requireDestinationTag: true,
    },
  };
  return {
    account: async (a) => accounts[a] ?? inactive,
    ledger: async () => ({ ledgerIndex: 500, reserve }),
    fees: async () => ({ high: 15, medium: 12, low: 10 }),
    history: async () => ({ operations: [], cursor: null }),
    broadcast: async () => 'AB'.repeat(32),
  };
}

/** A software signer (what the device does): `signer` signs, the account's public key is reported. */
const softSigner = (signer = wallet): XrpSigner => ({
  getPublicKey: async () => wallet.publicKey,
  signXrp: async (_path, tx) => {
    const blob = signer.sign({ ...tx, SigningPubKey: signer.publicKey } as never).tx_blob;
    return { rawTx: blob, signature: String(decode(blob).TxnSignature) };
  },
});

describe('XRP adapter', () => {
  it('reads the reserve live: base + owner reserve × objects, spendable = balance − reserve', async () => {
    const state = await createXrpChain(backendWith()).getAccountState(ACCOUNT);
    expect(state.reserve).toBe(1_400_000n);
    expect(state.available).toBe(8_600_000n);
    // another network vote: the adapter follows the server, nothing is hard-coded
    const voted = await createXrpChain(
      backendWith({}, { base: 10_000_000n, increment: 2_000_000n }),
    ).getAccountState(ACCOUNT);
    expect(voted.reserve).toBe(14_000_000n);
    expect(voted.available).toBe(0n);
  });

  it('shows an actNotFound account as balance 0, no transactions, inactive', async () => {
    const s = await createXrpChain(backendWith()).getAccountSummary({ ...ACCOUNT, address: NEW });
    expect(s).toEqual({ balance: 0n, pending: 0n, txCount: 0, activated: false });
  });

  it('builds a Payment with fee, sequence, LastLedgerSequence = ledger + 75 and the tag', async () => {
    const built = await createXrpChain(backendWith()).build(ACCOUNT, {
      recipient: EXCHANGE,
      amount: 1_000_000n,
      memo: { type: 'tag', value: 42 },
    });
    expect(built.unsigned.tx).toEqual({
      TransactionType: 'Payment',
      Account: ME,
      Destination: EXCHANGE,
      Amount: '1000000',
      Fee: '12',
      Sequence: 5,
      LastLedgerSequence: 575,
      DestinationTag: 42,
    });
    expect(built.signRequest.path).toBe("m/44'/144'/0'/0/0");
  });

  it('refuses a send that would dip below the reserve with err-30', async () => {
    const chain = createXrpChain(backendWith());
    await expect(chain.build(ACCOUNT, { recipient: NEW, amount: 8_600_000n })).rejects.toMatchObject({
      code: 'err-30',
      params: { minimum: '1.4', coin: 'XRP' },
    });
    // exactly the spendable part minus the fee is fine
    await expect(
      chain.build(ACCOUNT, { recipient: EXCHANGE, amount: 8_599_988n, memo: { type: 'tag', value: 1 } }),
    ).resolves.toBeTruthy();
  });

  it('refuses before signing a first payment below the base reserve to an inactive account, and says an activating one activates', async () => {
    const chain = createXrpChain(backendWith());
    const err = await chain.build(ACCOUNT, { recipient: NEW, amount: 999_999n }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(XrpError);
    expect(err).toMatchObject({ code: 'xrpActivationBelowReserve', params: { minimum: '1' } });
    expect((err as Error).message).toContain('tecNO_DST_INSUF_XRP');
    const built = await chain.build(ACCOUNT, { recipient: NEW, amount: 1_000_000n });
    expect(chain.reviewRows(built).map((r) => r.labelKey)).toContain('xrp.review.activates');
  });

  it('requires a tag when the recipient sets lsfRequireDestTag, and refuses a tag outside 0..2^32−1', async () => {
    const chain = createXrpChain(backendWith());
    await expect(chain.build(ACCOUNT, { recipient: EXCHANGE, amount: 1_000_000n })).rejects.toMatchObject({
      code: 'xrpDestinationTagRequired',
    });
    await expect(
      chain.build(ACCOUNT, { recipient: EXCHANGE, amount: 1n, memo: { type: 'tag', value: 2 ** 32 } }),
    ).rejects.toBeInstanceOf(CoreError);
    await expect(
      chain.build(ACCOUNT, { recipient: EXCHANGE, amount: 1n, memo: { type: 'tag', value: -1 } }),
    ).rejects.toMatchObject({ code: 'invalidTagOrMemo' });
  });

  it('recipientInfo: activation, the tag requirement and the live base reserve for the send form', async () => {
    const chain = createXrpChain(backendWith({}, { base: 2_000_000n, increment: 500_000n }));
    await expect(chain.recipientInfo(EXCHANGE)).resolves.toEqual({
      activated: true,
      requireDestinationTag: true,
      baseReserve: 2_000_000n,
    });
    await expect(chain.recipientInfo(NEW)).resolves.toMatchObject({
      activated: false,
      requireDestinationTag: false,
    });
  });

  it('shows the tag in the review rows', async () => {
    const chain = createXrpChain(backendWith());
    const built = await chain.build(ACCOUNT, {
      recipient: EXCHANGE,
      amount: 1_000_000n,
      memo: { type: 'tag', value: 7 },
    });
    const rows = chain.reviewRows(built);
    expect(rows.find((r) => r.labelKey === 'xrp.review.tag')?.value).toEqual({ type: 'text', value: '7' });
    expect(rows.find((r) => r.labelKey === 'send.total')?.value).toMatchObject({ value: 1_000_012n });
  });

  it('finalizes a correct signature and refuses one made by another key', async () => {
    const chain = createXrpChain(backendWith());
    const built = await chain.build(ACCOUNT, { recipient: NEW, amount: 2_000_000n });
    const signed = chain.finalize(built, await chain.sign(softSigner(), built));
    expect(signed.hash).toMatch(/^[0-9A-F]{64}$/);
    const other = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
    await expect(
      chain.sign(softSigner(other), built).then((s) => chain.finalize(built, s)),
    ).rejects.toMatchObject({ code: 'xrpBadSignature' });
  });

  it('validates classic addresses only', () => {
    const chain = createXrpChain(backendWith());
    expect(chain.validateAddress('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3')).toBe('ok');
    expect(chain.validateAddress('rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v4')).toBe('invalid');
    expect(chain.validateAddress('XV5sbjUmgPpvXv4ixFWZ5ptAYZ6PD28Sq49uo34VyjnmK5H')).toBe('invalid');
    expect(chain.validateAddress('')).toBe('empty');
  });
});

describe('XRP discovery', () => {
  it('probes one address per index while used, keeps device accounts, and names them', async () => {
    const addr = (i: number) => (i === 0 ? ME : i === 3 ? EXCHANGE : `unused-${i}`);
    const probed: number[] = [];
    const device = {
      getAddress: async (path: string) => {
        const i = Number(/^m\/44'\/144'\/(\d+)'\/0\/0$/.exec(path)?.[1]);
        probed.push(i);
        return addr(i);
      },
      getAccounts: async () => [{ name: 'Savings', path: "m/44'/144'/3'/0/0" }],
    };
    const found = await createXrpChain(backendWith()).discoverAccounts(device);
    expect(found.map((a) => [a.descriptor.index, a.name, a.onDevice, a.summary.activated])).toEqual([
      [0, 'XRP 1', false, true],
      [3, 'Savings', true, true],
    ]);
    expect(probed).toEqual([0, 1, 2, 3, 4]);
  });
});
