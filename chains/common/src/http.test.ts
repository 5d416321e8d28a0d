import { describe, expect, it } from 'vitest';
import { MAX_JSON_ANSWER_BYTES, requestJson, type FetchLike } from './http';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}
const fail = (status: number, message: string, code?: string) => new HttpError(status, message, code);

/** A 200 answer streaming a valid JSON string of `chunks` pieces of `size` bytes each (no content-length). */
function streamed(chunks: number, size: number): FetchLike {
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new TextEncoder().encode('["'));
          for (let i = 0; i < chunks; i++) c.enqueue(new Uint8Array(size).fill(0x61));
          c.enqueue(new TextEncoder().encode('"]'));
          c.close();
        },
      }),
      { status: 200 },
    );
}

describe('requestJson', () => {
  it('reads a JSON answer', async () => {
    const f: FetchLike = async () => new Response('{"a":1}', { status: 200 });
    await expect(requestJson(f, 'http://x', { timeoutMs: 1000 }, fail)).resolves.toEqual({ a: 1 });
  });

  it('refuses an answer larger than the cap while it streams', async () => {
    const chunk = 1024 * 1024;
    const f = streamed(Math.ceil(MAX_JSON_ANSWER_BYTES / chunk) + 1, chunk);
    await expect(requestJson(f, 'http://x', { timeoutMs: 5000 }, fail)).rejects.toMatchObject({
      code: 'malformed',
      status: 200,
    });
  });

  it('refuses an answer whose declared length is above the cap without reading it', async () => {
    const f: FetchLike = async () =>
      new Response('[]', { status: 200, headers: { 'content-length': String(MAX_JSON_ANSWER_BYTES + 1) } });
    await expect(requestJson(f, 'http://x', { timeoutMs: 1000 }, fail)).rejects.toMatchObject({
      code: 'malformed',
    });
  });

  it('times out a body that stalls after the headers', async () => {
    const f: FetchLike = async (_u, init) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(new TextEncoder().encode('{'));
            init?.signal?.addEventListener('abort', () => c.error(new Error('aborted')));
          },
        }),
        { status: 200 },
      );
    await expect(requestJson(f, 'http://x', { timeoutMs: 50 }, fail)).rejects.toMatchObject({
      status: 0,
      message: 'timeout',
    });
  });
});
