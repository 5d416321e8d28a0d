/**
 * Minimum balance (stellar-horizon.md "Base reserve rules"):
 *   (2 + subentries + sponsoring − sponsored) × base reserve.
 * The base reserve is READ FROM THE NETWORK (the latest ledger's `base_reserve_in_stroops`): validators change it by
 * vote. 0.5 XLM (5,000,000 stroops) is today's value, so an empty account keeps 1 XLM (the spec's "reserve 1 XLM");
 * nothing here hard-codes it.
 */

export interface ReserveInput {
  /** Base reserve in stroops (read from the latest ledger). */
  baseReserve: bigint;
  /** Trustlines, offers, data entries and extra signers (`subentry_count`). */
  subentries: number;
  /** Entries this account sponsors (`num_sponsoring`). */
  sponsoring?: number;
  /** Entries sponsored for this account (`num_sponsored`). */
  sponsored?: number;
}

const count = (v: number | undefined, what: string): bigint => {
  const n = v ?? 0;
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`bad ${what} ${n}`);
  return BigInt(n);
};

/** Stroops the account must keep. */
export function minimumBalance(r: ReserveInput): bigint {
  const entries =
    2n +
    count(r.subentries, 'subentry count') +
    count(r.sponsoring, 'sponsoring count') -
    count(r.sponsored, 'sponsored count');
  return (entries > 0n ? entries : 0n) * r.baseReserve;
}

/** The minimum starting balance of a new account: 2 × base reserve (op_low_reserve below it). */
export function newAccountMinimum(baseReserve: bigint): bigint {
  return 2n * baseReserve;
}

/** What can leave the account: balance − minimum balance − native selling liabilities, never below 0. */
export function spendable(balance: bigint, minimum: bigint, sellingLiabilities = 0n): bigint {
  const s = balance - minimum - sellingLiabilities;
  return s > 0n ? s : 0n;
}
