/** The decoder of the chain's before/after states into balance changes, and the answer's checks. */
import { describe, expect, it } from 'vitest';
import { parseSolanaSimulatedChanges } from '../network/productApi';
import { solanaDeltas } from './adapter';

const ME = 'GjJyeC1r2RgkuoCWMyPYkCWSGSGLcz266EaAkLA27AhL';
const YOU = '2tWC4JAdL4AxEFJySziYJfsAnW2MHKRo98vbAPiRDSk8';
const MINE = 'So11111111111111111111111111111111111111112';
const THEIRS = 'SysvarRent111111111111111111111111111111111';
const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SYSTEM = '11111111111111111111111111111111';
const coin = { symbol: 'SOL', decimals: 9 };
const tok = (owner: string, amount: bigint) => ({ mint: MINT, owner, amount, decimals: 6 });

describe('solanaDeltas', () => {
  it("a token send creating the recipient's token account: SOL, token and rent, by party", () => {
    const r = solanaDeltas(
      {
        err: null,
        fee: 5000n,
        accounts: [
          {
            address: ME,
            before: { lamports: 10_000_000n, program: SYSTEM, token: null },
            after: { lamports: 7_955_720n, program: SYSTEM, token: null },
          },
          {
            address: MINE,
            before: { lamports: 2_039_280n, program: TOKEN, token: tok(ME, 9_000_000n) },
            after: { lamports: 2_039_280n, program: TOKEN, token: tok(ME, 4_000_000n) },
          },
          {
            address: THEIRS,
            before: null,
            after: { lamports: 2_039_280n, program: TOKEN, token: tok(YOU, 5_000_000n) },
          },
          { address: YOU, before: null, after: null },
        ],
      },
      { self: ME, recipient: YOU },
      coin,
      () => 'USDC',
    );
    expect(r.locked).toBe(2_039_280n);
    expect(r.deltas).toEqual([
      { who: 'self', asset: 'SOL', symbol: 'SOL', decimals: 9, amount: -2_044_280n },
      { who: 'self', asset: MINT, symbol: 'USDC', decimals: 6, amount: -5_000_000n },
      { who: 'recipient', asset: MINT, symbol: 'USDC', decimals: 6, amount: 5_000_000n },
    ]);
  });

  it('a token account of a stranger shows as another party; unchanged accounts show nothing', () => {
    const r = solanaDeltas(
      {
        err: null,
        fee: 5000n,
        accounts: [
          {
            address: ME,
            before: { lamports: 10n ** 9n, program: SYSTEM, token: null },
            after: { lamports: 10n ** 9n, program: SYSTEM, token: null },
          },
          {
            address: THEIRS,
            before: { lamports: 1n, program: TOKEN, token: tok(MINE, 0n) },
            after: { lamports: 1n, program: TOKEN, token: tok(MINE, 7n) },
          },
        ],
      },
      { self: ME, recipient: YOU },
      coin,
      () => 'USDC',
    );
    expect(r.deltas).toEqual([{ who: 'other', asset: MINT, symbol: 'USDC', decimals: 6, amount: 7n }]);
  });
});

describe('parseSolanaSimulatedChanges', () => {
  const ok = {
    err: null,
    fee: '5000',
    accounts: [
      { address: ME, before: { lamports: '10', program: SYSTEM }, after: { lamports: '5', program: SYSTEM } },
    ],
    provider: 'a',
  };
  it('reads amounts as bigint', () => {
    expect(parseSolanaSimulatedChanges(ok).accounts[0]!.after).toEqual({
      lamports: 5n,
      program: SYSTEM,
      token: null,
    });
  });
  it('refuses more SOL than exists, a token amount beyond u64, too many accounts', () => {
    const bad = (patch: object) => () => parseSolanaSimulatedChanges({ ...ok, ...patch });
    expect(bad({ fee: (3n * 10n ** 18n).toString() })).toThrow(/malformed/);
    expect(
      bad({
        accounts: [
          {
            address: ME,
            before: null,
            after: {
              lamports: '1',
              program: TOKEN,
              token: { mint: MINT, owner: ME, amount: (2n ** 64n).toString(), decimals: 6 },
            },
          },
        ],
      }),
    ).toThrow(/malformed/);
    expect(bad({ accounts: Array.from({ length: 65 }, () => ok.accounts[0]) })).toThrow(/malformed/);
  });
});
