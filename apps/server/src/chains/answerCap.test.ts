/**
 * Every upstream answer is size-capped while it streams (issue 29: a 50 MB answer took the server from about 400 MB to
 * 912 MB resident): past the cap the body is cancelled and the answer is malformed, so failover asks the next provider.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_ANSWER_BYTES,
  ProviderError,
  httpRequest,
  type FetchFn,
} from '@secux-companion/server-kit/failover';

const MiB = 1024 * 1024;

/** A fetch answering `total` bytes of JSON-ish text in 1 MiB chunks, counting the chunks actually pulled. */
function streaming(total: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  const fetchFn: FetchFn = async () => {
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const n = Math.min(MiB, total - sent);
        sent += n;
        pulled++;
        controller.enqueue(new Uint8Array(n).fill(0x20));
      },
    });
    return new Response(body, { status: 200, headers });
  };
  return { fetchFn, pulled: () => pulled };
}

describe('upstream answer size cap', () => {
  it('cuts a 50 MB answer off once it passes the cap, without reading the rest', async () => {
    const s = streaming(50 * MiB);
    const e = await httpRequest(s.fetchFn, 'https://upstream.example/big').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e).toMatchObject({ kind: 'malformed', message: `answer larger than ${MAX_ANSWER_BYTES} bytes` });
    expect(s.pulled()).toBeLessThanOrEqual(MAX_ANSWER_BYTES / MiB + 2);
  });

  it('refuses an answer whose declared length is over the cap before reading it', async () => {
    const s = streaming(20 * MiB, { 'content-length': String(20 * MiB) });
    await expect(httpRequest(s.fetchFn, 'https://upstream.example/big')).rejects.toMatchObject({
      kind: 'malformed',
    });
    expect(s.pulled()).toBeLessThanOrEqual(1);
  });

  it('reads an answer up to the cap whole, and a request may set its own cap', async () => {
    const s = streaming(MAX_ANSWER_BYTES);
    expect((await httpRequest(s.fetchFn, 'https://upstream.example/ok')).text.length).toBe(MAX_ANSWER_BYTES);
    const small = streaming(2 * MiB);
    await expect(
      httpRequest(small.fetchFn, 'https://upstream.example/x', { maxBytes: MiB }),
    ).rejects.toMatchObject({
      kind: 'malformed',
    });
  });
});
