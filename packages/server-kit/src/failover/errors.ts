/** The failure kinds of a provider call and the errors a failover throws (see ../failover.ts). */

export type FailureKind =
  | 'refused'
  | 'timeout'
  | 'server'
  | 'rateLimited'
  | 'malformed'
  | 'wrongChain'
  | 'unsupported'
  | 'notFound'
  | 'rejected'
  | 'badRequest';

/** Failures that say something about the provider's health. */
export const TRANSIENT: ReadonlySet<FailureKind> = new Set([
  'refused',
  'timeout',
  'server',
  'rateLimited',
  'malformed',
  'wrongChain',
]);

/** Failures after which the next provider is tried: the transient ones, and a provider that lacks the call. */
const SKIP: ReadonlySet<FailureKind> = new Set<FailureKind>([...TRANSIENT, 'unsupported']);

export class ProviderError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly opts: {
      status?: number;
      retryAfter?: number;
      upstreamCode?: number | string;
      /** false: not the provider's health (e.g. the node's own cap on new accounts); the breaker ignores it. */
      health?: false;
      /**
       * `call`: a rate limit of this one call only (Solana's per-method 429 "Too many requests for a specific RPC
       * call"): only this provider × call pauses (the failover's `what`, and `call`), not the provider's other calls.
       */
      scope?: 'call';
      /** The upstream method the answer was about (a JSON-RPC method), also paused with a `call` scope. */
      call?: string;
    } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
  get skippable(): boolean {
    return SKIP.has(this.kind);
  }
}

export interface Attempt {
  provider: string;
  kind: FailureKind;
  status?: number;
}

/** The typed error the chain routes answer with (JSON `{error, code, statusCode, chain, …}`). */
export class ChainApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ChainApiError';
  }
}

export function toProviderError(e: unknown): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof ChainApiError) return new ProviderError('badRequest', e.message);
  const msg = e instanceof Error ? e.message : String(e);
  // Anything unexpected inside a provider (a bug or an odd answer) is treated like a malformed answer.
  return new ProviderError('malformed', `unexpected provider error: ${msg}`);
}
