/**
 * Blockbook's rate-limit answer (issue 29, mainnet-behaviour.md §11 row 5): recognised by status and body and
 * classified `rateLimited` with the Retry-After or penalty, which the breaker then honours (the server's
 * rateLimitAnswers.test.ts). Fake upstreams answer the provider's documented shape.
 */
import { describe, expect, it } from 'vitest';
import { base, failure, signal, useAnswering } from '@secux-companion/server-kit/testing/providerAnswers';
import { createBlockbook } from './providers/blockbook.js';

const answering = useAnswering();

describe("each provider's rate-limit answer", () => {
  it('Blockbook: 429 {"error":"rate limit exceeded"} with Retry-After', async () => {
    const url = await answering({
      status: 429,
      body: { error: 'rate limit exceeded' },
      headers: { 'retry-after': '17' },
    });
    const bb = createBlockbook({ ...base, name: 'blockbook#1', url, network: 'main' });
    expect(await failure(bb.getTx!('ab'.repeat(32), signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 17,
      status: 429,
    });
  });
});
