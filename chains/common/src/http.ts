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
export type HttpErrorFactory = (
  status: number,
  message: string,
  code?: string,
  body?: ChainErrorBody,
) => Error;

/**
 * The largest answer read (8 MiB, as the server's own cap on its providers): a broken or lying endpoint's endless
 * body is cut off while it streams instead of being held in memory.
 */
export const MAX_JSON_ANSWER_BYTES = 8 * 1024 * 1024;

/** The body as UTF-8 text, at most `max` bytes; undefined when it is longer (the read is cancelled). */
async function readCapped(res: Response, max: number): Promise<string | undefined> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!res.body) return res.text();
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
      return undefined;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

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
  let text: string | undefined;
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
    // The timeout covers the body too: a server that sends headers and then stalls is a timeout, not a hang.
    text = await readCapped(res, MAX_JSON_ANSWER_BYTES);
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
  if (text === undefined)
    throw fail(res.status, `answer larger than ${MAX_JSON_ANSWER_BYTES} bytes`, 'malformed');
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
