/**
 * What the families' rate-limit answer tests share (issue 29, mainnet-behaviour.md §11 row 5): fake upstreams that
 * answer one provider's documented shape, and the `ProviderError` a provider call ends with (its kind, Retry-After or
 * penalty, and status). Each family's `rateLimitAnswers.test.ts` checks its providers' answers with these.
 *
 *   const answering = useAnswering();
 *   const url = await answering({ status: 429, body: { error: 'rate limit exceeded' } });
 *   expect(await failure(createBlockbook({ ...base, name: 'blockbook#1', url }).getTx!(id, signal()))).toEqual(…);
 */
import { afterAll } from 'vitest';
import { ProviderError } from '../failover.js';
import { startServer, type Res, type TestServer } from './servers.js';

/** The options every provider under test is created with. */
export const base = { fetch, timeoutMs: 5_000 };
/** A provider call's signal. */
export const signal = (): AbortSignal => AbortSignal.timeout(5_000);

/**
 * A function that starts a server answering every request with `res` and resolves to its URL; the suite's servers
 * are closed after it (call it at the top of a test file).
 */
export function useAnswering(): (res: Res) => Promise<string> {
  const servers: TestServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  return async (res) => {
    const s = await startServer(() => res);
    servers.push(s);
    return s.url;
  };
}

/** The ProviderError a provider call ends with. */
export async function failure(
  p: Promise<unknown>,
): Promise<{ kind: string; retryAfter?: number; status?: number }> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  if (!(e instanceof ProviderError)) throw new Error(`expected a ProviderError, got ${String(e)}`);
  return {
    kind: e.kind,
    ...(e.opts.retryAfter !== undefined ? { retryAfter: e.opts.retryAfter } : {}),
    ...(e.opts.status !== undefined ? { status: e.opts.status } : {}),
  };
}
