/**
 * An account's balance over a chart range (issue 33's value chart). A family with a better source answers through
 * its `balanceHistory` slot (bitcoin: Blockbook's balance history); every other family gets this module's default,
 * which reconstructs it from the account's history: starting from the current balance it walks back through the
 * operations, newest first, undoing each one's effect on the coin balance (received value, sent value and the fee
 * the account paid), a bounded number of pages. The tokens the portfolio values walk back through the same pages
 * (no request more) where the family's `tokenMoves` says what each operation moved of them.
 *
 * The points are a step line: the balance is a point's balance from its time until the next point's. Before the
 * first point the balance is unknown (history beyond the pages read): the chart shows that time as missing.
 */
import type { Operation } from '@secux-companion/chain-common';
import type {
  AnyFamily,
  BalancePoint,
  FamilyChain,
  TokenMove,
  ValueRange,
  WalletAccount,
} from '../family/types';

export type { BalancePoint, ValueRange };
export const VALUE_RANGES: readonly ValueRange[] = ['day', 'week', 'month', 'year'];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const VALUE_RANGE_MS: Record<ValueRange, number> = {
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** Most history pages read for one account's reconstruction (10 operations a page). */
export const MAX_HISTORY_PAGES = 20;

/**
 * The operation's effect on the account's coin balance: + received, − sent, − the fee the account paid. A token
 * transfer moves no coin (its fee still counts); a failed transaction moves nothing but its fee.
 */
export function balanceEffect(op: Operation): bigint {
  const fee = op.isOwnTransaction ? op.fee : 0n;
  if (op.token || op.failed) return -fee;
  if (op.direction === 'in') return op.value;
  if (op.direction === 'out') return -op.value - fee;
  return -fee;
}

/**
 * Walks back from `current` through history pages (newest first) until an operation older than `from`, the end of
 * the history, or `maxPages`. Operations without a time (pending) count as now: the current balance includes them.
 */
export async function reconstructBalanceHistory(
  readPage: (cursor: string | null) => Promise<{ operations: Operation[]; cursor: string | null }>,
  current: bigint,
  from: number,
  now: number,
  maxPages = MAX_HISTORY_PAGES,
): Promise<BalancePoint[]> {
  return (await reconstructBalanceHistories(readPage, current, new Map(), undefined, from, now, maxPages))
    .coin;
}

/** The coin's balance points and each asked token's (by contract), from one walk through the same pages. */
export interface AccountHistories {
  coin: BalancePoint[];
  /** Per contract asked: its points; null when the family's history does not carry the token's transfers. */
  tokens: Record<string, BalancePoint[] | null>;
}

/** One asset's walk back: its points so far (newest first), its balance before them, and whether it has stopped. */
interface Walk {
  newestFirst: BalancePoint[];
  balance: bigint;
  done: BalancePoint[] | null;
}

/**
 * {@link reconstructBalanceHistory} for the coin and, from the same pages (no request more), each token of
 * `tokens` (contract → balance now) through the family's `tokenMoves`: a token's point is added where it moved, and
 * its walk stops where it would go below zero (its history is then known only so far). Without `tokenMoves` the
 * tokens are null (missing, never zero). The pages are read while the coin or a token still walks.
 */
export async function reconstructBalanceHistories(
  readPage: (cursor: string | null) => Promise<{ operations: Operation[]; cursor: string | null }>,
  current: bigint,
  tokens: ReadonlyMap<string, bigint>,
  tokenMoves: ((op: Operation) => readonly TokenMove[]) | undefined,
  from: number,
  now: number,
  maxPages = MAX_HISTORY_PAGES,
): Promise<AccountHistories> {
  const start = (balance: bigint): Walk => ({ newestFirst: [{ time: now, balance }], balance, done: null });
  const coin = start(current);
  const walks = new Map<string, Walk>();
  if (tokenMoves) for (const [contract, balance] of tokens) walks.set(contract, start(balance));
  const all = [coin, ...walks.values()];
  const answer = (): AccountHistories => {
    const out: Record<string, BalancePoint[] | null> = {};
    for (const contract of tokens.keys()) {
      const w = walks.get(contract);
      out[contract] = w ? (w.done ?? toOldestFirst(w.newestFirst)) : null;
    }
    return { coin: coin.done ?? toOldestFirst(coin.newestFirst), tokens: out };
  };
  /** Every walk still going reached `from` (or the account's first operation): its balance then is known. */
  const finishAll = () => {
    for (const w of all) if (!w.done) w.done = finish(w.newestFirst, w.balance, from);
    return answer();
  };
  const step = (w: Walk, time: number, delta: bigint) => {
    if (w.done) return;
    w.newestFirst.push({ time, balance: w.balance });
    w.balance -= delta;
    // An inconsistent history (the balance would go below zero): only what was walked so far is known.
    if (w.balance < 0n) w.done = toOldestFirst(w.newestFirst);
  };
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const p = await readPage(cursor);
    for (const op of p.operations) {
      // At its time when known: an index may list a confirmed transfer without its block (TRON's TRC-20 list).
      const time = op.time === null ? now : Math.min(op.time, now);
      if (time < from) return finishAll();
      step(coin, time, balanceEffect(op));
      if (tokenMoves)
        for (const m of tokenMoves(op)) {
          const w = walks.get(m.contract);
          if (w && m.delta !== 0n) step(w, time, m.delta);
        }
      if (all.every((w) => w.done)) return answer();
    }
    if (!p.cursor) return finishAll();
    cursor = p.cursor;
  }
  // Pages exhausted: the balance before the oldest operation read is known, not since when.
  return answer();
}

/**
 * The moves of a token operation as the shared history shapes it (chain-common's Operation with `token`): + its value
 * received, − its value sent, nothing for a self-transfer or a failed one. The `tokenMoves` of a family whose history
 * lists every token transfer as its own operation.
 */
export function tokenTransferMoves(op: Operation): TokenMove[] {
  if (!op.token || op.failed || op.value === 0n) return [];
  if (op.direction === 'in') return [{ contract: op.token.contract, delta: op.value }];
  if (op.direction === 'out') return [{ contract: op.token.contract, delta: -op.value }];
  return [];
}

/** The walk reached `from` (or the account's first operation): the balance then is known. */
function finish(newestFirst: BalancePoint[], balance: bigint, from: number): BalancePoint[] {
  newestFirst.push({ time: from, balance });
  return toOldestFirst(newestFirst);
}

/** Oldest first, one point per time (the balance after the last operation of that time). */
function toOldestFirst(newestFirst: BalancePoint[]): BalancePoint[] {
  const out: BalancePoint[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const p = newestFirst[i]!;
    if (out.length && out[out.length - 1]!.time === p.time) out[out.length - 1] = p;
    else out.push(p);
  }
  return out;
}

/**
 * The account's coin balance points and those of `tokens` (contract → balance now) over the range: one walk through
 * the account's history for both when the family reconstructs its coin from it; a family with its own
 * `balanceHistory` has its tokens walked from the history (only when it has tokens to walk). Tokens of a family
 * without `tokenMoves` are null: missing.
 */
export async function accountBalanceHistories(
  family: AnyFamily,
  chain: FamilyChain,
  account: WalletAccount,
  tokens: ReadonlyMap<string, bigint>,
  range: ValueRange,
  now = Date.now(),
): Promise<AccountHistories> {
  const moves = family.tokenMoves?.bind(family) as ((op: Operation) => readonly TokenMove[]) | undefined;
  const from = now - VALUE_RANGE_MS[range];
  const read = (cursor: string | null) => chain.adapter.getHistory(family.descriptor(chain, account), cursor);
  const walked = !tokens.size || !moves;
  if (family.balanceHistory) {
    const [coin, withTokens] = await Promise.all([
      family.balanceHistory(chain, account, range),
      walked ? null : reconstructBalanceHistories(read, 0n, tokens, moves, from, now),
    ]);
    const none = Object.fromEntries([...tokens.keys()].map((c) => [c, null]));
    return { coin, tokens: withTokens?.tokens ?? none };
  }
  return reconstructBalanceHistories(read, account.balance, tokens, moves, from, now);
}
