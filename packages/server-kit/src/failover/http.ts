/** The HTTP client every provider shares: one request, classified into a ProviderError when it fails. */
import type { z } from 'zod';
import { parseJson, snippet, validate } from './answers.js';
import { firstByte } from './budget.js';
import { ProviderError } from './errors.js';
import { rateLimitOf } from './rateLimitAnswer.js';

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
