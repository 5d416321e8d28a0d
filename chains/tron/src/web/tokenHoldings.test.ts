/**
 * The TRON family's portfolio tokens (issue 33): the funded TRC-20 and TRC-10 tokens its accounts hold, as the account
 * read of discovery (and of a refresh) gave them — no second read — a TRC-20 named by its contract for the price
 * service, a TRC-10 asset with no contract to price.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary, Operation, TokenHolding } from '@secux-companion/chain-common';
import type { Device } from '@secux-companion/device';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { AnyFamily, FamilyChain, WalletAccount } from '@secux-companion/web-kit/family/types';
import { accountBalanceHistories } from '@secux-companion/web-kit/portfolio/balanceHistory';
import type { TronChain } from './chain';
import { family } from './index';

const LUSDT = 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3';
const held: TokenHolding[] = [
  { contract: LUSDT, symbol: 'LUSDT', decimals: 6, balance: 5_000_000n, standard: 'TRC-20' },
  { contract: '1000001', symbol: 'LTA', decimals: 0, balance: 7n, standard: 'TRC-10' },
  { contract: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', symbol: 'OLD', decimals: 6, balance: 0n },
];

afterEach(() => runtime.set({ device: null, emulator: null }));

function chainReading(summary: AccountSummary) {
  let reads = 0;
  const chain = {
    unit: { symbol: 'TRX', decimals: 6, digits: 6 },
    local: true,
    adapter: {
      discoverAccounts: async () => {
        reads++;
        return [
          {
            descriptor: { chain: 'TRX', index: 0, bip: 44, path: "m/44'/195'/0'", address: 'TME' },
            summary,
            name: 'TRX 1',
            onDevice: false,
          },
        ];
      },
      getAccountSummary: async () => {
        reads++;
        return { ...summary, tokens: [held[0]!] };
      },
    },
  } as unknown as TronChain;
  return { chain, reads: () => reads };
}

describe('TRON tokens for the portfolio', () => {
  it("are the funded tokens discovery's account read gave: no further read", async () => {
    runtime.set({ device: {} as Device, emulator: null });
    const { chain, reads } = chainReading({ balance: 1n, pending: 0n, txCount: 1, tokens: held });
    const [account] = await family.recover(chain, 'TRX');
    expect(reads()).toBe(1);
    expect(await family.tokenHoldings!(chain, account!)).toEqual([
      { contract: LUSDT, priceContract: LUSDT, symbol: 'LUSDT', decimals: 6, balance: 5_000_000n },
      { contract: '1000001', priceContract: null, symbol: 'LTA', decimals: 0, balance: 7n },
    ]);
    expect(reads()).toBe(1);
    // a refresh reads the account again, and its tokens follow
    const [fresh] = await family.refresh(chain, [account!]);
    expect((await family.tokenHoldings!(chain, fresh!)).map((t) => t.symbol)).toEqual(['LUSDT']);
  });

  it('an account read without tokens holds none', async () => {
    runtime.set({ device: {} as Device, emulator: null });
    const { chain } = chainReading({ balance: 1n, pending: 0n, txCount: 1 });
    const [account] = await family.recover(chain, 'TRX');
    expect(await family.tokenHoldings!(chain, account!)).toEqual([]);
  });
});

describe("TRON tokens in the value chart (the family's tokenMoves)", () => {
  const ME = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const THEM = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
  const HOUR = 3_600_000;
  const NOW = Date.UTC(2026, 10, 27, 12);
  /** A TRC-20 transfer as the TRON history gives it (chain-tron's operationFromTrc20: the contract in base58). */
  const transfer = (direction: 'in' | 'out', value: bigint, time: number): Operation => ({
    hash: `${time}`,
    time,
    // The index's TRC-20 list has no block: a transfer whose transaction is not on the page has none.
    blockHeight: null,
    direction,
    value,
    fee: 0n,
    senders: [{ address: direction === 'out' ? ME : THEM, value, isOwn: direction === 'out' }],
    recipients: [{ address: direction === 'in' ? ME : THEM, value, isOwn: direction === 'in' }],
    isOwnTransaction: direction === 'out',
    rbf: false,
    token: { contract: LUSDT, symbol: 'LUSDT', decimals: 6, name: 'Local Tether' },
  });

  it("walks each TRC-20 token back from its balance through the index's transfers, with the coin's read", async () => {
    // 5 LUSDT now: 2 sent an hour ago, 7 received three hours ago, 1 received the day before.
    const operations = [
      transfer('out', 2_000_000n, NOW - HOUR),
      transfer('in', 7_000_000n, NOW - 3 * HOUR),
      transfer('in', 1_000_000n, NOW - 30 * HOUR),
    ];
    let reads = 0;
    const chain = {
      adapter: {
        getHistory: async () => {
          reads++;
          return { operations, cursor: null };
        },
      },
    } as unknown as TronChain;
    const account = { id: 'TRX:0', index: 0, bip: 44, path: "m/44'/195'/0'", address: ME, balance: 1n };
    const out = await accountBalanceHistories(
      family as AnyFamily,
      chain as unknown as FamilyChain,
      account as WalletAccount,
      new Map([[LUSDT, 5_000_000n]]),
      'day',
      NOW,
    );
    expect(out.tokens[LUSDT]).toEqual([
      { time: NOW - 24 * HOUR, balance: 0n },
      { time: NOW - 3 * HOUR, balance: 7_000_000n },
      { time: NOW - HOUR, balance: 5_000_000n },
      { time: NOW, balance: 5_000_000n },
    ]);
    expect(reads).toBe(1);
  });
});
