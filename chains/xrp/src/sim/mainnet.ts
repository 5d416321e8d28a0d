/**
 * A public rippled / Clio JSON-RPC server's behaviour (s1.ripple.com, xrplcluster.com) for the stand-in in front of
 * localnet's XRP Ledger simulator (../shared/reference/apis/mainnet-behaviour.md §4):
 *
 * - its rate limit: rippled answers **HTTP 503** with the plain text `Server is overloaded`; Clio (behind Ripple's
 *   clusters) answers `slowDown` (`error_code` 10, "You are placing too much load on the server.");
 * - its `account_tx` paging: `limit` clamped to 10–400 (rippled's Tuning.h), and a server may give fewer rows than
 *   asked and still a marker (`rowsPerCall` scales that down so a few transactions make several pages);
 * - a server that is not full history (s1.ripple.com): ledgers before `firstLedger()` are not there — `account_tx`
 *   over a range below them is `lgrIdxsInvalid`, a marker into them `lgrNotFound`, `tx` of such a ledger
 *   `txnNotFound`, and a page that reaches them ends there (the older rows are not in the answer).
 *
 * The paging rewrite knows the simulator's marker (`{ledger, seq}`, `seq` the row offset): the stand-in always fronts
 * localnet's simulator.
 */
import type { Behaviour, Canned, RateLimit, StandInRequest } from '@secux-companion/sim-kit';

export interface RippledBehaviourOptions {
  /** Provider name (default `rippled`). */
  name?: string;
  /** Requests allowed per window (default: unlimited). */
  limit?: { max: number; windowMs: number; penaltyMs?: number };
  /** Whose refusal: rippled's 503 text (default) or Clio's `slowDown`. */
  limitAnswer?: 'overloaded' | 'slowDown';
  /** Most rows one `account_tx` answer carries (default 400, rippled's clamp). */
  rowsPerCall?: number;
  /** Not full history: the oldest ledger this server has (read at each request: ledgers keep closing). */
  firstLedger?: () => number;
}

/** rippled's answer over its rate limit (JSON-RPC): HTTP 503, plain text. */
export const RIPPLED_OVERLOADED: Canned = { status: 503, body: 'Server is overloaded' };
/** Clio's answer over its limit. */
export const CLIO_SLOW_DOWN: Canned = {
  status: 503,
  body: {
    result: {
      error: 'slowDown',
      error_code: 10,
      error_message: 'You are placing too much load on the server.',
      status: 'error',
    },
  },
};

/** The first params object of a JSON-RPC body. */
function paramsOf(r: StandInRequest): Record<string, unknown> {
  try {
    const j = JSON.parse(r.body) as { params?: unknown };
    const p = Array.isArray(j.params) ? (j.params[0] as unknown) : undefined;
    return p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const rpcError = (
  error: string,
  code: number,
  message: string,
  request: Record<string, unknown>,
): Canned => ({
  status: 200,
  body: { result: { error, error_code: code, error_message: message, request, status: 'error' } },
});

export function rippledBehaviour(o: RippledBehaviourOptions = {}): Behaviour {
  const rows = o.rowsPerCall ?? 400;
  const limits: RateLimit[] = o.limit
    ? [
        {
          max: o.limit.max,
          windowMs: o.limit.windowMs,
          ...(o.limit.penaltyMs ? { penaltyMs: o.limit.penaltyMs } : {}),
          answer: () => (o.limitAnswer === 'slowDown' ? CLIO_SLOW_DOWN : RIPPLED_OVERLOADED),
        },
      ]
    : [];
  return {
    name: o.name ?? 'rippled',
    limits,
    intercept(r) {
      const first = o.firstLedger?.();
      if (first === undefined) return undefined;
      const method = r.rpcMethods[0];
      const p = paramsOf(r);
      const request = { command: method, ...p };
      if (method === 'account_tx') {
        const min = typeof p.ledger_index_min === 'number' ? p.ledger_index_min : -1;
        if (min !== -1 && min < first)
          return rpcError('lgrIdxsInvalid', 57, 'Ledger indexes invalid.', request);
        const m = p.marker as { ledger?: unknown } | undefined;
        if (m && typeof m.ledger === 'number' && m.ledger < first)
          return rpcError('lgrNotFound', 21, 'ledgerNotFound', request);
      }
      // `tx` is answered by the rewrite: the transaction's ledger is known only from the answer.
      return undefined;
    },
    rewrite(r, a) {
      const method = r.rpcMethods[0];
      if (a.status !== 200 || (method !== 'account_tx' && method !== 'tx')) return a;
      let j: { result?: Record<string, unknown> };
      try {
        j = JSON.parse(a.body) as typeof j;
      } catch {
        return a;
      }
      const res = j.result;
      if (!res || res.status !== 'success') return a;
      const first = o.firstLedger?.();
      if (method === 'tx') {
        if (first !== undefined && typeof res.ledger_index === 'number' && res.ledger_index < first)
          return {
            status: 200,
            body: JSON.stringify({
              result: {
                error: 'txnNotFound',
                error_code: 29,
                error_message: 'Transaction not found.',
                searched_all: false,
                status: 'error',
              },
            }),
          };
        return a;
      }
      const p = paramsOf(r);
      const asked = typeof p.limit === 'number' ? Math.min(Math.max(p.limit, 10), 400) : 200;
      const cap = Math.min(asked, rows);
      let txs = Array.isArray(res.transactions) ? (res.transactions as { ledger_index?: number }[]) : [];
      const start =
        typeof (p.marker as { seq?: unknown })?.seq === 'number' ? (p.marker as { seq: number }).seq : 0;
      let marker = res.marker;
      if (txs.length > cap) {
        txs = txs.slice(0, cap);
        marker = { ledger: txs.at(-1)?.ledger_index ?? 0, seq: start + cap };
      }
      if (first !== undefined) {
        // The server's range ends at its oldest ledger: the older rows are not in the answer, no marker beyond it, and
        // `ledger_index_min` says which range it searched.
        const kept = txs.filter((t) => (t.ledger_index ?? 0) >= first);
        if (kept.length < txs.length) marker = undefined;
        txs = kept;
        res.ledger_index_min = first;
      }
      res.transactions = txs;
      res.limit = asked;
      if (marker === undefined) delete res.marker;
      else res.marker = marker;
      return { status: 200, body: JSON.stringify({ result: res }) };
    },
  };
}
