import { describe, expect, it } from 'vitest';
import { operationFromTransaction } from './history';

const ME = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
const THEM = '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SYS = '11111111111111111111111111111111';

const solTx = (payer: string, other: string, pre: number[], post: number[], err: unknown = null) => ({
  slot: 120,
  blockTime: 1_700_000_000,
  meta: { fee: 5000, err, preBalances: pre, postBalances: post, preTokenBalances: [], postTokenBalances: [] },
  transaction: {
    signatures: ['sig'],
    message: {
      accountKeys: [
        { pubkey: payer, signer: true, writable: true },
        { pubkey: other, signer: false, writable: true },
        { pubkey: SYS, signer: false, writable: false },
      ],
    },
  },
});

describe('operationFromTransaction', () => {
  it('an outgoing SOL transfer: value without the fee, the recipient as counterparty', () => {
    const op = operationFromTransaction(
      'sig',
      solTx(ME, THEM, [10_000_000, 0, 1], [8_995_000, 1_000_000, 1]),
      ME,
    )!;
    expect(op).toMatchObject({
      direction: 'out',
      value: 1_000_000n,
      fee: 5000n,
      blockHeight: 120,
      isOwnTransaction: true,
    });
    expect(op.time).toBe(1_700_000_000_000);
    expect(op.recipients).toEqual([{ address: THEM, value: 1_000_000n, isOwn: false }]);
  });
  it('an incoming SOL transfer seen by the recipient', () => {
    const op = operationFromTransaction(
      'sig',
      solTx(THEM, ME, [10_000_000, 0, 1], [8_995_000, 1_000_000, 1]),
      ME,
    )!;
    expect(op).toMatchObject({ direction: 'in', value: 1_000_000n, isOwnTransaction: false });
    expect(op.senders[0]!.address).toBe(THEM);
  });
  it('a failed transaction is flagged', () => {
    const op = operationFromTransaction(
      'sig',
      solTx(ME, THEM, [10_000, 0, 1], [5_000, 0, 1], { InstructionError: [0, 'x'] }),
      ME,
    )!;
    expect(op.failed).toBe(true);
    expect(op.value).toBe(0n);
  });
  it('a token transfer comes from the owner’s token balance change (with its mint and decimals)', () => {
    const tx = solTx(ME, THEM, [10_000_000, 0, 1], [9_995_000, 0, 1]);
    tx.meta.preTokenBalances = [
      { accountIndex: 1, mint: MINT, owner: ME, uiTokenAmount: { amount: '500', decimals: 6 } },
      { accountIndex: 2, mint: MINT, owner: THEM, uiTokenAmount: { amount: '0', decimals: 6 } },
    ] as never;
    tx.meta.postTokenBalances = [
      { accountIndex: 1, mint: MINT, owner: ME, uiTokenAmount: { amount: '300', decimals: 6 } },
      { accountIndex: 2, mint: MINT, owner: THEM, uiTokenAmount: { amount: '198', decimals: 6 } },
    ] as never;
    const op = operationFromTransaction('sig', tx, ME, { [MINT]: 'USDC' })!;
    expect(op).toMatchObject({
      direction: 'out',
      value: 200n,
      token: { contract: MINT, symbol: 'USDC', decimals: 6 },
    });
    expect(op.recipients).toEqual([{ address: THEM, value: 198n, isOwn: false }]);
  });
  it('null for an answer that is not a transaction', () => {
    expect(operationFromTransaction('sig', null, ME)).toBeNull();
    expect(operationFromTransaction('sig', { meta: {} }, ME)).toBeNull();
  });
});
