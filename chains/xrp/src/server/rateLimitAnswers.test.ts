/**
 * Rippled's and Clio's rate-limit answers (issue 29, mainnet-behaviour.md §11 row 5): recognised by status and body and
 * classified `rateLimited` with the Retry-After or penalty, which the breaker then honours (the server's
 * rateLimitAnswers.test.ts). Fake upstreams answer the provider's documented shape.
 */
import { describe, expect, it } from 'vitest';
import { base, failure, signal, useAnswering } from '@secux-companion/server-kit/testing/providerAnswers';
import { createRippled } from './providers/rippled.js';

const answering = useAnswering();

describe("each provider's rate-limit answer", () => {
  it('rippled: HTTP 503 "Server is overloaded" (plain text), and JSON slowDown / tooBusy', async () => {
    const overloaded = await answering({ status: 503, body: 'Server is overloaded' });
    const slowDown = await answering({
      body: {
        result: {
          status: 'error',
          error: 'slowDown',
          error_code: 10,
          error_message: 'You are placing too much load on the server.',
        },
      },
    });
    const tooBusy = await answering({ body: { result: { status: 'error', error: 'tooBusy' } } });
    for (const url of [overloaded, slowDown, tooBusy]) {
      const r = createRippled({ ...base, name: 'rippled#1', url });
      expect(await failure(r.fee(signal())), url).toMatchObject({ kind: 'rateLimited', retryAfter: 10 });
    }
    const plain503 = await answering({ status: 503, body: 'Service Unavailable' });
    expect(await failure(createRippled({ ...base, name: 'r', url: plain503 }).fee(signal()))).toMatchObject({
      kind: 'server',
    });
  });
});
