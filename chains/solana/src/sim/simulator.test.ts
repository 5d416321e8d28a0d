/**
 * The LiteSVM node as a Solana JSON-RPC node: genesis (funded accounts, the two mints parsed as the RPC's jsonParsed
 * gives them, the Token-2022 transfer fee), blockhashes expiring after 150 blocks, rent from the SVM, errors.
 */
import {
  address,
  appendTransactionMessageInstruction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '@secux-companion/sim-kit';
import { solanaSigner } from './keys.js';
import { METAPLEX_PROGRAM, metaplexAddress } from './metaplexLayout.js';
import { startSolana } from './start.js';

let node: Awaited<ReturnType<typeof startSolana>>;
const call = async (method: string, params: unknown[] = []) => {
  const r = await fetch(node.info.rpcUrls[1]!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON-RPC answers, checked field by field below
  return (await r.json()) as { result?: any; error?: { code: number; message: string } };
};

beforeAll(async () => {
  node = await startSolana({ mnemonic: DEFAULT_MNEMONIC, host: '127.0.0.1', ports: [0, 0], slotMs: 0 });
}, 60_000);
afterAll(() => node?.stop());

describe('localnet Solana node', () => {
  it("funds the emulator's first accounts (m/44'/501'/n'; account 0 is the vector of reference/vectors.md)", async () => {
    expect(node.info.accounts[0]!.address).toBe('GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL');
    expect((await call('getBalance', [node.info.accounts[0]!.address])).result.value).toBe(20_000_000_000);
  });

  it('getMultipleAccounts: mints parsed, the Metaplex metadata account as base64, null for none; at most 100 keys', async () => {
    const mpx = node.info.tokens.find((t) => t.listed === false)!;
    const pda = await metaplexAddress(mpx.mint);
    const nobody = '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8';
    const r = (await call('getMultipleAccounts', [[mpx.mint, pda, nobody], { encoding: 'jsonParsed' }]))
      .result;
    expect(r.value).toHaveLength(3);
    expect(r.value[0].data.parsed).toMatchObject({
      type: 'mint',
      info: { supply: '5000000000', decimals: 9 },
    });
    expect(r.value[1]).toMatchObject({ owner: METAPLEX_PROGRAM, space: 679 });
    const data = Buffer.from(r.value[1].data[0], 'base64');
    expect(r.value[1].data[1]).toBe('base64');
    expect(data[0]).toBe(4); // MetadataV1
    expect(data.subarray(69, 69 + 20).toString()).toBe('Local Metaplex Token');
    expect(r.value[2]).toBeNull();
    // agave's MAX_MULTIPLE_ACCOUNTS and its -32602 text
    const tooMany = await call('getMultipleAccounts', [Array.from({ length: 101 }, () => nobody)]);
    expect(tooMany.error).toEqual({ code: -32602, message: 'Too many inputs provided; max 100' });
    expect((await call('getMultipleAccounts', [['not a key']])).error?.code).toBe(-32602);
  });

  it('serves the Token-2022 mint jsonParsed with its TransferFeeConfig, and the holder’s token accounts', async () => {
    const t22 = node.info.tokens[1]!;
    const mint = (await call('getAccountInfo', [t22.mint, { encoding: 'jsonParsed' }])).result.value;
    expect(mint.space).toBe(278);
    expect(mint.data.program).toBe('spl-token-2022');
    expect(mint.data.parsed.info.decimals).toBe(6);
    expect(mint.data.parsed.info.extensions[0]).toMatchObject({
      extension: 'transferFeeConfig',
      state: { newerTransferFee: { transferFeeBasisPoints: 100, maximumFee: 1_000_000 } },
    });
    const owned = (
      await call('getTokenAccountsByOwner', [
        node.info.accounts[0]!.address,
        { programId: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' },
        { encoding: 'jsonParsed' },
      ])
    ).result.value;
    expect(owned).toHaveLength(1);
    expect(owned[0].account.data.parsed.info).toMatchObject({
      mint: t22.mint,
      tokenAmount: { amount: '1000000000000' },
    });
    expect(
      owned[0].account.data.parsed.info.extensions.map((e: { extension: string }) => e.extension),
    ).toEqual(['immutableOwner', 'transferFeeAmount']);
  });

  it('a blockhash is valid for 150 blocks, then gone', async () => {
    const { blockhash, lastValidBlockHeight } = (await call('getLatestBlockhash')).result.value;
    const height = (await call('getBlockHeight')).result;
    expect(lastValidBlockHeight - height).toBe(150);
    node.simulator.advance(150);
    expect((await call('isBlockhashValid', [blockhash])).result.value).toBe(true);
    node.simulator.advance(1);
    expect((await call('isBlockhashValid', [blockhash])).result.value).toBe(false);
  });

  it('refuses at preflight what the simulation refuses, and charges nothing for it (skipPreflight: lands failed)', async () => {
    const from = await solanaSigner(DEFAULT_MNEMONIC, 1);
    const fresh = (await solanaSigner(DEFAULT_MNEMONIC, 50)).address; // never funded
    const transfer = async (signer: KeyPairSigner, to: string, lamports: bigint, skipPreflight = false) => {
      const { blockhash } = (await call('getLatestBlockhash')).result.value as { blockhash: string };
      const message = pipe(
        createTransactionMessage({ version: 'legacy' }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
            m,
          ),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({ source: signer, destination: address(to), amount: lamports }),
            m,
          ),
      );
      const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
      return call('sendTransaction', [
        wire,
        { encoding: 'base64', preflightCommitment: 'confirmed', skipPreflight },
      ]);
    };
    const balance = async (a: string) => BigInt((await call('getBalance', [a])).result.value as number);
    const other = node.info.accounts[0]!.address;
    const before = await balance(from.address);
    const rent = BigInt((await call('getMinimumBalanceForRentExemption', [0])).result as number);
    const refusals = [
      // more than the account holds
      [
        await transfer(from, other, before + 1n),
        { InstructionError: [0, { Custom: 1 }] },
        'custom program error: 0x1',
      ],
      // the whole balance: nothing left for the fee
      [
        await transfer(from, other, before),
        { InstructionError: [0, { Custom: 1 }] },
        'custom program error: 0x1',
      ],
      // a new account below the rent-exempt minimum
      [await transfer(from, fresh, rent - 1n), { InsufficientFundsForRent: { account_index: 1 } }, '(1)'],
      // the sender left above zero but below the rent-exempt minimum
      [
        await transfer(from, other, before - 5000n - 1n),
        { InsufficientFundsForRent: { account_index: 0 } },
        '(0)',
      ],
    ] as const;
    for (const [answer, err, text] of refusals) {
      expect(answer.result).toBeUndefined();
      expect(answer.error).toMatchObject({
        code: -32002,
        message: expect.stringMatching(/^Transaction simulation failed: /),
        data: { err },
      });
      expect(answer.error!.message).toContain(text);
    }
    expect(await balance(from.address)).toBe(before);
    expect((await call('getBalance', [fresh])).result.value).toBe(0);
    expect((await call('getSignaturesForAddress', [from.address])).result).toEqual([]);
    // the same key still sends what the chain takes, the fee charged once
    expect((await transfer(from, other, 1_000_000n)).result).toEqual(expect.any(String));
    expect(await balance(from.address)).toBe(before - 1_000_000n - 5000n);
    // with skipPreflight the validator decides: an overspend lands failed and pays its fee
    const paid = await balance(from.address);
    const landed = await transfer(from, other, paid + 1n, true);
    expect(landed.result).toEqual(expect.any(String));
    expect(await balance(from.address)).toBe(paid - 5000n);
    expect((await call('getSignatureStatuses', [[landed.result]])).result.value[0]).toMatchObject({
      err: { InstructionError: [0, { Custom: 1 }] },
    });
  });

  it('simulateTransaction returns the asked accounts after the simulation (fee taken), nothing changed; getFeeForMessage prices it', async () => {
    const from = await solanaSigner(DEFAULT_MNEMONIC, 1);
    const to = (await solanaSigner(DEFAULT_MNEMONIC, 51)).address; // never funded
    const { blockhash } = (await call('getLatestBlockhash')).result.value as { blockhash: string };
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(from, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: blockhash as Blockhash, lastValidBlockHeight: 0n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({ source: from, destination: address(to), amount: 3_000_000n }),
          m,
        ),
    );
    const signed = await signTransactionMessageWithSigners(message);
    const wire = getBase64EncodedWireTransaction(signed);
    const before = (await call('getBalance', [from.address])).result.value as number;
    const sim = (
      await call('simulateTransaction', [
        wire,
        {
          encoding: 'base64',
          replaceRecentBlockhash: true,
          accounts: { addresses: [from.address, to], encoding: 'jsonParsed' },
        },
      ])
    ).result.value;
    expect(sim.err).toBeNull();
    expect(sim.replacementBlockhash.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    const fee = (await call('getFeeForMessage', [Buffer.from(signed.messageBytes).toString('base64')])).result
      .value as number;
    expect(fee).toBe(5000);
    expect(sim.accounts[0].lamports).toBe(before - 3_000_000 - fee);
    expect(sim.accounts[1]).toMatchObject({ lamports: 3_000_000, owner: '11111111111111111111111111111111' });
    // nothing landed
    expect((await call('getBalance', [from.address])).result.value).toBe(before);
    expect((await call('getBalance', [to])).result.value).toBe(0);
    // agave's refusals: more addresses than keys, base58, sigVerify with replaceRecentBlockhash
    const bad = (cfg: Record<string, unknown>) =>
      call('simulateTransaction', [wire, { encoding: 'base64', ...cfg }]).then((r) => r.error);
    expect(await bad({ accounts: { addresses: [from.address, to, to, to], encoding: 'base64' } })).toEqual({
      code: -32602,
      message: 'Too many accounts provided; max 3',
    });
    expect(await bad({ accounts: { addresses: [to], encoding: 'base58' } })).toEqual({
      code: -32602,
      message: 'base58 encoding not supported',
    });
    expect((await bad({ sigVerify: true, replaceRecentBlockhash: true }))?.code).toBe(-32602);
    // without replaceRecentBlockhash an unknown blockhash is refused, as agave does
    const stale = await signTransactionMessageWithSigners(
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: from.address as unknown as Blockhash, lastValidBlockHeight: 0n },
        message,
      ),
    );
    const sim2 = async (cfg: Record<string, unknown>) =>
      (
        await call('simulateTransaction', [
          getBase64EncodedWireTransaction(stale),
          { encoding: 'base64', accounts: { addresses: [to], encoding: 'jsonParsed' }, ...cfg },
        ])
      ).result.value;
    expect(await sim2({})).toMatchObject({ err: 'BlockhashNotFound', accounts: [null] });
    expect((await sim2({ replaceRecentBlockhash: true })).err).toBeNull();
  });

  it('rent comes from the SVM; unknown methods and bad params are JSON-RPC errors', async () => {
    expect((await call('getMinimumBalanceForRentExemption', [165])).result).toBe(2_039_280);
    expect((await call('getSlotLeaders')).error?.code).toBe(-32601);
    expect((await call('getBalance', ['not-an-address'])).error?.code).toBe(-32602);
  });
});
