import { describe, expect, it } from 'vitest';
import { createSolanaProductApiBackend, parseSolanaAccount, parseSolanaMint } from './productApi';

const MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TA = 'BGocb4GEpbTFm8UFV2VsDSaBXHELPfAXrvd4vtt8QWrA';

describe('Solana product-API client', () => {
  it('parses an account with its tokens (amounts as bigint)', () => {
    const a = parseSolanaAccount({
      balance: '18446744073709551615',
      txCount: 25,
      tokenAccounts: [
        {
          tokenAccount: TA,
          mint: MINT,
          program: 'spl-token',
          amount: '420000000000000',
          decimals: 6,
          frozen: false,
          symbol: 'USDC',
          name: null,
        },
      ],
    });
    expect(a.balance).toBe(2n ** 64n - 1n);
    expect(a.tokens[0]!.amount).toBe(420_000_000_000_000n);
    expect(a.tokens[0]!.unverified).toBe(false); // an older server's answer: no flag, nothing claimed
  });
  it('reads the unverified flag of an on-chain name; anything but a boolean is refused', () => {
    const token = (unverified: unknown) => ({
      balance: '1',
      txCount: 0,
      tokenAccounts: [
        { tokenAccount: TA, mint: MINT, program: 'spl-token', amount: '1', decimals: 0, frozen: false },
      ].map((t) => ({ ...t, symbol: 'LMPX', name: 'Local Metaplex Token', unverified })),
    });
    expect(parseSolanaAccount(token(true)).tokens[0]!.unverified).toBe(true);
    expect(() => parseSolanaAccount(token('yes'))).toThrow('unverified');
  });
  it('refuses out-of-bounds or wrongly typed values', () => {
    expect(() =>
      parseSolanaAccount({ balance: '18446744073709551616', txCount: 0, tokenAccounts: [] }),
    ).toThrow('balance');
    expect(() => parseSolanaAccount({ balance: 1, txCount: 0, tokenAccounts: [] })).toThrow('balance');
    expect(() => parseSolanaAccount({ balance: '1', txCount: -1, tokenAccounts: [] })).toThrow('txCount');
    expect(() =>
      parseSolanaMint({
        mint: MINT,
        program: 'spl-token-2022',
        decimals: 2,
        extensions: [],
        transferFee: { basisPoints: 10_001, maximumFee: '1' },
        nonTransferable: false,
        symbol: null,
        name: null,
      }),
    ).toThrow('basisPoints');
    expect(() =>
      parseSolanaAccount({ balance: '1', txCount: 0, tokenAccounts: [{ tokenAccount: 'x', mint: MINT }] }),
    ).toThrow('tokenAccount');
  });
  it('a missing mint is null; routes are under /chains/SOL', async () => {
    const urls: string[] = [];
    const b = createSolanaProductApiBackend({
      baseUrl: 'http://x/api',
      fetch: async (u) => {
        urls.push(u);
        return new Response(JSON.stringify({ error: 'Token not found' }), { status: 404 });
      },
    });
    expect(await b.mint(MINT)).toBeNull();
    expect(urls).toEqual([`http://x/api/chains/SOL/mint/${MINT}`]);
  });
});
