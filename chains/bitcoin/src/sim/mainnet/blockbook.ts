/**
 * A public Blockbook (Trezor's btc1..5.trezor.io) as a stand-in's behaviour (mainnet-behaviour.md §1, blockbook-v2.md):
 * REST and explorer pages share one budget per client, 20 requests a minute with a burst of 20; over it HTTP 429
 * `{"error":"rate limit exceeded"}` with Retry-After in seconds (the optional temporary block is off by default).
 * Pages hold at most 1000 transactions (`pageSize` above is clamped, as the local Blockbook already does).
 */
import type { Behaviour } from '@secux-companion/sim-kit';

export const BLOCKBOOK_RATE_LIMIT_BODY = { error: 'rate limit exceeded' } as const;

export interface BlockbookOptions {
  name?: string;
  /** Requests per window per client (default 20 a minute). */
  perClient?: { max: number; windowMs: number };
}

export function blockbookPublic(o: BlockbookOptions = {}): Behaviour {
  const perClient = o.perClient ?? { max: 20, windowMs: 60_000 };
  return {
    name: o.name ?? 'blockbook',
    limits: [
      {
        ...perClient,
        answer: (_r, wait) => ({
          status: 429,
          headers: { 'retry-after': String(wait) },
          body: BLOCKBOOK_RATE_LIMIT_BODY,
        }),
      },
    ],
  };
}
