/**
 * A FIO API node's (nodeos) rate-limit answer (issue 29, mainnet-behaviour.md §11 row 5): recognised by status and body
 * and classified `rateLimited` with the Retry-After or penalty, which the breaker then honours (the server's
 * rateLimitAnswers.test.ts). Fake upstreams answer the provider's documented shape.
 */
import { describe, expect, it } from 'vitest';
import { base, failure, signal, useAnswering } from '@secux-companion/server-kit/testing/providerAnswers';
import { createFioNode } from './providers/fioNode.js';

const answering = useAnswering();

describe("each provider's rate-limit answer", () => {
  it('FIO / nodeos: 429 with Retry-After', async () => {
    const url = await answering({ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '9' } });
    const fio = createFioNode({ ...base, name: 'fio-node#1', url });
    expect(await failure(fio.info(signal()))).toEqual({ kind: 'rateLimited', retryAfter: 9, status: 429 });
  });
});
