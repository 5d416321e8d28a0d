/**
 * The XRP family's bounds on provider answers, applied in one place: the facade's failover `check` (facade.ts).
 * Amounts (balances, history values, counterparty values, fees paid) are drops within the supply; the fee method's
 * drops and the reserves within what the network can ask. Anything else is a malformed answer: the next rippled is
 * asked and the client never sees it (issue 29: a fee of 2^64 was clamped to 2 XRP and served).
 */
import { amount, operations, outOfBounds } from '@secux-companion/server-kit/bounds';
import type { Operation } from '@secux-companion/server-kit/types';
import type { XrpAccountRead, XrpFeeRead, XrpLedgerRead } from './backend.js';

/**
 * XRP's whole supply in drops: 100 billion XRP, all created in the first ledger (fees only destroy it; no
 * inflation), so no balance or amount can exceed it (xrpl.org, "XRP": 100 billion created in the genesis ledger).
 */
export const XRP_MAX_DROPS = 100_000_000_000n * 1_000_000n;

/**
 * The most the `fee` method may say a transaction costs: 10 XRP. The reference fee is 10 drops; under load the
 * open-ledger fee escalates (xrpl.org's `fee` sample shows 2,653,937 drops, 2.65 XRP), but one million times the
 * reference cost is no fee a node asks for a payment — a provider that says so is lying, and the next one is asked
 * (the wallet then pays at most XRP_FEE_CAP of a plausible escalated fee).
 */
export const XRP_FEE_MAX = 10_000_000n;

/** The most a reserve may be: 1,000 XRP (voted by validators: 200 XRP at launch, 1 and 0.2 XRP since 2024-12). */
export const XRP_RESERVE_MAX = 1_000_000_000n;

export const xrpBounds = {
  account(a: XrpAccountRead): void {
    if (a.found) amount(a.balance, XRP_MAX_DROPS, 'balance');
  },
  /** A page's operations (mapped by chain-xrp): values and fees paid within the supply, times that can be. */
  history(ops: readonly Operation[]): void {
    operations(ops, XRP_MAX_DROPS);
  },
  fees(f: XrpFeeRead): void {
    for (const [what, v] of [
      ['base fee', f.baseFee],
      ['minimum fee', f.minimumFee],
      ['open-ledger fee', f.openLedgerFee],
    ] as const) {
      if (v <= 0n) outOfBounds(what, v);
      amount(v, XRP_FEE_MAX, what);
    }
  },
  ledger(l: XrpLedgerRead): void {
    amount(l.reserveBase, XRP_RESERVE_MAX, 'base reserve');
    amount(l.reserveIncrement, XRP_RESERVE_MAX, 'owner reserve');
  },
};
