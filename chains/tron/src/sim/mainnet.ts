/**
 * TronGrid's behaviour (api.trongrid.io: a java-tron full node's `/wallet/*` and the v1 index `/v1/*`) for the
 * stand-in in front of localnet's TRON simulator (../shared/reference/apis/mainnet-behaviour.md §6):
 *
 * - a **keyless** limit per IP (`keyless`, a few requests a second); over it the query server is **suspended** for
 *   about 30 s (`suspendMs` scales it down for tests): every keyless request is refused with **403** (or 429 with
 *   `status: 429`, the burst answer of the current docs) — `{"Error": "…"}` on the full-node path,
 *   `{"success": false, "error": "…", "statusCode": 403}` on v1;
 * - a request carrying `TRON-PRO-API-KEY` counts against the key's own, higher limit (`keyed`, 20 QPS by default) and
 *   is never caught by the keyless suspension;
 * - v1 lists take `limit` ≤ 200 and page with `fingerprint` (the simulator's; `meta.links.next` is added as TronGrid
 *   writes it).
 */
import type { Behaviour, Canned, RateLimit, StandInRequest } from '@secux-companion/sim-kit';

export interface TronGridBehaviourOptions {
  name?: string;
  /** Keyless requests allowed per window (default 15 a second). */
  keyless?: { max: number; windowMs: number };
  /** Requests allowed per key per window (default 20 a second). */
  keyed?: { max: number; windowMs: number };
  /** How long a keyless client is suspended after going over (default 30 000 ms). */
  suspendMs?: number;
  /** The refusal's status: 403 (the suspension, default) or 429 (burst). */
  status?: 403 | 429;
}

export const TRONGRID_MAX_LIMIT = 200;

const keyOf = (r: StandInRequest) => {
  const k = r.headers['tron-pro-api-key'];
  return typeof k === 'string' && k ? k : undefined;
};

/** TronGrid's refusal in the path's own shape. */
export function tronGridRefusal(r: StandInRequest, status: number, message: string): Canned {
  return r.path.startsWith('/v1/')
    ? { status, body: { success: false, error: message, statusCode: status } }
    : { status, body: { Error: message } };
}

export function tronGridBehaviour(o: TronGridBehaviourOptions = {}): Behaviour {
  const keyless = o.keyless ?? { max: 15, windowMs: 1000 };
  const keyed = o.keyed ?? { max: 20, windowMs: 1000 };
  const suspendMs = o.suspendMs ?? 30_000;
  const status = o.status ?? 403;
  const limits: RateLimit[] = [
    {
      ...keyless,
      penaltyMs: suspendMs,
      when: (r) => keyOf(r) === undefined,
      answer: (r, wait) =>
        tronGridRefusal(
          r,
          status,
          `The key exceeds the frequency limit(${keyless.max}), and the query server is suspended for ${wait}s`,
        ),
    },
    {
      ...keyed,
      when: (r) => keyOf(r) !== undefined,
      key: (r) => keyOf(r) ?? '',
      answer: (r) =>
        // With a key: 503 above the key's QPS (the older docs), in the path's shape.
        tronGridRefusal(
          r,
          503,
          `request rate exceeded the allowed_rps(${keyed.max}), and the query server is suspended for 1 s`,
        ),
    },
  ];
  return {
    name: o.name ?? 'trongrid',
    limits,
    intercept(r) {
      if (!r.path.startsWith('/v1/')) return undefined;
      const limit = r.query.get('limit');
      if (limit !== null && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > TRONGRID_MAX_LIMIT))
        return {
          status: 400,
          body: {
            success: false,
            error: `limit must be between 1 and ${TRONGRID_MAX_LIMIT}`,
            statusCode: 400,
          },
        };
      return undefined;
    },
    rewrite(r, a) {
      if (!r.path.startsWith('/v1/') || a.status !== 200) return a;
      let j: { meta?: { fingerprint?: string; links?: { next?: string } } };
      try {
        j = JSON.parse(a.body) as typeof j;
      } catch {
        return a;
      }
      const fp = j.meta?.fingerprint;
      if (!fp) return a;
      const q = new URLSearchParams(r.query);
      q.set('fingerprint', fp);
      j.meta!.links = { next: `https://api.trongrid.io${r.path}?${q.toString()}` };
      return { status: 200, body: JSON.stringify(j) };
    },
  };
}
