/**
 * The bitcoin family's change and taproot address rules (spec 01 §9): change goes to chain 1 at a random index
 * 0..4 (build.ts derives it with the account's keys); a taproot account watches 5 receive and 5 change addresses.
 */

/** Change chain index (§9). */
export const CHANGE_CHAIN = 1;
/** Change address index is random in 0..CHANGE_INDEX_MAX (limiter max 4). */
export const CHANGE_INDEX_MAX = 4;
/** Taproot derives 5 receive and 5 change addresses. */
export const TAPROOT_DERIVED_ADDRESSES = 5;

export type Rng = () => number;

/** Random change index 0..4; pass a deterministic RNG (returning [0, 1)) in tests. */
export function randomChangeIndex(rng: Rng = Math.random): number {
  const r = rng();
  if (!(r >= 0 && r < 1)) throw new RangeError(`RNG must return a number in [0, 1), got ${r}`);
  return Math.floor(r * (CHANGE_INDEX_MAX + 1));
}
