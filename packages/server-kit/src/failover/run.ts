/** The failover runner: tries a call on each provider in order (see ../failover.ts). */
import { breakerOf } from './breaker.js';
import { requestContext, withTimeout } from './budget.js';
import type { CallClass } from './callClass.js';
import { ChainApiError, TRANSIENT, toProviderError, type Attempt, type ProviderError } from './errors.js';
import type {
  FailoverHost,
  FailoverLog,
  FailoverOptions,
  FailoverPolicy,
  FailoverResult,
  Has,
  Provider,
} from './types.js';

/** A facade's failover options: its log, its policy, the answer's bounds check and the call class (each when given). */
export function failoverOptions<T>(
  log?: FailoverLog,
  policy?: FailoverPolicy,
  check?: (v: T) => void,
  callClass?: CallClass,
): FailoverOptions<T> {
  return {
    ...(log ? { log } : {}),
    ...(policy ? { policy } : {}),
    ...(check ? { check } : {}),
    ...(callClass ? { callClass } : {}),
  };
}

/**
 * A facade's failover call (every account-based family's `run`): `failover` over `providers` with the config's chain,
 * log and policy, and the answer's bounds check.
 */
export function facadeFailover<P extends Provider, T>(
  host: FailoverHost,
  what: string,
  providers: readonly P[],
  fn: (p: P, signal: AbortSignal) => Promise<T>,
  check?: (v: T) => void,
  callClass?: CallClass,
): Promise<FailoverResult<T>> {
  return failover(host.chain, what, providers, fn, failoverOptions(host.log, host.policy, check, callClass));
}

/** The providers of a list that implement an optional method `k` (every family's facade picks them this way). */
export const having = <P extends Provider, K extends keyof P>(list: readonly P[], k: K): Has<P, K>[] =>
  list.filter((p): p is Has<P, K> => typeof p[k] === 'function');

/** What one failover call keeps while it goes through its providers. */
interface Run {
  readonly chain: string;
  readonly what: string;
  readonly log: FailoverLog | undefined;
  readonly attempts: Attempt[];
  failed: number;
  retryAfter: number | undefined;
}

/** When the whole call must be over: the request's budget (its class's when longer) and the policy's own budget. */
function deadlineOf(cls: CallClass, policy: FailoverPolicy): number {
  const outer = requestContext.getStore();
  const classBudget =
    cls === 'submit' ? policy.submitBudgetMs : cls === 'history' ? policy.historyBudgetMs : 0;
  const requestBudget = outer ? outer.start + Math.max(outer.budgetMs, classBudget ?? 0) : Infinity;
  return Math.min(requestBudget, policy.budgetMs ? Date.now() + policy.budgetMs : Infinity);
}

/** Providers whose last answer was slow go behind the others (in their order), a submit excepted. */
function orderOf<P extends Provider>(
  providers: readonly P[],
  policy: FailoverPolicy,
  cls: CallClass,
): readonly P[] {
  return policy.slowMs && cls !== 'submit' && providers.length > 1
    ? [...providers.filter((p) => !breakerOf(p).isSlow), ...providers.filter((p) => breakerOf(p).isSlow)]
    : providers;
}

/**
 * Whether the provider sits this call out: it asked for a pause (of itself, or of this call only: a per-method rate
 * limit), or its breaker is open and this is not a last resort. A skipped provider is listed in the attempts.
 */
function skips(run: Run, p: Provider, lastResort: boolean): boolean {
  const breaker = breakerOf(p);
  // A pause of this call only (a per-method rate limit) skips it like the provider's own pause.
  const callPause = breaker.callPauseLeft(run.what);
  const pause = Math.max(breaker.penaltyLeft, callPause);
  if (!(pause > 0 || (!breaker.acquire() && !lastResort))) return false;
  run.attempts.push({
    provider: p.name,
    ...(callPause > 0 ? breaker.callPauseOf(run.what) : (breaker.last ?? { kind: 'timeout' as const })),
  });
  if (pause > 0) run.retryAfter = run.retryAfter === undefined ? pause : Math.min(run.retryAfter, pause);
  return true;
}

/**
 * Records a provider's failure: a final one (not skippable) ends the call with its error; a transient one counts
 * against the provider (or pauses only this call, for a per-call rate limit) and the next provider is tried.
 */
function failed(run: Run, p: Provider, e: unknown, usable: readonly Provider[]): void {
  const { chain, what } = run;
  const breaker = breakerOf(p);
  const err = toProviderError(e);
  run.failed += 1;
  run.attempts.push({
    provider: p.name,
    kind: err.kind,
    ...(err.opts.status ? { status: err.opts.status } : {}),
  });
  if (err.opts.retryAfter) run.retryAfter = Math.max(run.retryAfter ?? 0, err.opts.retryAfter);
  if (!err.skippable) {
    breaker.success();
    throw finalError(chain, what, p.name, err, run.attempts);
  }
  if (err.kind === 'rateLimited' && err.opts.scope === 'call') {
    // Only this call is limited (Solana's per-method 429): the provider stays healthy for its other calls.
    breaker.pauseCall(err.opts.call && err.opts.call !== what ? [what, err.opts.call] : [what], err);
  } else {
    breaker.failure(
      err,
      usable.some((q) => q !== p),
    );
    if (TRANSIENT.has(err.kind)) p.onFailure?.();
  }
  run.log?.warn(
    { chain, what, provider: p.name, kind: err.kind, status: err.opts.status },
    `chain provider failed: ${err.message}`,
  );
}

/**
 * Tries `fn` on each provider in order until one succeeds. `what` names the call in errors ("balance", "history").
 * Providers whose breaker is open are skipped (listed in the attempts with the failure that opened it) while another
 * provider can answer; when all are open they are all tried.
 */
export async function failover<P extends Provider, T>(
  chain: string,
  what: string,
  providers: readonly P[],
  fn: (p: P, signal: AbortSignal) => Promise<T>,
  opts: FailoverOptions<T> = {},
): Promise<FailoverResult<T>> {
  if (!providers.length)
    throw new ChainApiError(503, 'no_provider', `No valid API provider for ${what} on ${chain}`, { chain });
  const { log, policy = {}, check } = opts;
  const cls = opts.callClass ?? 'read';
  const deadline = deadlineOf(cls, policy);
  const run: Run = { chain, what, log, attempts: [], failed: 0, retryAfter: undefined };
  const usable = providers.filter((p) => !breakerOf(p).isOpen && !breakerOf(p).callPauseLeft(what));
  // When every provider of this call is cooling down they are tried anyway: a lone provider is never locked out.
  // Except one that asked for a pause (rate limited with Retry-After): it is left alone until the pause is over.
  const lastResort = usable.length === 0 && policy.lastResort !== false;
  const order = orderOf(providers, policy, cls);
  for (const [i, p] of order.entries()) {
    const breaker = breakerOf(p);
    const left = deadline - Date.now();
    if (left <= 0) {
      run.attempts.push({ provider: p.name, kind: 'timeout' }); // the request's budget is spent
      continue;
    }
    if (skips(run, p, lastResort)) continue;
    // A read must start answering within the connect timeout. A history call too while another provider could take
    // over (a hung one costs seconds, not the budget); the last one may take its whole class's time, as such answers
    // start only when done. A submit never has the rule (Horizon answers after the ledger closes).
    const another = order.slice(i + 1).some((q) => lastResort || !breakerOf(q).isOpen);
    const firstByteMs =
      cls === 'read' || (cls === 'history' && another) ? policy.connectTimeoutMs : undefined;
    const started = Date.now();
    try {
      const value = await withTimeout(
        Math.min(p.timeouts?.[cls] ?? policy.timeouts?.[cls] ?? p.timeoutMs, left),
        (signal) => fn(p, signal),
        undefined,
        firstByteMs,
      );
      check?.(value);
      breaker.success();
      if (policy.slowMs && cls !== 'submit') breaker.answered(Date.now() - started, policy.slowMs);
      return { value, provider: p.name, attempts: run.attempts, failed: run.failed };
    } catch (e) {
      failed(run, p, e, usable);
    }
  }
  throw allFailed(chain, what, run.attempts, run.retryAfter);
}

function finalError(
  chain: string,
  what: string,
  provider: string,
  err: ProviderError,
  attempts: Attempt[],
): ChainApiError {
  const base = { chain, provider, attempts };
  switch (err.kind) {
    case 'notFound':
      return new ChainApiError(404, 'not_found', err.message || `${what} not found`, base);
    case 'rejected':
      return new ChainApiError(422, 'rejected', err.message, {
        ...base,
        ...(err.opts.upstreamCode !== undefined ? { upstreamCode: err.opts.upstreamCode } : {}),
      });
    default:
      return new ChainApiError(400, 'bad_request', err.message, base);
  }
}

function allFailed(chain: string, what: string, attempts: Attempt[], retryAfter?: number): ChainApiError {
  const kinds = new Set(attempts.map((a) => a.kind));
  const extra = { chain, attempts, stale: true, ...(retryAfter ? { retryAfter } : {}) };
  // Every provider that answered is rate limiting (the others unreachable, e.g. a dead host first in the list): the
  // client is told to wait (Retry-After), not that the providers failed.
  if (
    kinds.has('rateLimited') &&
    [...kinds].every((k) => k === 'rateLimited' || k === 'refused' || k === 'timeout')
  )
    return new ChainApiError(
      429,
      'too_many_requests',
      `Too many requests: every provider for ${chain} is rate limiting (${what})`,
      extra,
    );
  if ([...kinds].every((k) => k === 'refused' || k === 'timeout'))
    return new ChainApiError(
      503,
      'upstream_unavailable',
      `No provider for ${chain} is reachable (${what})`,
      extra,
    );
  return new ChainApiError(502, 'upstream_failed', `Every provider for ${chain} failed (${what})`, extra);
}
