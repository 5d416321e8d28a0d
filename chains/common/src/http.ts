/**
 * JSON over HTTP for every family's network/ layer (product API, nodes, explorers): one timeout (also
 * cancelled by the caller's signal), JSON headers, and failures as the family's own error type:
 * status 0 'network' for a transport failure or timeout, the server's `error`/`message`/`code` for a
 * non-2xx answer, 'malformed' for a 2xx answer that is not JSON. An answer is never silently empty.
 */
import { readErrorBody, type ChainErrorBody } from './wire';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface JsonRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Builds the family's error: HTTP status (0 = network / timeout), message, code, and the product API's error body
 * when the answer carried one (attempts, retryAfter, stale).
 */
export type HttpErrorFactory = (status: number, message: string, code?: string, body?: ChainErrorBody) => Error;

export async function requestJson(
  doFetch: FetchLike,
  url: string,
  init: JsonRequest,
  fail: HttpErrorFactory,
): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs);
  const onAbort = () => controller.abort();
  init.signal?.addEventListener('abort', onAbort, { once: true });
  let res: Response;
  try {
    res = await doFetch(url, {
      method: init.method ?? 'GET',
      headers:
        init.body !== undefined
          ? { 'content-type': 'application/json', accept: 'application/json' }
          : { accept: 'application/json' },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      signal: controller.signal,
    });
  } catch (e) {
    throw fail(
      0,
      controller.signal.aborted ? 'timeout' : e instanceof Error ? e.message : 'network error',
      'network',
    );
  } finally {
    clearTimeout(timer);
    init.signal?.removeEventListener('abort', onAbort);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const o = (body ?? {}) as { error?: unknown; message?: unknown; code?: unknown };
    const message =
      typeof o.error === 'string'
        ? o.error
        : typeof o.message === 'string'
          ? o.message
          : `HTTP ${res.status}`;
    throw fail(res.status, message, typeof o.code === 'string' ? o.code : undefined, readErrorBody(body));
  }
  if (body === undefined) throw fail(res.status, 'malformed answer', 'malformed');
  return body;
}
