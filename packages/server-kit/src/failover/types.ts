/** The shapes a failover call is made of: its providers, its policy, its options and its result. */
import type { BreakerOptions } from './breaker.js';
import type { CallClass, ClassTimeouts } from './callClass.js';
import type { Attempt } from './errors.js';

export type { Provider } from './breaker.js';

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

/** One page of a history listing: the opaque cursor of the previous page (null for the first) and its size. */
export interface HistoryQuery {
  cursor: string | null;
  pageSize: number;
}

export interface FailoverLog {
  warn(obj: Record<string, unknown>, msg: string): void;
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
  /** The call's class (its timeout, first-byte rule and budget), as the facade states it; default `read`. */
  callClass?: CallClass;
  /** Checks the answer (bounds.ts): a thrown ProviderError makes it that provider's failure (next provider). */
  check?: (value: T) => void;
}

/** What a facade's failovers read from its family config: the chain, its log and its policy. */
export interface FailoverHost {
  readonly chain: string;
  readonly log?: FailoverLog | undefined;
  readonly policy?: FailoverPolicy | undefined;
}

export type Has<P, K extends keyof P> = P & Required<Pick<P, K>>;
