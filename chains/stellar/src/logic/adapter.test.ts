import { CoreError } from '@secux-companion/core';
import {
  Keypair,
  MuxedAccount,
  Account,
  Networks,
  TransactionBuilder,
  type Transaction,
} from '@stellar/stellar-sdk';
import { describe, expect, it } from 'vitest';
import {
  createStellarChain,
  signatureBytes,
  type StellarAccountInfo,
  type StellarBackend,
  type StellarSigner,
} from './adapter';
import { StellarError } from './errors';
import { parseStellarMemo } from './memo';
import { stellarAccountPath } from './paths';

const me = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 1));
const other = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 2));
const exchange = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 3));
const fresh = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 4));
const ME = me.publicKey();
const ACCOUNT = { chain: 'XLM' as const, index: 0, bip: 44 as const, path: "m/44'/148'/0'", address: ME };
const PASS = Networks.STANDALONE;

const inactive: StellarAccountInfo = {
  activated: false,
  balance: 0n,
  sequence: null,
  subentries: 0,
  sponsoring: 0,
  sponsored: 0,
  sellingLiabilities: 0n,
  memoRequired: false,
  assets: [],
};
const active = (balance: bigint, extra: Partial<StellarAccountInfo> = {}): StellarAccountInfo => ({
  ...inactive,
  activated: true,
  balance,
  sequence: 100n,
  ...extra,
});

function backendWith(
  mine: Partial<StellarAccountInfo> = {},
  net: { baseReserve?: bigint; baseFee?: bigint } = {},
): StellarBackend & { sent: string[] } {
  const accounts: Record<string, StellarAccountInfo> = {
    [ME]: active(100_000_000n, { subentries: 1, ...mine }), // 10 XLM, one trustline
    [other.publicKey()]: active(50_000_000n),
    [exchange.publicKey()]: active(500_000_000n, { memoRequired: true }),
  };
  const sent: string[] = [];
  return {
    sent,
    account: async (a) => accounts[a] ?? inactive,
    network: async () => ({
      networkPassphrase: PASS,
      ledger: 77,
      baseFee: net.baseFee ?? 100n,
      baseReserve: net.baseReserve ?? 5_000_000n,
    }),
    history: async () => ({ operations: [], cursor: null }),
    broadcast: async (env) => {
      sent.push(env);
      return 'ab'.repeat(32);
    },
  };
}

/** What the device does: signs sha256(signature base) of the transaction its SDK rebuilds — here ours. */
const softSigner = (key = me, built?: () => string): StellarSigner => ({
  signXlm: async () => {
    const tx = TransactionBuilder.fromXDR(built!(), PASS) as Transaction;
    return { rawTx: '', signature: Buffer.from(key.sign(tx.hash())).toString('hex') };
  },
});

describe('Stellar adapter: minimum balance', () => {
  it('is (2 + subentries) × the base reserve READ FROM THE NETWORK, available = balance − minimum', async () => {
    const state = await createStellarChain(backendWith()).getAccountState(ACCOUNT);
    expect(state.reserve).toBe(15_000_000n); // (2 + 1) × 0.5 XLM
    expect(state.available).toBe(85_000_000n);
    const voted = await createStellarChain(backendWith({}, { baseReserve: 10_000_000n })).getAccountState(
      ACCOUNT,
    );
    expect(voted.reserve).toBe(30_000_000n);
    expect(voted.available).toBe(70_000_000n);
  });

  it('counts sponsorships and selling liabilities', async () => {
    const s = await createStellarChain(
      backendWith({ subentries: 2, sponsoring: 1, sponsored: 2, sellingLiabilities: 4_000_000n }),
    ).getAccountState(ACCOUNT);
    expect(s.reserve).toBe(15_000_000n); // (2 + 2 + 1 − 2) × 0.5
    expect(s.available).toBe(100_000_000n - 15_000_000n - 4_000_000n);
  });

  it('shows a 404 account as inactive with balance 0 and no reserve', async () => {
    const chain = createStellarChain(backendWith());
    const s = await chain.getAccountState({ ...ACCOUNT, address: fresh.publicKey() });
    expect(s).toMatchObject({ balance: 0n, txCount: 0, activated: false, reserve: 0n, available: 0n });
  });

  it('lists trustline balances read-only as tokens', async () => {
    const s = await createStellarChain(
      backendWith({
        assets: [
          { kind: 'credit_alphanum4', code: 'USDC', issuer: other.publicKey(), balance: 12_345_0000n },
        ],
      }),
    ).getAccountState(ACCOUNT);
    expect(s.tokens).toEqual([
      {
        contract: `USDC:${other.publicKey()}`,
        symbol: 'USDC',
        decimals: 7,
        balance: 123_450_000n,
        standard: 'credit_alphanum4',
      },
    ]);
  });
});

describe('Stellar adapter: sending', () => {
  it('builds a payment to an active account with the base fee and the next sequence', async () => {
    const chain = createStellarChain(backendWith());
    const built = await chain.build(ACCOUNT, { recipient: other.publicKey(), amount: 12_500_000n });
    const tx = TransactionBuilder.fromXDR(built.unsigned.xdr, PASS) as Transaction;
    expect(tx.sequence).toBe('101');
    expect(tx.fee).toBe('100');
    expect(tx.operations[0]).toMatchObject({
      type: 'payment',
      destination: other.publicKey(),
      amount: '1.2500000',
    });
    expect(built.signRequest).toEqual({
      path: "m/44'/148'/0'",
      tx: {
        from: ME,
        to: other.publicKey(),
        amount: '1.25',
        sequence: '100',
        fee: '100',
        networkPassphrase: PASS,
        needCreateAccount: false,
      },
    });
    expect(built.review).toMatchObject({ amount: 12_500_000n, fee: 100n, total: 12_500_100n });
  });

  it('creates an inactive recipient with createAccount and doubles the fee, and the review says so', async () => {
    const chain = createStellarChain(backendWith());
    const built = await chain.build(ACCOUNT, { recipient: fresh.publicKey(), amount: 20_000_000n });
    const tx = TransactionBuilder.fromXDR(built.unsigned.xdr, PASS) as Transaction;
    expect(tx.operations[0]).toMatchObject({
      type: 'createAccount',
      destination: fresh.publicKey(),
      startingBalance: '2.0000000',
    });
    expect(tx.fee).toBe('200');
    expect(built.signRequest.tx).toMatchObject({ needCreateAccount: true, fee: '200' });
    const rows = chain.reviewRows(built);
    expect(rows.find((r) => r.labelKey === 'stellar.review.createsAccount')?.value).toEqual({
      type: 'text',
      value: fresh.publicKey(),
    });
    expect(rows.find((r) => r.labelKey === 'send.networkFee')?.value).toMatchObject({ value: 200n });
    const fees = await chain.getFees();
    expect(fees).toMatchObject({
      unit: 'stroops',
      hidden: true,
      accountCreationFee: 100n,
      tiers: { medium: 100 },
    });
  });

  it('refuses a new account below 2 × base reserve (op_low_reserve) before signing', async () => {
    const chain = createStellarChain(backendWith());
    const err = await chain
      .build(ACCOUNT, { recipient: fresh.publicKey(), amount: 9_999_999n })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StellarError);
    expect(err).toMatchObject({ code: 'xlmActivationBelowMinimum', params: { minimum: '1' } });
  });

  it('refuses with err-30 a send that would dip below the minimum balance, and sends all that is spendable', async () => {
    const chain = createStellarChain(backendWith());
    await expect(
      chain.build(ACCOUNT, { recipient: other.publicKey(), amount: 85_000_000n }),
    ).rejects.toMatchObject({
      code: 'err-30',
      params: { minimum: '1.5', coin: 'XLM' },
    });
    const ok = await chain.build(ACCOUNT, { recipient: other.publicKey(), amount: 84_999_900n });
    expect(ok.review.total).toBe(85_000_000n);
    const all = await chain.build(ACCOUNT, { recipient: other.publicKey(), amount: 0n, sendAll: true });
    expect(all.review.amount).toBe(84_999_900n);
    await expect(
      createStellarChain(backendWith({ balance: 15_000_050n })).build(ACCOUNT, {
        recipient: other.publicKey(),
        amount: 0n,
        sendAll: true,
      }),
    ).rejects.toMatchObject({ code: 'err-30' });
  });

  it('carries each memo type into the transaction and the review', async () => {
    const chain = createStellarChain(backendWith());
    const hash = 'ab'.repeat(32);
    const cases = [
      [parseStellarMemo('text', 'invoice 42'), 'text', 'invoice 42'],
      [parseStellarMemo('id', '18446744073709551615'), 'id', '18446744073709551615'],
      [parseStellarMemo('hash', hash.toUpperCase()), 'hash', hash],
      [parseStellarMemo('return', hash), 'return', hash],
    ] as const;
    for (const [memo, type, shown] of cases) {
      const built = await chain.build(ACCOUNT, { recipient: other.publicKey(), amount: 1n, memo });
      const tx = TransactionBuilder.fromXDR(built.unsigned.xdr, PASS) as Transaction;
      expect(tx.memo.type).toBe(type);
      expect(built.signRequest.tx.memo).toEqual({ Type: type, Value: shown });
      expect(chain.reviewRows(built).find((r) => r.labelKey === 'stellar.review.memo')?.value).toEqual({
        type: 'text',
        value: shown,
      });
    }
  });

  it('refuses memos outside their type: text over 28 bytes, id over 2^64−1, hash not 32 bytes', () => {
    expect(() => parseStellarMemo('text', 'x'.repeat(29))).toThrow(StellarError);
    expect(() => parseStellarMemo('text', '€'.repeat(10))).toThrow(/28 bytes/); // 30 bytes in UTF-8
    expect(parseStellarMemo('text', 'x'.repeat(28))).toEqual({ type: 'text', value: 'x'.repeat(28) });
    expect(() => parseStellarMemo('id', '18446744073709551616')).toThrow(StellarError);
    expect(() => parseStellarMemo('id', '-1')).toThrow(StellarError);
    expect(() => parseStellarMemo('hash', 'ab'.repeat(31))).toThrow(StellarError);
    expect(() => parseStellarMemo('return', 'zz'.repeat(32))).toThrow(StellarError);
  });

  it('requires a memo when the recipient declares SEP-29 config.memo_required', async () => {
    const chain = createStellarChain(backendWith());
    await expect(
      chain.build(ACCOUNT, { recipient: exchange.publicKey(), amount: 10_000_000n }),
    ).rejects.toMatchObject({
      code: 'xlmMemoRequired',
    });
    await expect(
      chain.build(ACCOUNT, {
        recipient: exchange.publicKey(),
        amount: 10_000_000n,
        memo: { type: 'id', value: 7n },
      }),
    ).resolves.toBeTruthy();
  });

  it('accepts a muxed M… recipient as its base account + id, and refuses it for account creation', async () => {
    const chain = createStellarChain(backendWith());
    const muxed = new MuxedAccount(new Account(exchange.publicKey(), '0'), '4242').accountId();
    expect(chain.validateAddress(muxed)).toBe('ok');
    const built = await chain.build(ACCOUNT, { recipient: muxed, amount: 10_000_000n });
    expect(built.signRequest.tx).toMatchObject({
      to: exchange.publicKey(),
      memo: { Type: 'id', Value: '4242' },
    });
    const rows = chain.reviewRows(built);
    expect(rows.find((r) => r.labelKey === 'stellar.review.baseAccount')?.value).toEqual({
      type: 'address',
      value: exchange.publicKey(),
    });
    expect(rows.find((r) => r.labelKey === 'stellar.review.muxedId')?.value).toEqual({
      type: 'text',
      value: '4242',
    });
    await expect(
      chain.build(ACCOUNT, { recipient: muxed, amount: 10_000_000n, memo: { type: 'text', value: 'x' } }),
    ).rejects.toMatchObject({ code: 'xlmMuxedMemo' });
    const newMuxed = new MuxedAccount(new Account(fresh.publicKey(), '0'), '1').accountId();
    const err = await chain
      .build(ACCOUNT, { recipient: newMuxed, amount: 20_000_000n })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'xlmMuxedCreate', params: { account: fresh.publicKey() } });
    expect((err as Error).message).toContain(fresh.publicKey());
  });

  it('refuses an invalid recipient and a send from an inactive account', async () => {
    const chain = createStellarChain(backendWith());
    await expect(chain.build(ACCOUNT, { recipient: 'GABC', amount: 1n })).rejects.toBeInstanceOf(CoreError);
    expect(chain.validateAddress(ME.slice(0, -1) + (ME.endsWith('A') ? 'B' : 'A'))).toBe('invalid');
    expect(chain.validateAddress('')).toBe('empty');
    await expect(
      chain.build({ ...ACCOUNT, address: fresh.publicKey() }, { recipient: other.publicKey(), amount: 1n }),
    ).rejects.toMatchObject({ code: 'xlmAccountInactive' });
  });

  it('finalizes a correct signature and refuses one made by another key', async () => {
    const backend = backendWith();
    const chain = createStellarChain(backend);
    const built = await chain.build(ACCOUNT, { recipient: other.publicKey(), amount: 10_000_000n });
    const signed = chain.finalize(
      built,
      await chain.sign(
        softSigner(me, () => built.unsigned.xdr),
        built,
      ),
    );
    expect(signed.encoding).toBe('base64');
    expect(signed.hash).toBe(built.unsigned.hash);
    const env = TransactionBuilder.fromXDR(signed.raw, PASS) as Transaction;
    expect(env.signatures).toHaveLength(1);
    expect(me.verify(env.hash(), signatureBytes(env.signatures[0]))).toBe(true);
    await expect(
      chain
        .sign(
          softSigner(other, () => built.unsigned.xdr),
          built,
        )
        .then((s) => chain.finalize(built, s)),
    ).rejects.toMatchObject({ code: 'xlmBadSignature' });
  });
});

describe('Stellar paths and discovery', () => {
  it("refuses a path longer than four segments with 'Invalid account path'", () => {
    expect(stellarAccountPath("m/44'/148'/3'")).toBe("m/44'/148'/3'");
    expect(() => stellarAccountPath("m/44'/148'/0'/0/0")).toThrow('Invalid account path');
    expect(() => stellarAccountPath("m/44'/148'/0'/0'")).toThrow('Invalid account path');
    expect(() => stellarAccountPath("m/44'/144'/0'")).toThrow('Invalid account path');
  });

  it('keeps adding accounts while the balance is at least 1 XLM or saved accounts remain (XLM sync rule)', async () => {
    const keys = Array.from({ length: 8 }, (_, i) =>
      Keypair.fromRawEd25519Seed(Buffer.alloc(32, 10 + i)).publicKey(),
    );
    const balances: Record<number, bigint> = {
      0: 50_000_000n,
      1: 10_000_000n,
      2: 9_999_999n,
      4: 30_000_000n,
      5: 20_000_000n,
    };
    const backend: StellarBackend = {
      ...backendWith(),
      account: async (a) => {
        const i = keys.indexOf(a);
        const b = balances[i];
        return b === undefined || b === 0n ? inactive : active(b);
      },
    };
    const probed: number[] = [];
    const device = {
      getAddress: async (path: string) => {
        const i = Number(/^m\/44'\/148'\/(\d+)'$/.exec(path)?.[1]);
        probed.push(i);
        return keys[i]!;
      },
      getAccounts: async () => [
        { name: 'Savings', path: "m/44'/148'/4'" },
        { name: 'Bad', path: "m/44'/148'/6'/0/0" },
      ],
    };
    const found = await createStellarChain(backend).discoverAccounts(device);
    expect(found.map((a) => [a.descriptor.index, a.name, a.onDevice])).toEqual([
      [0, 'Stellar 1', false],
      [1, 'Stellar 2', false],
      [4, 'Savings', true],
      [5, 'Stellar 6', false],
    ]);
    // 2 (below 1 XLM) and 3 do not stop the scan while a saved account (4) lies ahead; 6 ends it.
    expect(probed).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(found[0]!.summary).toMatchObject({ balance: 50_000_000n, sequence: 101n, activated: true });
  });

  it('stops at the first account below 1 XLM when nothing is saved', async () => {
    const k0 = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 30)).publicKey();
    const backend: StellarBackend = {
      ...backendWith(),
      account: async (a) => (a === k0 ? active(5_000_000n) : inactive),
    };
    const probed: string[] = [];
    const found = await createStellarChain(backend).discoverAccounts({
      getAddress: async (p) => (probed.push(p), k0),
      getAccounts: async () => [],
    });
    expect(found).toEqual([]);
    expect(probed).toEqual(["m/44'/148'/0'"]);
  });
});

describe('Stellar recipient info', () => {
  it('tells the send form activation, SEP-29, the muxed id, the new-account minimum and the fee', async () => {
    const chain = createStellarChain(backendWith());
    expect(await chain.recipientInfo(fresh.publicKey())).toEqual({
      account: fresh.publicKey(),
      activated: false,
      memoRequired: false,
      newAccountMinimum: 10_000_000n,
      fee: 200n,
    });
    const muxed = new MuxedAccount(new Account(exchange.publicKey(), '0'), '9').accountId();
    expect(await chain.recipientInfo(muxed)).toEqual({
      account: exchange.publicKey(),
      muxedId: '9',
      activated: true,
      memoRequired: true,
      newAccountMinimum: 10_000_000n,
      fee: 100n,
    });
  });
});
