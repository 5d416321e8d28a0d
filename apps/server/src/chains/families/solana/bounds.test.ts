/**
 * A node's answer out of bounds is that node's malformed answer: the other node is asked and the client never sees it
 * (a check after the failover would end the request with a 500; an error of the wrong kind with a 400).
 */
import { TOKEN_PROGRAM } from '@secux-companion/chain-solana';
import { describe, expect, it } from 'vitest';
import type { SignatureInfo, SolanaProvider } from './backend.js';
import { U64_MAX } from './bounds.js';
import { SOL_SIGNATURES_LIMIT, SolanaFacade } from './facade.js';

const OWNER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const TOKEN_ACCOUNT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

function node(
  name: string,
  o: { signatures: number; tokenAmount: string; mintDecimals?: number },
): SolanaProvider {
  const sigs: SignatureInfo[] = Array.from({ length: o.signatures }, (_, i) => ({
    signature: `sig${i}`,
    slot: 100 - i,
    err: null,
    blockTime: null,
  }));
  return {
    name,
    timeoutMs: 1000,
    getBalance: () => Promise.resolve(5_000),
    getEpoch: () => Promise.resolve(500),
    getAccountInfo: () =>
      Promise.resolve({
        lamports: 1_461_600,
        owner: TOKEN_PROGRAM,
        space: 82,
        program: 'spl-token',
        parsed: { type: 'mint', info: { decimals: o.mintDecimals ?? 6, supply: '1000' } },
      }),
    getSignaturesForAddress: () => Promise.resolve(sigs),
    getTokenAccountsByOwner: (_owner: string, program: string) =>
      Promise.resolve(
        program === TOKEN_PROGRAM
          ? [
              {
                pubkey: TOKEN_ACCOUNT,
                account: {
                  lamports: 2_039_280,
                  owner: TOKEN_PROGRAM,
                  space: 165,
                  program: 'spl-token',
                  parsed: {
                    type: 'account',
                    info: {
                      mint: MINT,
                      state: 'initialized',
                      tokenAmount: { amount: o.tokenAmount, decimals: 6 },
                    },
                  },
                },
              },
            ]
          : [],
      ),
  } as unknown as SolanaProvider;
}

const facade = (first: SolanaProvider, second: SolanaProvider) =>
  new SolanaFacade({
    chain: 'SOL',
    providers: [first, second],
    balanceProviders: [first, second],
    random: () => 0,
  });

describe('Solana answers out of bounds', () => {
  it('asks the other node when one lists more signatures than asked for', async () => {
    const f = facade(
      node('absurd', { signatures: SOL_SIGNATURES_LIMIT + 1, tokenAmount: '1' }),
      node('sane', { signatures: 3, tokenAmount: '1' }),
    );
    await expect(f.account(OWNER, {})).resolves.toMatchObject({ txCount: 3 });
  });

  it('asks the other node when one gives a token amount above u64', async () => {
    const f = facade(
      node('absurd', { signatures: 1, tokenAmount: (U64_MAX + 1n).toString() }),
      node('sane', { signatures: 1, tokenAmount: '42' }),
    );
    const a = await f.account(OWNER, {});
    expect(a.tokenAccounts).toEqual([expect.objectContaining({ mint: MINT, amount: '42' })]);
  });

  it('asks the other node when one gives a mint more than 255 decimals', async () => {
    const f = facade(
      node('absurd', { signatures: 1, tokenAmount: '1', mintDecimals: 300 }),
      node('sane', { signatures: 1, tokenAmount: '1', mintDecimals: 9 }),
    );
    await expect(f.mint(MINT)).resolves.toMatchObject({ decimals: 9, provider: 'sane' });
  });
});
