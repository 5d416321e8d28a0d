/**
 * Ordered providers with a per-call timeout and failure classification.
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

/** Failures after which the next provider is tried. */
const SKIP: ReadonlySet<FailureKind> = new Set([
  'refused',
  'timeout',
  'server',
  'rateLimited',
  'malformed',
  'wrongChain',
  'unsupported',
]);

export class ProviderError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    readonly opts: { status?: number; retryAfter?: number; upstreamCode?: number | string } = {},
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
  /** Per-call timeout in ms. */
  readonly timeoutMs: number;
}

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
): Promise<T> {
  const ac = new AbortController();
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
}

/**
 * Tries `fn` on each provider in order until one succeeds. `what` names the call in errors ("balance", "history").
 */
export async function failover<P extends Provider, T>(
  chain: string,
  what: string,
  providers: readonly P[],
  fn: (p: P, signal: AbortSignal) => Promise<T>,
  log?: FailoverLog,
): Promise<FailoverResult<T>> {
  if (!providers.length)
    throw new ChainApiError(503, 'no_provider', `No valid API provider for ${what} on ${chain}`, { chain });
  const attempts: Attempt[] = [];
  let retryAfter: number | undefined;
  for (const p of providers) {
    try {
      const value = await withTimeout(p.timeoutMs, (signal) => fn(p, signal));
      return { value, provider: p.name, attempts };
    } catch (e) {
      const err = toProviderError(e);
      attempts.push({
        provider: p.name,
        kind: err.kind,
        ...(err.opts.status ? { status: err.opts.status } : {}),
      });
      if (err.opts.retryAfter) retryAfter = Math.max(retryAfter ?? 0, err.opts.retryAfter);
      if (!err.skippable) throw finalError(chain, what, p.name, err, attempts);
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
  if (kinds.size === 1 && kinds.has('rateLimited'))
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
}

/**
 * One HTTP request, classified: connection failure → refused, abort → timeout, 429 → rateLimited, 5xx → server,
 * 404 → notFound, other 4xx (not in `pass`) → badRequest. The body is read as text (parse with {@link parseJson}).
 */
export async function httpRequest(fetchFn: FetchFn, url: string, o: HttpOptions = {}): Promise<HttpAnswer> {
  let res: Response;
  try {
    res = await fetchFn(url, {
      method: o.method ?? 'GET',
      headers: { accept: 'application/json', ...o.headers },
      body: o.body,
      signal: o.signal,
      redirect: 'error',
    });
  } catch (e) {
    if (o.signal?.aborted) {
      const r = o.signal.reason;
      throw r instanceof ProviderError ? r : new ProviderError('timeout', 'request aborted');
    }
    const cause = (e as { cause?: { code?: string } }).cause?.code;
    throw new ProviderError('refused', `connection failed${cause ? ` (${cause})` : ''}`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    if (o.signal?.aborted) throw new ProviderError('timeout', 'response body timed out');
    throw new ProviderError('refused', 'connection dropped while reading the answer');
  }
  const status = res.status;
  if (o.pass?.includes(status)) return { status, text, headers: res.headers };
  if (status === 429) {
    const ra = Number(res.headers.get('retry-after'));
    throw new ProviderError('rateLimited', 'rate limited (429)', {
      status,
      ...(Number.isFinite(ra) && ra > 0 ? { retryAfter: ra } : {}),
    });
  }
  if (status >= 500) throw new ProviderError('server', `upstream error ${status}`, { status });
  if (status === 404) throw new ProviderError('notFound', 'not found', { status });
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

/** Decimal coin amount (JSON number or string, ≤8 decimals, e.g. Bitcoin Core's 0.0001) → satoshi string. */
export function coinsToSats(v: number | string, decimals = 8): string {
  const s = typeof v === 'number' ? v.toFixed(decimals) : v.trim();
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new ProviderError('malformed', `not a decimal amount: ${snippet(String(v), 40)}`);
  const frac = (m[3] ?? '').padEnd(decimals, '0');
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals)))
    throw new ProviderError('malformed', `too many decimals: ${s}`);
  const n = BigInt(m[2]!) * 10n ** BigInt(decimals) + BigInt(frac.slice(0, decimals) || '0');
  return (m[1] ? -n : n).toString();
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
