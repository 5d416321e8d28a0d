/**
 * Where a new account goes, for every family with one account per index (the account-based families and each EVM
 * chain): the first index not used, after the account with the highest index below it (the one spec 01's
 * previous-account check reads).
 */

/** The index a new account takes: the first one not used. */
export function nextAccountIndex(accounts: readonly { index: number }[]): number {
  const used = new Set(accounts.map((a) => a.index));
  let index = 0;
  while (used.has(index)) index++;
  return index;
}

/** The account a new account at `index` follows (the highest index below it), if any. */
export function previousAccountOf<A extends { index: number }>(
  accounts: readonly A[],
  index: number,
): A | undefined {
  return accounts.filter((a) => a.index < index).sort((a, b) => b.index - a.index)[0];
}
