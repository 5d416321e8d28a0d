/**
 * The failure modes every provider kind is run against (issue 19: apps/server's failureModes.test.ts over every
 * kind through the routes, and a family's own provider kinds in its package, e.g. the EVM block scan): the modes,
 * the transport failures every kind shows the same way, and the status a client gets when the failing provider is
 * alone. Fake upstreams on loopback (servers.ts).
 */
import type { Handler, Req } from './servers.js';

export const MODES = [
  'refused',
  'hang',
  'hangAfterCheck',
  'rateLimited',
  'server',
  'html',
  'truncated',
  'wrongChain',
  'negative',
  'float',
  'huge',
  'missing',
  'emptyHistoryLie',
] as const;
export type Mode = (typeof MODES)[number];

// Short enough that a hung provider costs about a second; long enough that a healthy fake on loopback answers in
// time while the end-to-end suites load the machine (250 ms connect timeouts failed there).
export const TIMEOUTS = {
  CHAIN_PROVIDER_TIMEOUT_MS: '3000',
  CHAIN_CONNECT_TIMEOUT_MS: '1000',
  CHAIN_HEALTH_TIMEOUT_MS: '1000',
  CHAIN_REQUEST_BUDGET_MS: '8000',
  CHAIN_FEES_BUDGET_MS: '4000',
};

const hangs: Handler = () => ({ hang: true });
/** The transport failures every kind shows the same way; `check` answers the chain/health check. */
export function transportFailure(
  mode: Mode,
  check: (r: Req) => boolean,
  healthy: Handler,
): Handler | undefined {
  switch (mode) {
    case 'hang':
      return hangs;
    case 'hangAfterCheck':
      return (r) => (check(r) ? healthy(r) : { hang: true });
    case 'rateLimited':
      return () => ({ status: 429, body: { error: 'rate limit exceeded' }, headers: { 'retry-after': '7' } });
    case 'server':
      return () => ({ status: 503, body: 'Service Unavailable' });
    case 'html':
      return () => ({ body: '<html><body>502 Bad Gateway</body></html>' });
    case 'truncated':
      return (r) => (check(r) ? healthy(r) : { body: '{"result":{"balance":"12' });
    default:
      return undefined;
  }
}

/** The status a client gets when the failing provider is alone (by failure class). */
export const aloneStatus = (mode: Mode) =>
  mode === 'refused' || mode === 'hang' || mode === 'hangAfterCheck'
    ? 503
    : mode === 'rateLimited'
      ? 429
      : 502;
