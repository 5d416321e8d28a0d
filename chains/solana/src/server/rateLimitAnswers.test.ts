/**
 * The Solana RPCs' rate-limit answers (issue 29, mainnet-behaviour.md §11 row 5): recognised by status and body and
 * classified `rateLimited` with the Retry-After or penalty, which the breaker then honours (the server's
 * rateLimitAnswers.test.ts). Fake upstreams answer the provider's documented shape.
 */
import { describe, expect, it } from 'vitest';
import { base, failure, signal, useAnswering } from '@secux-companion/server-kit/testing/providerAnswers';
import { createSolanaRpc } from './providers/jsonRpc.js';

const answering = useAnswering();

describe("each provider's rate-limit answer", () => {
  it('Solana: 429 with JSON-RPC code 429, a blocked IP (403), a disabled call (410: unsupported, not its health)', async () => {
    const perMethod = await answering({
      status: 429,
      body: {
        jsonrpc: '2.0',
        error: {
          code: 429,
          message:
            'Too many requests for a specific RPC call, contact your app developer or support@rpcpool.com.',
        },
        id: 1,
      },
      headers: { 'retry-after': '3' },
    });
    const inBody = await answering({
      body: {
        jsonrpc: '2.0',
        error: { code: 429, message: 'Too many requests for a specific RPC call' },
        id: 1,
      },
    });
    const blocked = await answering({ status: 403, body: 'Forbidden' });
    const disabled = await answering({
      status: 410,
      body: {
        jsonrpc: '2.0',
        error: { code: 410, message: 'The RPC call or parameters have been disabled.' },
        id: 1,
      },
    });
    const sol = (url: string) => createSolanaRpc({ ...base, name: 'solana#1', url });
    const S = '11111111111111111111111111111111';
    expect(await failure(sol(perMethod).getBalance(S, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 3,
      status: 429,
    });
    expect(await failure(sol(inBody).getBalance(S, signal()))).toMatchObject({ kind: 'rateLimited' });
    expect(await failure(sol(blocked).getBalance(S, signal()))).toMatchObject({
      kind: 'rateLimited',
      status: 403,
    });
    expect(await failure(sol(disabled).getBalance(S, signal()))).toMatchObject({
      kind: 'unsupported',
      status: 410,
    });
  });
});
