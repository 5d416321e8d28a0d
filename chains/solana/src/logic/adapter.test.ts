/**
 * The adapter over a fake backend that records what it is asked, and the device path through the emulator (under
 * the SecuX SDK): every transaction built here is signed by the emulator, and finalize checks it is exactly what was
 * built and that the signature verifies.
 */
import { connectEmulator, type SecuxDevice } from '@secux-companion/device';
import { SecuxEmulator } from '@secux-companion/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSolanaChain,
  type SolanaAccountInfo,
  type SolanaAddressInfo,
  type SolanaBackend,
  type SolanaMintInfo,
} from './adapter';
import { ASSOCIATED_TOKEN_PROGRAM, MEMO_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './constants';
import { associatedTokenAddress } from './tx';

const RECIPIENT = '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINT22 = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';
const BLOCKHASH = '9sHcv6xwn9YkB8nxTUGKDwPwNnmqVp5oAXxU8Fdkm4J6';
const NEW_BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';

let device: SecuxDevice;
let ME: string;
beforeAll(async () => {
  device = await connectEmulator(new SecuxEmulator({ autoApprove: true }));
  await device.getVersion();
  ME = await device.getAddress("m/44'/501'/0'");
}, 60_000);
afterAll(() => device?.disconnect());

function fake(over: Partial<SolanaBackend> = {}, state: { expired?: boolean } = {}) {
  const asked = {
    rent: [] as number[],
    priority: [] as string[][],
    simulated: 0,
    blockhashes: 0,
    broadcast: [] as string[],
  };
  const account: SolanaAccountInfo = {
    balance: 2_000_000_000n,
    txCount: 3,
    tokens: [
      {
        tokenAccount: '7UX2i7SucgLMQcfZ75s3VXmZZY4YRUyJN9X1RgfMoDUi',
        mint: MINT,
        program: 'spl-token',
        amount: 5_000_000n,
        decimals: 6,
        frozen: false,
        nonTransferable: false,
        symbol: 'USDC',
        name: 'USD Coin',
        unverified: false,
      },
      {
        tokenAccount: 'BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA',
        mint: MINT22,
        program: 'spl-token-2022',
        amount: 1_000_000n,
        decimals: 2,
        frozen: false,
        nonTransferable: false,
        symbol: 'FEE',
        name: null,
        unverified: true,
      },
    ],
  };
  const mints: Record<string, SolanaMintInfo> = {
    [MINT]: {
      mint: MINT,
      program: 'spl-token',
      decimals: 6,
      extensions: [],
      transferFee: null,
      nonTransferable: false,
      symbol: 'USDC',
      name: 'USD Coin',
      unverified: false,
    },
    [MINT22]: {
      mint: MINT22,
      program: 'spl-token-2022',
      decimals: 2,
      extensions: ['transferFeeConfig'],
      transferFee: { basisPoints: 100, maximumFee: 500n },
      nonTransferable: false,
      symbol: 'FEE',
      name: null,
      unverified: true,
    },
  };
  const missing: SolanaAddressInfo = {
    exists: false,
    owner: null,
    lamports: 0n,
    space: 0,
    mint: null,
    memoRequired: false,
  };
  const backend: SolanaBackend = {
    account: async () => account,
    addressInfo: async () => missing,
    mint: async (m) => mints[m] ?? null,
    rent: async (size) => {
      asked.rent.push(size);
      return BigInt((size + 128) * 6960);
    },
    priorityFees: async (accounts) => {
      asked.priority.push([...accounts]);
      return [0, 2000, 4000, 0];
    },
    fees: async () => ({ high: 10, medium: 5, low: 1 }),
    simulate: async () => {
      asked.simulated++;
      return { unitsConsumed: 1000, err: null };
    },
    blockhash: async () => {
      asked.blockhashes++;
      return {
        blockhash: asked.blockhashes > 1 ? NEW_BLOCKHASH : BLOCKHASH,
        lastValidBlockHeight: 300,
        blockHeight: 150,
      };
    },
    blockhashValid: async () => ({ valid: !state.expired, blockHeight: 160 }),
    history: async () => ({ operations: [], cursor: null }),
    broadcast: async (b) => {
      asked.broadcast.push(b);
      return 'sig';
    },
    ...over,
  };
  return { backend, asked, account };
}

const acct = () => ({
  chain: 'SOL' as const,
  index: 0,
  bip: 44 as const,
  path: "m/44'/501'/0'",
  address: ME,
});

describe('Solana adapter', () => {
  it('a Solana send may cost no fee: the Details step does not require one above 0', () => {
    expect(createSolanaChain(fake().backend).capabilities.feeMayBeZero).toBe(true);
  });

  it('a SOL send pays the base fee plus a priority fee from the writable accounts and the simulated units', async () => {
    const { backend, asked } = fake();
    const a = createSolanaChain(backend);
    const built = await a.build(acct(), { recipient: RECIPIENT, amount: 1_000_000n });
    // median of the non-zero samples (3000), limit ceil(1000 × 1.2) + 1000 = 2200 → 5000 + ceil(2200 × 3000 / 1e6) = 5007
    expect(built.unsigned.microLamports).toBe(3000);
    expect(built.unsigned.unitLimit).toBe(2200);
    expect(built.review.fee).toBe(5007n);
    expect(built.review.total).toBe(1_005_007n);
    expect(asked.priority[0]).toEqual([ME, RECIPIENT]);
    expect(asked.simulated).toBe(1);
  });

  it('send-all leaves exactly the fee', async () => {
    const { backend } = fake();
    const built = await createSolanaChain(backend).build(acct(), {
      recipient: RECIPIENT,
      amount: 0n,
      sendAll: true,
    });
    expect(built.review.amount + built.review.fee).toBe(2_000_000_000n);
  });

  it('refuses to leave SOL below the rent-exempt minimum, and a new recipient below it', async () => {
    const { backend } = fake();
    const a = createSolanaChain(backend);
    await expect(a.build(acct(), { recipient: RECIPIENT, amount: 1_999_900_000n })).rejects.toMatchObject({
      code: 'rentExemptRemainder',
    });
    await expect(a.build(acct(), { recipient: RECIPIENT, amount: 1000n })).rejects.toMatchObject({
      code: 'recipientBelowRent',
    });
  });

  it('an SPL send to a recipient without a token account creates it, its rent read for 165 bytes', async () => {
    const { backend, asked } = fake();
    const a = createSolanaChain(backend);
    const built = await a.build(acct(), { recipient: RECIPIENT, amount: 1_000n, token: MINT });
    expect(asked.rent).toContain(165);
    expect(built.unsigned.rent).toBe(BigInt((165 + 128) * 6960));
    expect(built.signRequest.instructions.map((i) => i.programId).slice(2)).toEqual([
      ASSOCIATED_TOKEN_PROGRAM,
      TOKEN_PROGRAM,
    ]);
    expect(built.review.total).toBe(built.review.fee + built.unsigned.rent);
    const rows = a.reviewRows(built);
    expect(rows.find((r) => r.testId === 'review-rent')?.value).toMatchObject({
      value: built.unsigned.rent,
      symbol: 'SOL',
    });
  });

  it('a Token-2022 send shows its transfer fee, uses the Token-2022 program and sizes the new account with its extensions', async () => {
    const { backend, asked } = fake();
    const a = createSolanaChain(backend);
    const built = await a.build(acct(), { recipient: RECIPIENT, amount: 10_000n, token: MINT22 });
    expect(built.unsigned.transferFee).toBe(100n);
    expect(asked.rent).toContain(182);
    expect(built.signRequest.instructions.at(-1)!.programId).toBe(TOKEN_2022_PROGRAM);
    const ata = await associatedTokenAddress(RECIPIENT, MINT22, TOKEN_2022_PROGRAM);
    expect(built.signRequest.instructions.at(-1)!.keys[2]!.pubkey).toBe(ata);
    const rows = a.reviewRows(built);
    expect(rows.find((r) => r.testId === 'review-transfer-fee')?.value).toMatchObject({
      value: 100n,
      symbol: 'FEE',
    });
    expect(rows.find((r) => r.testId === 'review-recipient-gets')?.value).toMatchObject({ value: 9_900n });
  });

  it("a memo-required recipient needs the user's memo, placed right before the transfer; a non-transferable token offers no send; an unknown token is not found", async () => {
    const { backend } = fake({
      addressInfo: async () => ({
        exists: true,
        owner: TOKEN_2022_PROGRAM,
        lamports: 2_000_000n,
        space: 182,
        mint: MINT22,
        memoRequired: true,
      }),
    });
    const a = createSolanaChain(backend);
    expect(await a.memoRequired(RECIPIENT, MINT22)).toBe(true);
    expect(await a.memoRequired(RECIPIENT)).toBe(false);
    await expect(a.build(acct(), { recipient: RECIPIENT, amount: 1n, token: MINT22 })).rejects.toMatchObject({
      code: 'memoRequired',
    });
    await expect(
      a.build(acct(), {
        recipient: RECIPIENT,
        amount: 1n,
        token: MINT22,
        memo: { type: 'text', value: '  ' },
      }),
    ).rejects.toMatchObject({ code: 'memoRequired' });
    const built = await a.build(acct(), {
      recipient: RECIPIENT,
      amount: 1n,
      token: MINT22,
      memo: { type: 'text', value: 'invoice 42 ✓' },
    });
    const ixs = built.signRequest.instructions;
    // Token-2022 MemoTransfer checks the instruction immediately before TransferChecked.
    expect(ixs.at(-2)!.programId).toBe(MEMO_PROGRAM);
    expect(Buffer.from(ixs.at(-2)!.data, 'base64').toString('utf8')).toBe('invoice 42 ✓');
    expect(ixs.at(-1)!.programId).toBe(TOKEN_2022_PROGRAM);
    expect(JSON.stringify(ixs)).not.toContain(Buffer.from('SecuX').toString('base64'));
    expect(a.reviewRows(built).find((r) => r.testId === 'review-memo')?.value).toEqual({
      type: 'text',
      value: 'invoice 42 ✓',
    });
    expect(built.unsigned.rent).toBe(0n);

    const nt = fake({
      mint: async (m) => ({
        mint: m,
        program: 'spl-token-2022',
        decimals: 0,
        extensions: ['nonTransferable'],
        transferFee: null,
        nonTransferable: true,
        symbol: null,
        name: null,
        unverified: false,
      }),
    });
    await expect(
      createSolanaChain(nt.backend).build(acct(), { recipient: RECIPIENT, amount: 1n, token: MINT22 }),
    ).rejects.toMatchObject({ code: 'nonTransferable' });
    await expect(
      createSolanaChain(fake().backend).build(acct(), { recipient: RECIPIENT, amount: 1n, token: RECIPIENT }),
    ).rejects.toThrow('Token not found');
  });

  it("'Select Account not found' without the account's address; not enough SOL for fee and rent is err-39", async () => {
    const { backend, account } = fake();
    const a = createSolanaChain(backend);
    await expect(
      a.build({ ...acct(), address: undefined as unknown as string }, { recipient: RECIPIENT, amount: 1n }),
    ).rejects.toThrow('Select Account not found');
    account.balance = 10_000n;
    await expect(a.build(acct(), { recipient: RECIPIENT, amount: 1n, token: MINT })).rejects.toMatchObject({
      code: 'err-39',
    });
  });

  it('a SOL send carries an optional memo; no memo, no memo instruction; a memo over 256 bytes is refused', async () => {
    const a = createSolanaChain(fake().backend);
    const plain = await a.build(acct(), { recipient: RECIPIENT, amount: 1_000_000n });
    expect(plain.signRequest.instructions.map((i) => i.programId)).not.toContain(MEMO_PROGRAM);
    expect(a.reviewRows(plain).some((r) => r.testId === 'review-memo')).toBe(false);
    const memo = 'é'.repeat(128); // 256 bytes: the limit
    const built = await a.build(acct(), {
      recipient: RECIPIENT,
      amount: 1_000_000n,
      memo: { type: 'text', value: memo },
    });
    const ixs = built.signRequest.instructions;
    expect(ixs.at(-2)!.programId).toBe(MEMO_PROGRAM);
    expect(Buffer.from(ixs.at(-2)!.data, 'base64').toString('utf8')).toBe(memo);
    expect(built.review.memo).toEqual({ type: 'text', value: memo });
    await expect(
      a.build(acct(), {
        recipient: RECIPIENT,
        amount: 1_000_000n,
        memo: { type: 'text', value: `${memo}x` },
      }),
    ).rejects.toMatchObject({ code: 'memoTooLong' });
    // The emulator signs the memo transaction and finalize checks it is exactly what was built.
    const sig = await a.sign(device, built);
    expect((await a.finalize(built, sig)).hash).toBe(sig.hash);
  });

  it("'Invalid account path' for an account path longer than four segments", async () => {
    const a = createSolanaChain(fake().backend);
    const long = { ...acct(), path: "m/44'/501'/0'/0/0" };
    await expect(a.build(long, { recipient: RECIPIENT, amount: 1n })).rejects.toThrow('Invalid account path');
    await expect(a.getReceiveAddress(long)).rejects.toMatchObject({ code: 'invalidAccountPath' });
    expect((await a.getReceiveAddress(acct())).path).toBe("m/44'/501'/0'");
  });

  it('the device signs with a blockhash fetched right before signing; finalize gives the base64 wire transaction', async () => {
    const { backend, asked } = fake();
    const a = createSolanaChain(backend);
    const built = await a.build(acct(), { recipient: RECIPIENT, amount: 10_000n, token: MINT22 });
    const sig = await a.sign(device, built);
    expect(sig.blockhash.blockhash).toBe(NEW_BLOCKHASH);
    expect(asked.blockhashes).toBe(2);
    const signed = a.finalize(built, sig);
    expect(signed.encoding).toBe('base64');
    expect(signed.hash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await a.broadcast(signed)).toBe('sig');
    expect(asked.broadcast).toEqual([signed.raw]);
  });

  it('a transaction whose blockhash expired is never broadcast', async () => {
    const state = { expired: false };
    const { backend, asked } = fake({}, state);
    const a = createSolanaChain(backend);
    const built = await a.build(acct(), { recipient: RECIPIENT, amount: 1_000_000n });
    const signed = a.finalize(built, await a.sign(device, built));
    state.expired = true;
    await expect(a.broadcast(signed)).rejects.toMatchObject({ code: 'blockhashExpired' });
    expect(asked.broadcast).toEqual([]);
  });

  it('a device answer for another transaction is refused', async () => {
    const { backend } = fake();
    const a = createSolanaChain(backend);
    const built = await a.build(acct(), { recipient: RECIPIENT, amount: 1_000_000n });
    const other = await a.build(acct(), { recipient: RECIPIENT, amount: 2_000_000n });
    const lying = {
      signSol: (fp: string, tx: Record<string, unknown>) =>
        device.signSol(fp, { ...tx, instructions: other.signRequest.instructions }),
    };
    await expect(a.sign(lying, built)).rejects.toMatchObject({ code: 'badSignature' });
  });

  it('discovery reads each account once: the first state read after it reuses that answer, a fresh one asks again', async () => {
    let reads = 0;
    const { backend } = fake();
    const base = backend.account;
    backend.account = async (a, s) => {
      reads++;
      return a === ME ? base(a, s) : { balance: 0n, txCount: 0, tokens: [] };
    };
    const a = createSolanaChain(backend);
    const table = { getAccounts: async () => [], getAddress: (p: string) => device.getAddress(p) };
    const found = await a.discoverAccounts(table as never);
    expect(found.map((f) => f.descriptor.address)).toEqual([ME]);
    const afterDiscovery = reads;
    const tokens = (await a.getAccountState(acct())).tokens!;
    expect(tokens).toHaveLength(2);
    // A name from the token's own metadata is marked unverified; a listed one is not.
    expect(tokens.map((t) => [t.symbol, t.unverified])).toEqual([
      ['USDC', undefined],
      ['FEE', true],
    ]);
    expect(reads).toBe(afterDiscovery);
    await a.getAccountState(acct());
    expect(reads).toBe(afterDiscovery + 1);
    await a.getAccountState(acct(), { fresh: true });
    expect(reads).toBe(afterDiscovery + 2);
  });
});
