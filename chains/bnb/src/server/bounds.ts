/**
 * The BNB Beacon Chain family's bounds on archive answers, applied in one place: the facade's failover `check`
 * (facade.ts). Amounts are fixed8 units (1 BNB = 10^8): BNB within the BNB that exist, BEP2 tokens within int64 (the
 * chain's amount type; a token's supply is not known here), the sequence and times counts that can be. Anything else is
 * a malformed answer: the next archive is asked and the client never sees it.
 */
import { INT64_MAX, amount, operations } from '@secux-companion/server-kit/bounds';
import type { Operation } from '@secux-companion/server-kit/types';
import type { BnbArchiveAccount } from './backend.js';

/**
 * The most BNB any amount can be: 200 million BNB in fixed8 units — BNB's whole issue (2017), only ever burnt since
 * (≈ 140 M left in 2025, bnbburn.info); the Beacon Chain held a part of it until its halt on 2024-12-03.
 */
export const BNB_MAX_UNITS = 200_000_000n * 100_000_000n;

export const bnbBounds = {
  account(a: BnbArchiveAccount): void {
    for (const b of a.balances) {
      const max = b.symbol === 'BNB' ? BNB_MAX_UNITS : INT64_MAX;
      amount(b.free, max, `${b.symbol} free`);
      amount(b.locked, max, `${b.symbol} locked`);
      amount(b.frozen, max, `${b.symbol} frozen`);
      amount(b.free + b.locked + b.frozen, max, `${b.symbol} balance`);
    }
  },
  /** A page's operations (mapped by chain-bnb): BNB values and fees within the supply, BEP2 tokens within int64. */
  history(ops: readonly Operation[]): void {
    operations(ops, BNB_MAX_UNITS, { tokenMax: INT64_MAX });
  },
};
