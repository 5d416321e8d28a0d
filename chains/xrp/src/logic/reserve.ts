/**
 * Account reserve (xrpl.md "Reserve rules"): required = base reserve + owner reserve × owned objects.
 *
 * The two amounts are NEVER hard-coded: validators change them by fee voting (10/2 XRP, then 1/0.2 XRP since
 * 2024-12-02), so they are read live from the server (`server_info` / `server_state` validated ledger) and passed in
 * here as {@link ReserveSettings}.
 */
export interface ReserveSettings {
  /** Base reserve in drops (server_state validated_ledger.reserve_base). */
  base: bigint;
  /** Owner reserve per owned object in drops (validated_ledger.reserve_inc). */
  increment: bigint;
}

/** Drops held back by an account owning `ownerCount` objects. */
export function accountReserve(settings: ReserveSettings, ownerCount: number): bigint {
  if (!Number.isInteger(ownerCount) || ownerCount < 0) throw new RangeError(`bad owner count ${ownerCount}`);
  return settings.base + settings.increment * BigInt(ownerCount);
}

/** What can leave the account: balance − reserve, never below 0. */
export function spendable(balance: bigint, reserve: bigint): bigint {
  return balance > reserve ? balance - reserve : 0n;
}
