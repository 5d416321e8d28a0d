/** A request's budget and client (kept across its async work) and a call's timeout. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ProviderError } from './errors.js';

interface RequestContext {
  start: number;
  budgetMs: number;
  /** Who asked (the client's address): its share of each provider's token bucket (rateLimit.ts). */
  client?: string;
}
export const requestContext = new AsyncLocalStorage<RequestContext>();
/**
 * Runs a request's work with a budget every failover inside it respects (routes.ts): `ms` from now (a submit: at
 * least its policy's submitBudgetMs, a history-class call its historyBudgetMs), and the client it is for.
 */
export function withBudget<T>(ms: number, fn: () => T, client?: string): T {
  return requestContext.run({ start: Date.now(), budgetMs: ms, ...(client ? { client } : {}) }, fn);
}
/** The client of the request being served (undefined outside a request). */
export function currentClient(): string | undefined {
  return requestContext.getStore()?.client;
}

export const firstByte = new WeakMap<AbortSignal, number>();

/** Runs `fn` with a timeout: rejects with a 'timeout' ProviderError (and aborts the signal) when it hangs. */
export async function withTimeout<T>(
  ms: number,
  fn: (signal: AbortSignal) => Promise<T>,
  outer?: AbortSignal,
  connectTimeoutMs?: number,
): Promise<T> {
  const ac = new AbortController();
  const fb = connectTimeoutMs ?? (outer ? firstByte.get(outer) : undefined);
  if (fb !== undefined) firstByte.set(ac.signal, fb);
  const onOuter = () => ac.abort(outer?.reason);
  outer?.addEventListener('abort', onOuter, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new ProviderError('timeout', `no answer within ${ms} ms`);
      ac.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([fn(ac.signal), timeout]);
  } catch (e) {
    if (ac.signal.aborted && ac.signal.reason instanceof ProviderError) throw ac.signal.reason;
    throw e;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuter);
  }
}
