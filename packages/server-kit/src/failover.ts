/**
 * Ordered providers with timeouts, a per-provider circuit breaker, a request budget and failure classification.
 *
 * Timeouts per call class ({@link CallClass}): a cheap `read` must start answering within the connect timeout
 * (CHAIN_CONNECT_TIMEOUT_MS) and end within CHAIN_READ_TIMEOUT_MS; a `history` call (history pages, token discovery,
 * xpub scans) has CHAIN_HISTORY_TIMEOUT_MS, with the first-byte rule only while another provider could take over (the
 * last one may take the whole time: such answers start only when done); a `submit` (broadcast; Horizon answers only
 * after the ledger closes) has CHAIN_SUBMIT_TIMEOUT_MS and no first-byte rule. A chain's own CHAIN_<SYM>_TIMEOUT_MS
 * replaces every class's. The whole request (every provider tried) runs within the request
 * budget (CHAIN_REQUEST_BUDGET_MS, below the browser's 30 s; a submit within CHAIN_SUBMIT_BUDGET_MS, a history-class
 * call within CHAIN_HISTORY_BUDGET_MS).
 *
 * Rate limits: a provider's rate-limit answer (429, or its own 403/503/200 shape: see {@link rateLimitOf}) is
 * `rateLimited` with the upstream's Retry-After or penalty, which opens the provider's breaker for that long at once
 * (nobody hammers a provider that asked for a pause, not even as the last resort). An answer about one call only
 * (ProviderError `scope: 'call'`: Solana's per-method 429) pauses only that provider × call, not its other calls.
 * The client-side token bucket per provider host (rateLimit.ts) refuses a request before it is sent the same way,
 * without counting against the provider's health.
 *
 * Circuit breaker (one per provider, kept across requests; policy after MetaMask's service policy): only transient
 * failures (refused, timeout, 5xx, 429, malformed or out-of-bounds answers, wrong chain) move on to the next provider
 * and count against it. After `failures` consecutive ones — or one refusal or timeout when another provider can
 * answer — the provider is skipped for a cool-down (doubling on every failed probe up to `maxCooldownMs`, at least
 * the upstream's Retry-After) as long as another provider of the call is not cooling down; then one request probes
 * it again: a success closes the breaker. A call whose providers are all cooling down still tries them.
 *
 * A provider that refuses the connection, hangs past its timeout, answers 5xx or 429, sends malformed JSON (or JSON
 * of the wrong shape), reports the wrong chain, or does not support the call is skipped for the next one. A 404
 * ("not found"), an upstream rejection of the input (e.g. a broadcast refused by the node) or an upstream "bad
 * request" is final: every healthy provider would say the same.
 *
 * When every provider failed, the call fails with a {@link ChainApiError} (429 when all were rate limited, 503 when
 * none was reachable or none is configured, 502 otherwise). A failure is never turned into a zero balance or
 * an empty result: the client keeps showing its last known value as stale.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';

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

export interface Provider {
  /** Configured name shown to clients and logs (never the URL: it may carry a key). */
  readonly name: string;
  /** Per-call timeout in ms when neither the provider nor the policy gives one for the call's class. */
  readonly timeoutMs: number;
  /** Its own timeouts per call class (an operator's CHAIN_<SYM>_TIMEOUT_MS): win over the policy's. */
  readonly timeouts?: Partial<ClassTimeouts>;
  /** Its circuit breaker (wrappers of a provider pass the provider's own); default: one per provider object. */
  readonly breaker?: Breaker;
  /** Called after a transient failure (e.g. the provider checks its chain again on the next call). */
  onFailure?(): void;
}

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

/** What a facade's failovers read from its family config: the chain, its log and its policy. */
export interface FailoverHost {
  readonly chain: string;
  readonly log?: FailoverLog | undefined;
  readonly policy?: FailoverPolicy | undefined;
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

export type Has<P, K extends keyof P> = P & Required<Pick<P, K>>;
/** The providers of a list that implement an optional method `k` (every family's facade picks them this way). */
export const having = <P extends Provider, K extends keyof P>(list: readonly P[], k: K): Has<P, K>[] =>
  list.filter((p): p is Has<P, K> => typeof p[k] === 'function');

// ---------------------------------------------------------------------------------------------------------------------
// Call classes
// ---------------------------------------------------------------------------------------------------------------------

/**
 * How long a call may take (mainnet-behaviour.md §0, §11 row 1): `read` cheap lookups (balances, fees, chain info,
 * one transaction), `history` history pages, token discovery and xpub scans, `submit` broadcasts.
 */
export type CallClass = 'read' | 'history' | 'submit';
export type ClassTimeouts = Record<CallClass, number>;

/** Defaults of CHAIN_READ_TIMEOUT_MS, CHAIN_HISTORY_TIMEOUT_MS and CHAIN_SUBMIT_TIMEOUT_MS. */
export const CLASS_TIMEOUTS: ClassTimeouts = { read: 8_000, history: 30_000, submit: 40_000 };

/** Every class the same timeout (an operator's CHAIN_<SYM>_TIMEOUT_MS). */
export const allClasses = (ms: number): ClassTimeouts => ({ read: ms, history: ms, submit: ms });

/** Calls named so by the facades that send a transaction. */
const SUBMIT_CALLS = new Set([
  'broadcast',
  'eth_sendRawTransaction',
  'sendrawtransaction',
  'sendTransaction',
]);
/** Calls named so by the facades that list or scan (history pages, token and NFT discovery, token account scans). */
const HISTORY_CALLS = new Set([
  'history',
  'token discovery',
  'tokens',
  'token balances',
  'NFTs',
  'signatures',
  'xpub',
]);

/** The class of a call the facade did not classify itself, from its name (`what`). */
export function callClassOf(what: string): CallClass {
  if (SUBMIT_CALLS.has(what)) return 'submit';
  if (HISTORY_CALLS.has(what) || what.startsWith('history')) return 'history';
  return 'read';
}

// ---------------------------------------------------------------------------------------------------------------------
// Circuit breaker, timeouts and budget
// ---------------------------------------------------------------------------------------------------------------------

export interface BreakerOptions {
  /** Consecutive transient failures that open the breaker. */
  failures: number;
  /** First cool-down (ms); doubled after every failed probe. */
  cooldownMs: number;
  maxCooldownMs: number;
}

export const DEFAULT_BREAKER: BreakerOptions = { failures: 3, cooldownMs: 30_000, maxCooldownMs: 300_000 };

/** Failures that say something about the provider's health. */
const TRANSIENT: ReadonlySet<FailureKind> = new Set([
  'refused',
  'timeout',
  'server',
  'rateLimited',
  'malformed',
  'wrongChain',
]);

/** Failures after which the next provider is tried: the transient ones, and a provider that lacks the call. */
const SKIP: ReadonlySet<FailureKind> = new Set<FailureKind>([...TRANSIENT, 'unsupported']);

export class Breaker {
  private failures = 0;
  private openUntil = 0;
  private cooldown: number;
  private probing = false;
  /** Until when the provider asked not to be called (its Retry-After or penalty): not even a last resort. */
  private penaltyUntil = 0;
  /** The failure that opened it (reported for skipped providers). */
  last: { kind: FailureKind; status?: number } | undefined;
  /** Calls (a failover's `what`, an upstream method) the provider rate-limited on their own: until when. */
  private readonly callPauses = new Map<string, { until: number; status?: number }>();

  constructor(readonly o: BreakerOptions = DEFAULT_BREAKER) {
    this.cooldown = o.cooldownMs;
  }

  /** Open: skipped until the cool-down ends. */
  get isOpen(): boolean {
    return Date.now() < this.openUntil || (this.openUntil > 0 && this.probing);
  }

  /** Seconds left of the provider's own rate-limit pause (0 when none). */
  get penaltyLeft(): number {
    return Math.max(0, Math.ceil((this.penaltyUntil - Date.now()) / 1000));
  }

  /** Seconds left of a pause the provider asked for on this one call only (0 when none). */
  callPauseLeft(call: string): number {
    const p = this.callPauses.get(call);
    if (!p) return 0;
    const left = p.until - Date.now();
    if (left <= 0) this.callPauses.delete(call);
    return Math.max(0, Math.ceil(left / 1000));
  }

  /** The answer that paused this call (reported for skipped providers). */
  callPauseOf(call: string): { kind: FailureKind; status?: number } {
    const status = this.callPauses.get(call)?.status;
    return { kind: 'rateLimited', ...(status ? { status } : {}) };
  }

  /**
   * A rate limit of one call only (ProviderError `scope: 'call'`): that call (`calls`) is paused for its Retry-After,
   * else the first cool-down; the provider's health and its other calls are untouched.
   */
  pauseCall(calls: readonly string[], err: ProviderError): void {
    const until = Date.now() + (err.opts.retryAfter ? err.opts.retryAfter * 1000 : this.o.cooldownMs);
    for (const c of calls)
      this.callPauses.set(c, { until, ...(err.opts.status ? { status: err.opts.status } : {}) });
    // Calls are the facades' names and the upstream methods (a few dozen); the ended ones are dropped now and then.
    if (this.callPauses.size > 100)
      for (const [c, v] of this.callPauses) if (v.until <= Date.now()) this.callPauses.delete(c);
    this.release();
  }

  /** May this request use the provider? After a cool-down one request (the probe) may, the others wait for it. */
  acquire(): boolean {
    if (Date.now() < this.openUntil) return false;
    if (this.openUntil > 0) {
      if (this.probing) return false;
      this.probing = true;
    }
    return true;
  }

  /** The provider answered (also "not found" or a rejection: it is healthy). */
  success(): void {
    this.failures = 0;
    this.openUntil = 0;
    this.probing = false;
    this.cooldown = this.o.cooldownMs;
    this.last = undefined;
  }

  /** Until when the provider goes behind the others of a call: its last answer was slow (FailoverPolicy.slowMs). */
  private slowUntil = 0;
  get isSlow(): boolean {
    return Date.now() < this.slowUntil;
  }
  /** How long its last answer took: a slow one moves it behind the others for a cool-down, a quick one back. */
  answered(ms: number, slowMs: number): void {
    this.slowUntil = ms > slowMs ? Date.now() + this.o.cooldownMs : 0;
  }

  /** Neither healthy nor failing (unsupported call, request ended before it finished). */
  release(): void {
    this.probing = false;
  }

  failure(err: ProviderError, hasAlternative: boolean): void {
    if (!TRANSIENT.has(err.kind) || err.opts.health === false) return this.release();
    this.failures += 1;
    this.last = { kind: err.kind, ...(err.opts.status ? { status: err.opts.status } : {}) };
    const costly = err.kind === 'timeout' || err.kind === 'refused';
    const pause = err.kind === 'rateLimited' ? (err.opts.retryAfter ?? 0) * 1000 : 0;
    if (pause > 0) {
      // The provider said how long to stay away (Retry-After, TronGrid's "suspended for 30s"): open at once.
      this.penaltyUntil = Date.now() + pause;
      this.openUntil = Math.max(this.openUntil, this.penaltyUntil);
    }
    if (this.probing || this.failures >= this.o.failures || (costly && hasAlternative)) {
      const wait = Math.max(this.cooldown, (err.opts.retryAfter ?? 0) * 1000);
      this.openUntil = Date.now() + wait;
      if (this.probing) this.cooldown = Math.min(this.cooldown * 2, this.o.maxCooldownMs);
    }
    this.probing = false;
  }
}

const breakers = new WeakMap<object, Breaker>();
/** A provider's breaker (its own, or one kept for the provider object). */
export function breakerOf(p: Provider): Breaker {
  if (p.breaker) return p.breaker;
  let b = breakers.get(p);
  if (!b) breakers.set(p, (b = new Breaker()));
  return b;
}

/**
 * Gives a provider its own breaker with these settings (family config), and the operator's own timeout for it
 * (CHAIN_<SYM>_TIMEOUT_MS), which replaces every call class's.
 */
export function withBreaker<P extends Provider>(p: P, o?: BreakerOptions, ownTimeoutMs?: number): P {
  return Object.assign(p, {
    breaker: new Breaker(o),
    ...(ownTimeoutMs !== undefined ? { timeouts: allClasses(ownTimeoutMs) } : {}),
  });
}

/** Timeouts and budget of a failover call (FamilyContext.policy; CHAINS.md "Timeouts"). */
export interface FailoverPolicy {
  /** First byte of every HTTP answer of a `read` call within this (ms). */
  connectTimeoutMs?: number;
  /** The call timeout of each class (CHAIN_READ/HISTORY/SUBMIT_TIMEOUT_MS); default the provider's timeoutMs. */
  timeouts?: ClassTimeouts;
  /** The request budget of a submit (CHAIN_SUBMIT_BUDGET_MS) when longer than the request's own. */
  submitBudgetMs?: number;
  /** The request budget of a history-class call (CHAIN_HISTORY_BUDGET_MS) when longer than the request's own. */
  historyBudgetMs?: number;
  /**
   * The client-side token buckets the family declares its providers' rates in (rateLimit.ts' RateBook; named by its
   * method here, so that failover does not import the module that imports it).
   */
  rates?: { declare(url: string, kind: string | null, explicit?: unknown): void };
  /** The whole call (every provider) within this (ms), on top of the request's budget. */
  budgetMs?: number;
  /**
   * A read or history answer slower than this (ms) moves its provider behind the others of the call for the breaker's
   * cool-down (CHAIN_SLOW_ANSWER_MS): a provider that answers, but slowly, no longer slows every call down.
   */
  slowMs?: number;
  breaker?: BreakerOptions;
  /**
   * When every provider is cooling down, try them anyway (default) — or fail at once (false: the caller has a
   * fallback of its own, e.g. the spec's fee tiers).
   */
  lastResort?: boolean;
}

interface RequestContext {
  start: number;
  budgetMs: number;
  /** Who asked (the client's address): its share of each provider's token bucket (rateLimit.ts). */
  client?: string;
}
const requestContext = new AsyncLocalStorage<RequestContext>();
/**
 * Runs a request's work with a budget every failover inside it respects (routes.ts): `ms` from now (a submit: at
 * least its policy's submitBudgetMs, a history-class call its historyBudgetMs), and the client it is for.
 */
export function withBudget<T>(ms: number, fn: () => T, client?: string): T {
  return requestContext.run({ start: Date.now(), budgetMs: ms, ...(client ? { client } : {}) }, fn);
}
/** The client of the request being served (undefined outside a request). */
export function currentClient(): string | undefined {
  return requestContext.getStore()?.client;
}

const firstByte = new WeakMap<AbortSignal, number>();

/** One page of a history listing: the opaque cursor of the previous page (null for the first) and its size. */
export interface HistoryQuery {
  cursor: string | null;
  pageSize: number;
}

export interface FailoverLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** Runs `fn` with a timeout: rejects with a 'timeout' ProviderError (and aborts the signal) when it hangs. */
export async function withTimeout<T>(
  ms: number,
  fn: (signal: AbortSignal) => Promise<T>,
  outer?: AbortSignal,
  connectTimeoutMs?: number,
): Promise<T> {
  const ac = new AbortController();
  const fb = connectTimeoutMs ?? (outer ? firstByte.get(outer) : undefined);
  if (fb !== undefined) firstByte.set(ac.signal, fb);
  const onOuter = () => ac.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new ProviderError('timeout', `no answer within ${ms} ms`);
      ac.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([fn(ac.signal), timeout]);
  } catch (e) {
    if (ac.signal.aborted && ac.signal.reason instanceof ProviderError) throw ac.signal.reason;
    throw e;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}

export interface FailoverResult<T> {
  value: T;
  provider: string;
  attempts: Attempt[];
  /** Providers actually asked that failed (the attempts also list providers skipped while cooling down). */
  failed: number;
}

export interface FailoverOptions<T> {
  log?: FailoverLog;
  policy?: FailoverPolicy;
  /** The call's class (its timeout, first-byte rule and budget); default from its name ({@link callClassOf}). */
  callClass?: CallClass;
  /** Checks the answer (bounds.ts): a thrown ProviderError makes it that provider's failure (next provider). */
  check?: (value: T) => void;
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
  const cls = opts.callClass ?? callClassOf(what);
  const outer = requestContext.getStore();
  const classBudget =
    cls === 'submit' ? policy.submitBudgetMs : cls === 'history' ? policy.historyBudgetMs : 0;
  const requestBudget = outer ? outer.start + Math.max(outer.budgetMs, classBudget ?? 0) : Infinity;
  const deadline = Math.min(requestBudget, policy.budgetMs ? Date.now() + policy.budgetMs : Infinity);
  const attempts: Attempt[] = [];
  let failed = 0;
  let retryAfter: number | undefined;
  const usable = providers.filter((p) => !breakerOf(p).isOpen && !breakerOf(p).callPauseLeft(what));
  // When every provider of this call is cooling down they are tried anyway: a lone provider is never locked out.
  // Except one that asked for a pause (rate limited with Retry-After): it is left alone until the pause is over.
  const lastResort = usable.length === 0 && policy.lastResort !== false;
  // Providers whose last answer was slow go behind the others (in their order), a submit excepted.
  const order =
    policy.slowMs && cls !== 'submit' && providers.length > 1
      ? [...providers.filter((p) => !breakerOf(p).isSlow), ...providers.filter((p) => breakerOf(p).isSlow)]
      : providers;
  for (const [i, p] of order.entries()) {
    const breaker = breakerOf(p);
    const left = deadline - Date.now();
    if (left <= 0) {
      attempts.push({ provider: p.name, kind: 'timeout' }); // the request's budget is spent
      continue;
    }
    // A pause of this call only (a per-method rate limit) skips it like the provider's own pause.
    const callPause = breaker.callPauseLeft(what);
    const pause = Math.max(breaker.penaltyLeft, callPause);
    if (pause > 0 || (!breaker.acquire() && !lastResort)) {
      attempts.push({
        provider: p.name,
        ...(callPause > 0 ? breaker.callPauseOf(what) : (breaker.last ?? { kind: 'timeout' as const })),
      });
      if (pause > 0) retryAfter = retryAfter === undefined ? pause : Math.min(retryAfter, pause);
      continue;
    }
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
      return { value, provider: p.name, attempts, failed };
    } catch (e) {
      const err = toProviderError(e);
      failed += 1;
      attempts.push({
        provider: p.name,
        kind: err.kind,
        ...(err.opts.status ? { status: err.opts.status } : {}),
      });
      if (err.opts.retryAfter) retryAfter = Math.max(retryAfter ?? 0, err.opts.retryAfter);
      if (!err.skippable) {
        breaker.success();
        throw finalError(chain, what, p.name, err, attempts);
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
      log?.warn(
        { chain, what, provider: p.name, kind: err.kind, status: err.opts.status },
        `chain provider failed: ${err.message}`,
      );
    }
  }
  throw allFailed(chain, what, attempts, retryAfter);
}

export function toProviderError(e: unknown): ProviderError {
  if (e instanceof ProviderError) return e;
  if (e instanceof ChainApiError) return new ProviderError('badRequest', e.message);
  const msg = e instanceof Error ? e.message : String(e);
  // Anything unexpected inside a provider (a bug or an odd answer) is treated like a malformed answer.
  return new ProviderError('malformed', `unexpected provider error: ${msg}`);
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

// ---------------------------------------------------------------------------------------------------------------------
// HTTP helpers shared by the providers
// ---------------------------------------------------------------------------------------------------------------------

export type FetchFn = typeof fetch;

export interface HttpAnswer {
  status: number;
  text: string;
  headers: Headers;
}

export interface HttpOptions {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Statuses returned to the caller instead of being classified (e.g. Blockbook's 400 with a JSON error). */
  pass?: readonly number[];
  /** First-byte timeout of this request (ms); default: the call's connect timeout (FailoverPolicy). */
  firstByteMs?: number;
  /** Largest answer body read (bytes); a longer one is cut off while streaming. Default MAX_ANSWER_BYTES. */
  maxBytes?: number;
  /** Unit of the `x-ratelimit-reset` header when it is a duration (Blockscout: ms; Horizon: s, the default). */
  resetUnit?: 'ms' | 's';
}

/**
 * Rate-limit answers in words (mainnet-behaviour.md §11 row 5): Blockbook `{"error":"rate limit exceeded"}`, rippled
 * `Server is overloaded`, Clio `slowDown` / rippled `tooBusy`, TronGrid `… frequency limit(15), and the query server is
 * suspended for 30s` / `request rate exceeded the allowed_rps(10)`, TronScan `request too quickly`, Etherscan `Max
 * rate limit reached` / `Max calls per sec rate limit reached`, Solana `Too many requests for a specific RPC call`,
 * EVM nodes `over rate limit` / `Limit exceeded`.
 */
/** A rate-limit answer about one call only (Solana's per-method limit: "Too many requests for a specific RPC call"). */
export const PER_CALL_LIMIT_TEXT = /specific RPC call/i;

export const RATE_LIMIT_TEXT =
  /rate.?limit|too many requests|frequency limit|allowed_rps|suspended for|too quickly|server is overloaded|slowDown|tooBusy|limit exceeded|over rate limit|you are placing too much load/i;

/** The pause an answer asks for in words ("suspended for 30s", "suspended for 5 s"), in seconds. */
export function penaltyOf(text: string): number | undefined {
  const m = /suspended for (\d+(?:\.\d+)?) ?s/i.exec(text);
  return m ? Math.ceil(Number(m[1])) : undefined;
}

/**
 * The pause (seconds) a rate-limit answer asks for: `Retry-After` (seconds or an HTTP date), else
 * `x-ratelimit-reset` (a duration in `unit`, or an epoch time in s or ms), else a penalty in its text.
 */
export function retryAfterOf(headers: Headers, text = '', unit: 'ms' | 's' = 's'): number | undefined {
  const positive = (n: number) => (Number.isFinite(n) && n > 0 ? Math.ceil(n) : undefined);
  const ra = headers.get('retry-after')?.trim();
  if (ra) {
    if (/^\d+(\.\d+)?$/.test(ra)) return positive(Number(ra));
    const at = Date.parse(ra);
    if (Number.isFinite(at)) return positive((at - Date.now()) / 1000);
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) {
    if (reset > 1e12) return positive((reset - Date.now()) / 1000); // epoch ms
    if (reset > 1e9) return positive(reset - Date.now() / 1000); // epoch s
    return positive(unit === 'ms' ? reset / 1000 : reset);
  }
  return penaltyOf(text);
}

/**
 * A rate-limit answer of any provider, by status and body: 429 always; 403 (TronGrid's penalty, TronScan, a blocked
 * IP) and 503 (rippled `Server is overloaded`, TronGrid with a key above its QPS) when the body says so.
 */
export function rateLimitOf(
  status: number,
  text: string,
  headers: Headers,
  unit?: 'ms' | 's',
): ProviderError | undefined {
  const byText = (status === 403 || status === 503) && RATE_LIMIT_TEXT.test(text);
  if (status !== 429 && !byText) return undefined;
  const retryAfter = retryAfterOf(headers, text, unit);
  return new ProviderError('rateLimited', `rate limited (${status}): ${snippet(text, 120)}`, {
    status,
    ...(retryAfter ? { retryAfter } : {}),
    ...(PER_CALL_LIMIT_TEXT.test(text) ? { scope: 'call' as const } : {}),
  });
}

/**
 * The largest upstream answer read (8 MiB): well above a Blockbook page of 1000 transactions, while a lying or broken
 * provider's 50 MB answer is cut off as it streams instead of being held in memory (issue 29 measured 400 → 912 MB).
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Reads a body as UTF-8 text, at most `max` bytes: a longer one is cancelled and refused as malformed. */
async function readCapped(res: Response, max: number, abort: () => void): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  const tooLarge = () => new ProviderError('malformed', `answer larger than ${max} bytes`);
  if (Number.isFinite(declared) && declared > max) {
    abort();
    throw tooLarge();
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      abort();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * One HTTP request, classified: connection failure → refused, abort → timeout, a rate-limit answer
 * ({@link rateLimitOf}) → rateLimited, 5xx → server, 404 → notFound, 410 → unsupported, other 4xx (not in `pass`) →
 * badRequest. The body is read as text (parse with {@link parseJson}).
 */
export async function httpRequest(fetchFn: FetchFn, url: string, o: HttpOptions = {}): Promise<HttpAnswer> {
  let res: Response;
  // The first byte (status line and headers) must come within the connect timeout.
  const fbMs = o.firstByteMs ?? (o.signal ? firstByte.get(o.signal) : undefined);
  const ac = new AbortController();
  const onOuter = () => ac.abort(o.signal?.reason);
  if (o.signal?.aborted) onOuter();
  o.signal?.addEventListener('abort', onOuter, { once: true });
  const timer =
    fbMs !== undefined && Number.isFinite(fbMs)
      ? setTimeout(() => ac.abort(new ProviderError('timeout', `no answer started within ${fbMs} ms`)), fbMs)
      : undefined;
  try {
    res = await fetchFn(url, {
      method: o.method ?? 'GET',
      headers: { accept: 'application/json', ...o.headers },
      body: o.body,
      signal: ac.signal,
      redirect: 'error',
    });
  } catch (e) {
    o.signal?.removeEventListener('abort', onOuter);
    // The client-side token bucket refused to send it (rateLimit.ts).
    if (e instanceof ProviderError) throw e;
    if (ac.signal.aborted) {
      const r = ac.signal.reason as unknown;
      throw r instanceof ProviderError ? r : new ProviderError('timeout', 'request aborted');
    }
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new ProviderError('refused', `connection failed${cause ? ` (${cause})` : ''}`);
  } finally {
    clearTimeout(timer);
  }
  let text: string;
  try {
    text = await readCapped(res, o.maxBytes ?? MAX_ANSWER_BYTES, () => ac.abort());
  } catch (e) {
    if (e instanceof ProviderError) throw e;
    if (ac.signal.aborted) throw new ProviderError('timeout', 'response body timed out');
    throw new ProviderError('refused', 'connection dropped while reading the answer');
  } finally {
    o.signal?.removeEventListener('abort', onOuter);
  }
  const status = res.status;
  if (o.pass?.includes(status)) return { status, text, headers: res.headers };
  const limited = rateLimitOf(status, text, res.headers, o.resetUnit);
  if (limited) throw limited;
  if (status >= 500) throw new ProviderError('server', `upstream error ${status}`, { status });
  if (status === 404) throw new ProviderError('notFound', 'not found', { status });
  // Gone for this provider (Solana's disabled calls, Horizon's history before its retention): another may have it.
  if (status === 410)
    throw new ProviderError('unsupported', `not served by this provider (410): ${snippet(text)}`, { status });
  if (status >= 400)
    throw new ProviderError('badRequest', `upstream refused the request (${status}): ${snippet(text)}`, {
      status,
    });
  if (status < 200 || status >= 300)
    throw new ProviderError('server', `unexpected status ${status}`, { status });
  return { status, text, headers: res.headers };
}

export function snippet(text: string, max = 200): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError('malformed', `answer is not JSON: ${snippet(text, 80)}`);
  }
}

/** Validates an upstream value; a mismatch is a 'malformed' answer (next provider). */
export function validate<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new ProviderError(
    'malformed',
    `unexpected ${what} shape${issue ? ` at ${issue.path.join('.') || '(root)'}: ${issue.message}` : ''}`,
  );
}

/** GET/POST returning validated JSON. */
export async function getJson<S extends z.ZodType>(
  fetchFn: FetchFn,
  url: string,
  schema: S,
  what: string,
  o: HttpOptions = {},
): Promise<z.output<S>> {
  const a = await httpRequest(fetchFn, url, o);
  return validate(schema, parseJson(a.text), what);
}

// ---------------------------------------------------------------------------------------------------------------------
// Small shared helpers
// ---------------------------------------------------------------------------------------------------------------------

/** Opaque cursor: base64url(JSON). Providers put their own kind in `k` so a cursor is never misread by another kind. */
export function encodeCursor(c: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(c: string | undefined | null): Record<string, unknown> | null {
  if (!c) return null;
  try {
    const v = JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The providers that can go on from a history cursor (their `cursorKind` wrote it); all of them without a cursor.
 * A cursor that does not decode, or that no configured provider kind wrote, is the client's error: 400.
 */
export function cursorProviders<P extends { cursorKind?: string }>(
  list: readonly P[],
  cursor: string | null,
): P[] {
  if (!cursor) return [...list];
  const c = decodeCursor(cursor);
  const mine = c ? list.filter((p) => p.cursorKind === c.k) : [];
  if (!mine.length)
    throw new ChainApiError(
      400,
      'bad_request',
      'cursor is not one this chain returned (ask the first page again)',
    );
  return mine;
}

/** Serialises calls (e.g. Bitcoin Core's scantxoutset allows one scan at a time). */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  async run<T>(fn: () => Promise<T>): Promise<T> {
    const prev = this.tail;
    let release!: () => void;
    this.tail = new Promise((r) => (release = r));
    try {
      await prev;
      return await fn();
    } finally {
      release();
    }
  }
}
