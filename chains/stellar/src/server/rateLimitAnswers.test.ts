/**
 * Horizon's rate-limit answer (issue 29, mainnet-behaviour.md §11 row 5): recognised by status and body and classified
 * `rateLimited` with the Retry-After or penalty, which the breaker then honours (the server's
 * rateLimitAnswers.test.ts). Fake upstreams answer the provider's documented shape.
 */
import { describe, expect, it } from 'vitest';
import { base, failure, signal, useAnswering } from '@secux-companion/server-kit/testing/providerAnswers';
import { createHorizon } from './providers/horizon.js';

const answering = useAnswering();

describe("each provider's rate-limit answer", () => {
  it('Horizon: 429 problem JSON (rate_limit_exceeded) with X-RateLimit-Reset in seconds', async () => {
    const url = await answering({
      status: 429,
      body: {
        type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
        title: 'Rate Limit Exceeded',
        status: 429,
      },
      headers: { 'x-ratelimit-limit': '3600', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '42' },
    });
    const h = createHorizon({ ...base, name: 'horizon#1', url, networkPassphrase: 'x' });
    expect(await failure(h.baseFee(signal()))).toEqual({ kind: 'rateLimited', retryAfter: 42, status: 429 });
  });
});
