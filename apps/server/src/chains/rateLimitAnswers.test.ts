/**
 * The breaker honours a provider's rate-limit answer (issue 29, mainnet-behaviour.md §11 row 5): classified
 * `rateLimited` with its Retry-After or penalty, the provider is left alone that long, even when it is the only one (no
 * hammering). How each provider's answer is recognised: the families' rateLimitAnswers.test.ts
 * (chains/<family>/src/server).
 */
import { describe, expect, it } from 'vitest';
import {
  ChainApiError,
  ProviderError,
  failover,
  withBreaker,
  type Provider,
} from '@secux-companion/server-kit/failover';

describe('the breaker honours a rate-limit pause', () => {
  const limited = (retryAfter?: number) =>
    new ProviderError('rateLimited', 'rate limited (429)', {
      status: 429,
      ...(retryAfter ? { retryAfter } : {}),
    });

  it('skips a provider for its Retry-After at once, and never hammers a lone one during the pause', async () => {
    const calls: string[] = [];
    const a: Provider = withBreaker(
      { name: 'a', timeoutMs: 1_000 },
      { failures: 3, cooldownMs: 100, maxCooldownMs: 100 },
    );
    const b: Provider = withBreaker(
      { name: 'b', timeoutMs: 1_000 },
      { failures: 3, cooldownMs: 100, maxCooldownMs: 100 },
    );
    const fn = (p: Provider) => {
      calls.push(p.name);
      if (p.name === 'a') throw limited(30);
      return Promise.resolve(p.name);
    };
    expect((await failover('T', 'balance', [a, b], fn)).value).toBe('b');
    // one rate-limit answer is enough (below the breaker's 3 failures): `a` is left alone for 30 s
    expect((await failover('T', 'balance', [a, b], fn)).value).toBe('b');
    expect(calls).toEqual(['a', 'b', 'b']);
    // alone, it is not tried as a last resort during its pause: 429 with what is left of it
    const alone = await failover('T', 'balance', [a], fn).catch((e: unknown) => e);
    expect(alone).toBeInstanceOf(ChainApiError);
    expect(alone).toMatchObject({ statusCode: 429, extra: { retryAfter: 30 } });
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('a rate limit without a pause counts like other failures (the lone provider is still tried)', async () => {
    let n = 0;
    const a: Provider = withBreaker({ name: 'a', timeoutMs: 1_000 });
    const fn = () => {
      n += 1;
      return Promise.reject(limited());
    };
    await failover('T', 'balance', [a], fn).catch(() => undefined);
    await failover('T', 'balance', [a], fn).catch(() => undefined);
    expect(n).toBe(2);
  });
});
