/**
 * Etherscan's, Blockscout's and the EVM JSON-RPC nodes' rate-limit answers (issue 29, mainnet-behaviour.md §11 row 5):
 * recognised by status and body and classified `rateLimited` with the Retry-After or penalty, which the breaker then
 * honours (the server's rateLimitAnswers.test.ts). Fake upstreams answer the provider's documented shape.
 */
import { describe, expect, it } from 'vitest';
import { base, failure, signal, useAnswering } from '@secux-companion/server-kit/testing/providerAnswers';
import { createEtherscan } from './providers/etherscan.js';
import { createEvmRpc } from './providers/evmRpc.js';

const answering = useAnswering();
const ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe("each provider's rate-limit answer", () => {
  it('Etherscan: HTTP 200 status "0" "Max rate limit reached" is a rate limit; "not supported for this chain" an error, never an empty history', async () => {
    const limited = await answering({
      body: { status: '0', message: 'NOTOK', result: 'Max calls per sec rate limit reached (3/sec)' },
    });
    const notFree = await answering({
      body: {
        status: '0',
        message: 'NOTOK',
        result:
          'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage.',
      },
    });
    const ex = (url: string) => createEtherscan({ ...base, name: 'explorer#1', url, apiKey: 'k' });
    expect(await failure(ex(limited).getBalance!(ADDRESS, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 1,
    });
    const history = ex(notFree).getHistory!(ADDRESS, { cursor: null, pageSize: 10 }, signal());
    expect(await failure(history)).toEqual({ kind: 'unsupported' });
  });

  it('Blockscout: 429 with x-ratelimit-reset in milliseconds', async () => {
    const url = await answering({
      status: 429,
      body: { message: 'Too Many Requests' },
      headers: { 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1500' },
    });
    const bs = createEtherscan({ ...base, name: 'blockscout#1', url, dialect: 'blockscout' });
    expect(await failure(bs.getBalance!(ADDRESS, signal()))).toEqual({
      kind: 'rateLimited',
      retryAfter: 2,
      status: 429,
    });
  });

  it('EVM JSON-RPC: -32005 "Limit exceeded" and -32016 "over rate limit" inside a 200', async () => {
    for (const error of [
      { code: -32005, message: 'Limit exceeded' },
      { code: -32016, message: 'over rate limit' },
      {
        code: -32000,
        message:
          '429 Too Many Requests: {"jsonrpc":"2.0","error":{"code":-32016,"message":"over rate limit"}}',
      },
    ]) {
      const url = await answering({ body: { jsonrpc: '2.0', id: 1, error } });
      const rpc = createEvmRpc({ ...base, name: 'rpc#1', url, chainId: 1 });
      expect(await failure(rpc.getBalance!(ADDRESS, signal())), error.message).toMatchObject({
        kind: 'rateLimited',
      });
    }
  });
});
