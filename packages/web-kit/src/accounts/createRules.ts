/**
 * Creating an account, the rules every family shares (spec 01 §4 "previousAccountIsEmpty", §10 err-17 and
 * warm-002): the account a new one follows is read fresh; when its history length cannot be read the create
 * stops with err-17 ('history length error'), and while it is empty (no balance, nothing pending, no
 * transactions) with warm-002.
 */
import { AccountActionError } from './store';

export interface ActivityOf {
  balance: bigint;
  pending: bigint;
  txCount: number;
}

export function isEmptyAccount(a: ActivityOf): boolean {
  return a.balance === 0n && a.pending === 0n && a.txCount === 0;
}

/** The previous account read fresh (undefined without one); throws err-17 or warm-002 as above. */
export async function checkPreviousAccount<A extends ActivityOf>(
  previous: A | undefined,
  readFresh: (a: A) => Promise<A>,
): Promise<A | undefined> {
  if (!previous) return undefined;
  let fresh: A;
  try {
    fresh = await readFresh(previous);
  } catch (e) {
    console.warn('history length error', e);
    throw new AccountActionError({ code: 'err-17' });
  }
  if (isEmptyAccount(fresh)) throw new AccountActionError({ code: 'warm-002' });
  return fresh;
}
