/**
 * mempool.space as a stand-in's behaviour (mainnet-behaviour.md §2, mempool-space.md): a rate limit answered by nginx
 * (HTTP 429, its HTML page, no Retry-After; the repo's sample config allows 200 a minute on `api`), plain-text errors
 * (`Service Unavailable` while the backend is out of sync, `Transaction not found`), never JSON ones.
 */
import type { Behaviour } from '@secux-companion/sim-kit';

export const NGINX_429_PAGE =
  '<html>\r\n<head><title>429 Too Many Requests</title></head>\r\n<body>\r\n<center><h1>429 Too Many Requests</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

export interface MempoolSpaceOptions {
  name?: string;
  /** Requests per window per client (default 200 a minute). */
  perClient?: { max: number; windowMs: number };
  /** The backend is out of sync: every call is answered 503 `Service Unavailable` (plain text). */
  outOfSync?: () => boolean;
}

export function mempoolSpace(o: MempoolSpaceOptions = {}): Behaviour {
  const perClient = o.perClient ?? { max: 200, windowMs: 60_000 };
  return {
    name: o.name ?? 'mempool.space',
    limits: [
      {
        ...perClient,
        answer: () => ({ status: 429, headers: { 'content-type': 'text/html' }, body: NGINX_429_PAGE }),
      },
    ],
    intercept: () => (o.outOfSync?.() ? { status: 503, body: 'Service Unavailable' } : undefined),
  };
}
