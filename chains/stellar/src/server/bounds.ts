/**
 * The Stellar family's bounds on provider answers, applied in one place: the facade's failover `check` (facade.ts).
 * Native amounts (balances, liabilities, payment values, counterparty values, fees paid) are stroops within the
 * lumens that exist; asset amounts within int64 (a token's supply is not known here); the network's base fee within
 * what a ledger can ask. Anything else is a malformed answer: the next Horizon is asked and the client never sees it
 * (issue 29: a balance of 1e11 XLM was served with 200).
 */
import { INT64_MAX, amount, operations, outOfBounds } from '@secux-companion/server-kit/bounds';
import type { Operation } from '@secux-companion/server-kit/types';
import type { HorizonAccountRead, HorizonLedgerRead } from './backend.js';

/** 1 XLM = 10^7 stroops (amounts on the ledger are int64 stroops). */
export const STROOPS_PER_XLM = 10_000_000n;

/**
 * The most lumens one account can hold: 60 billion XLM. The ledger header's `total_coins` is ≈ 105.44 G XLM (100 G
 * at genesis, inflation until protocol 12 switched it off in 2019, so it no longer grows); 55.44 G of it was burnt in
 * 2019-11 into an account nobody can spend from, which leaves ≈ 50.0 G XLM for every other account (SDF's
 * announcement of 2019-11-04; Horizon's /ledgers `total_coins`). The bound keeps room for the burn account.
 */
export const XLM_MAX_STROOPS = 60_000_000_000n * STROOPS_PER_XLM;

/**
 * The most a fee per operation may be: 1 XLM (10^7 stroops). The minimum base fee is 100 stroops; under surge
 * pricing `last_ledger_base_fee` rises to what the cheapest included transaction bid (the fee-stats percentiles sit
 * in the hundreds to thousands of stroops), and 100 000 × the minimum is no fee the network asks.
 */
export const XLM_FEE_MAX = STROOPS_PER_XLM;

export const stellarBounds = {
  account(a: HorizonAccountRead): void {
    if (!a.found) return;
    amount(a.balance, XLM_MAX_STROOPS, 'balance');
    amount(a.sellingLiabilities, XLM_MAX_STROOPS, 'selling liabilities');
    for (const x of a.assets) amount(x.balance, INT64_MAX, 'asset balance');
  },
  /** A payments page (mapped by chain-stellar): lumens within the supply, assets within int64, times that can be. */
  history(ops: readonly Operation[]): void {
    operations(ops, XLM_MAX_STROOPS, { tokenMax: INT64_MAX });
  },
  /** fee_stats' `last_ledger_base_fee` (stroops per operation). */
  baseFee(fee: bigint): void {
    if (fee <= 0n) outOfBounds('base fee', fee);
    amount(fee, XLM_FEE_MAX, 'base fee');
  },
  ledger(l: HorizonLedgerRead): void {
    stellarBounds.baseFee(l.baseFee);
  },
};
