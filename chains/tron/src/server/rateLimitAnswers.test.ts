/**
 * TronGrid's rate-limit answers (issue 29, mainnet-behaviour.md §11 row 5): recognised by status and body and
 * classified `rateLimited` with the Retry-After or penalty, which the breaker then honours (the server's
 * rateLimitAnswers.test.ts). Fake upstreams answer the provider's documented shape.
 */
import { describe, expect, it } from 'vitest';
import { base, failure, signal, useAnswering } from '@secux-companion/server-kit/testing/providerAnswers';
import { createTronIndex, createTronNode } from './providers/trongrid.js';

const answering = useAnswering();

describe("each provider's rate-limit answer", () => {
  it('TronGrid: 403 {success:false,error} and {Error} with the suspension, and the same inside a 200', async () => {
    const v1 = await answering({
      status: 403,
      body: {
        success: false,
        error: 'The key exceeds the frequency limit(15), and the query server is suspended for 30s',
        statusCode: 403,
      },
    });
    const node = await answering({
      status: 403,
      body: { Error: 'request rate exceeded the allowed_rps(10), and the query server is suspended for 5 s' },
    });
    const node200 = await answering({
      body: { Error: 'The key exceeds the frequency limit(30), and the query server is suspended for 30s' },
    });
    const index200 = await answering({
      body: { success: false, error: 'The key exceeds the frequency limit(15)' },
    });
    const index = (url: string) => createTronIndex({ ...base, name: 'tron-index#1', url });
    const full = (url: string) => createTronNode({ ...base, name: 'tron-node#1', url });
    const T = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
    expect(await failure(index(v1).trc20Balances(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 30,
      status: 403,
    });
    expect(await failure(full(node).getAccount(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 5,
      status: 403,
    });
    expect(await failure(full(node200).getAccount(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 30,
    });
    expect(await failure(index(index200).trc20Balances(T, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 30,
    });
  });
});
