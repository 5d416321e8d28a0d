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
 *
 * The pieces live in ./failover/: errors (failure kinds), callClass, breaker, budget (request context, timeouts),
 * run (the runner), http (httpRequest), rateLimitAnswer, answers (JSON and shapes), cursor and mutex; this module
 * re-exports them.
 */
export type { Attempt } from './failover/errors.js';
export { ChainApiError, ProviderError } from './failover/errors.js';
export type { CallClass } from './failover/callClass.js';
export { CLASS_TIMEOUTS } from './failover/callClass.js';
export { Breaker, breakerOf, withBreaker } from './failover/breaker.js';
export type {
  FailoverHost,
  FailoverLog,
  FailoverOptions,
  FailoverPolicy,
  Has,
  HistoryQuery,
  Provider,
} from './failover/types.js';
export { currentClient, withBudget, withTimeout } from './failover/budget.js';
export { facadeFailover, failover, failoverOptions, having } from './failover/run.js';
export { parseJson, snippet, validate } from './failover/answers.js';
export { PER_CALL_LIMIT_TEXT, RATE_LIMIT_TEXT, penaltyOf, rateLimitOf } from './failover/rateLimitAnswer.js';
export type { FetchFn, HttpOptions } from './failover/http.js';
export { MAX_ANSWER_BYTES, getJson, httpRequest } from './failover/http.js';
export { cursorProviders, decodeCursor, encodeCursor, historyCursor } from './failover/cursor.js';
export { Mutex } from './failover/mutex.js';
