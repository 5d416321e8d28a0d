/**
 * The LiteSVM node as a Solana JSON-RPC node: genesis (funded accounts, the two mints parsed as the RPC's jsonParsed
 * gives them, the Token-2022 transfer fee), blockhashes expiring after 150 blocks, rent from the SVM, errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC } from '../keys.js';
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

  it('rent comes from the SVM; unknown methods and bad params are JSON-RPC errors', async () => {
    expect((await call('getMinimumBalanceForRentExemption', [165])).result).toBe(2_039_280);
    expect((await call('getSlotLeaders')).error?.code).toBe(-32601);
    expect((await call('getBalance', ['not-an-address'])).error?.code).toBe(-32602);
  });
});
