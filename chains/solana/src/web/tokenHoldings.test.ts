/**
 * The Solana family's portfolio tokens (issue 33): the funded SPL and Token-2022 tokens its accounts hold, as the
 * account read of discovery gave them (no second read), priced by mint; a name that is the token's own words is
 * flagged unverified.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { TokenHolding } from '@secux-companion/chain-common';
import type { Device } from '@secux-companion/device';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { SolanaChain } from './chain';
import { family } from './index';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const FEE = 'FeeMint1111111111111111111111111111111111111';

afterEach(() => runtime.set({ device: null, emulator: null }));

describe('Solana tokens for the portfolio', () => {
  it("are the funded tokens discovery's account read gave, by mint, unverified ones flagged", async () => {
    runtime.set({ device: {} as Device, emulator: null });
    const tokens: TokenHolding[] = [
      { contract: USDC, symbol: 'USDC', decimals: 6, balance: 2_500_000n, standard: 'SPL' },
      { contract: FEE, symbol: 'FEE', decimals: 9, balance: 1n, unverified: true, standard: 'Token-2022' },
      { contract: 'Empty111111111111111111111111111111111111111', symbol: 'E', decimals: 0, balance: 0n },
    ];
    let reads = 0;
    const chain = {
      unit: { symbol: 'SOL', decimals: 9, digits: 9 },
      local: true,
      adapter: {
        discoverAccounts: async () => {
          reads++;
          return [
            {
              descriptor: { chain: 'SOL', index: 0, bip: 44, path: "m/44'/501'/0'", address: 'SME' },
              summary: { balance: 0n, pending: 0n, txCount: 0, tokens },
              name: 'SOL 1',
              onDevice: false,
            },
          ];
        },
      },
    } as unknown as SolanaChain;
    const [account] = await family.recover(chain, 'SOL');
    expect(await family.tokenHoldings!(chain, account!)).toEqual([
      { contract: USDC, priceContract: USDC, symbol: 'USDC', decimals: 6, balance: 2_500_000n },
      { contract: FEE, priceContract: FEE, symbol: 'FEE', decimals: 9, balance: 1n, unverified: true },
    ]);
    expect(reads).toBe(1);
  });
});
