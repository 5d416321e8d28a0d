/**
 * A public Horizon's behaviour (horizon.stellar.org, LOBSTR's) for the stand-in in front of localnet's Horizon
 * simulator (../shared/reference/apis/mainnet-behaviour.md §5):
 *
 * - **synchronous submit**: `POST /transactions` answers only once the transaction is in a closed ledger and ingested
 *   (about 5–6 s; `submitDelayMs`, 6 s by default); with `submitTimeout` the transaction is applied but the answer is
 *   Horizon's 504 `transaction_submission_timeout` with the hash (the submission timeout passed);
 * - the body must be form-encoded (or multipart): JSON gets **415** `unsupported_media_type`;
 * - **3600 requests an hour** per IP (`perHour` scales it): over it **429** problem+json `rate_limit_exceeded` with
 *   `X-RateLimit-Limit/Remaining/Reset`;
 * - `limit` 1–200 on every list (400 `bad_request` naming `limit` otherwise);
 * - SDF's one-year retention (`retainFromLedger`): a cursor before it is **410** `before_history`, and a page that
 *   reaches it ends there.
 */
import type { Behaviour, Canned, RateLimit, StandInRequest } from '@secux-companion/sim-kit';

export interface HorizonBehaviourOptions {
  name?: string;
  /** How long the submit waits for the ledger close (default 6000 ms). */
  submitDelayMs?: number;
  /** The submit is applied but answered 504 `transaction_submission_timeout` (Horizon's 30 s passed). */
  submitTimeout?: boolean;
  /** Requests allowed an hour (default 3600); the window scales down with `windowMs` for tests. */
  perHour?: number;
  windowMs?: number;
  /** Oldest ledger kept (SDF keeps one year); read at each request (undefined: everything is kept). */
  retainFromLedger?: () => number | undefined;
}

export const HORIZON_MAX_LIMIT = 200;
const PROBLEM = { 'content-type': 'application/problem+json; charset=utf-8' };

const problem = (
  status: number,
  type: string,
  title: string,
  detail: string,
  extras?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Canned => ({
  status,
  headers: { ...PROBLEM, ...headers },
  body: {
    type: `https://stellar.org/horizon-errors/${type}`,
    title,
    status,
    detail,
    ...(extras ? { extras } : {}),
  },
});

/** Horizon's 429 (problem.go `RateLimitExceeded`). */
export function horizonRateLimited(limit: number, resetSec: number): Canned {
  return problem(
    429,
    'rate_limit_exceeded',
    'Rate Limit Exceeded',
    "The rate limit for the requesting IP address is over its alloted limit.  The allowed limit and requests left per time period are communicated to clients via the http response headers 'X-RateLimit-*' headers.",
    undefined,
    {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(resetSec),
    },
  );
}

export const HORIZON_BEFORE_HISTORY = problem(
  410,
  'before_history',
  'Data Requested Is Before Recorded History',
  "This horizon instance is configured to only track a portion of the stellar network's latest history. This request is asking for results prior to the recorded history known to this horizon instance.",
);

const isSubmit = (r: StandInRequest) => r.method === 'POST' && /^\/transactions\/?$/.test(r.path);
/** The ledger of a paging token (ledger << 32 | order). */
const ledgerOf = (token: string) => (/^\d{1,20}$/.test(token) ? Number(BigInt(token) >> 32n) : undefined);

export function horizonBehaviour(o: HorizonBehaviourOptions = {}): Behaviour {
  const perHour = o.perHour ?? 3600;
  const windowMs = o.windowMs ?? 3_600_000;
  const limits: RateLimit[] = [
    {
      max: perHour,
      windowMs,
      answer: (_r, wait) => horizonRateLimited(perHour, wait),
    },
  ];
  return {
    name: o.name ?? 'horizon',
    limits,
    // Core has the transaction at once; the answer comes when the ledger closed and was ingested.
    delayAfterMs: (r) => (isSubmit(r) ? (o.submitDelayMs ?? 6000) : 0),
    intercept(r) {
      if (isSubmit(r)) {
        const type = String(r.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (type !== '' && type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data')
          return problem(
            415,
            'unsupported_media_type',
            'Unsupported Media Type',
            'The request has an unsupported content type. Presently, the only supported content type is application/x-www-form-urlencoded.',
          );
        return undefined;
      }
      const limit = r.query.get('limit');
      if (limit !== null && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > HORIZON_MAX_LIMIT))
        return problem(400, 'bad_request', 'Bad Request', 'The request you sent was invalid in some way.', {
          invalid_field: 'limit',
          reason: `The limit must be between 1 and ${HORIZON_MAX_LIMIT}`,
        });
      const from = o.retainFromLedger?.();
      const cursor = r.query.get('cursor');
      if (from !== undefined && cursor && cursor !== 'now') {
        const l = ledgerOf(cursor);
        if (l !== undefined && l < from) return HORIZON_BEFORE_HISTORY;
      }
      return undefined;
    },
    rewrite(r, a) {
      if (isSubmit(r)) {
        if (!o.submitTimeout || a.status !== 200) return a;
        let hash = '';
        let envelope = '';
        try {
          ({ hash, envelope_xdr: envelope } = JSON.parse(a.body) as { hash: string; envelope_xdr: string });
        } catch {
          return a;
        }
        const p = problem(
          504,
          'transaction_submission_timeout',
          'Transaction Submission Timeout',
          'Your transaction submission request has timed out. This does not necessarily mean the submission has failed. Before resubmitting, please use the transaction hash provided in `extras.hash` to poll the GET /transactions endpoint for sometime and check if it was included in a ledger.',
          { hash, envelope_xdr: envelope },
        );
        return { status: p.status, body: JSON.stringify(p.body) };
      }
      const from = o.retainFromLedger?.();
      if (from === undefined || r.method !== 'GET' || a.status !== 200) return a;
      let j: { _embedded?: { records?: { paging_token?: string; ledger?: number }[] } };
      try {
        j = JSON.parse(a.body) as typeof j;
      } catch {
        return a;
      }
      const records = j._embedded?.records;
      if (!records) return a;
      j._embedded!.records = records.filter((x) => {
        const l = typeof x.ledger === 'number' ? x.ledger : ledgerOf(String(x.paging_token ?? ''));
        return l === undefined || l >= from;
      });
      return { status: 200, body: JSON.stringify(j) };
    },
  };
}
