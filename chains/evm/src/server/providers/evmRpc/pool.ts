/** The pool of a chain's RPCs: health-checked in parallel, the healthy ones first (spec 02 §4). */
import { ProviderError, breakerOf, withTimeout } from '@secux-companion/server-kit/failover';
import type { EvmProvider } from '../../backend.js';
import type { EvmRpcProvider } from './provider.js';

/** A provider skipped because its health check failed (keeps the failure in the attempts list). */
function skipped(p: EvmRpcProvider, err: ProviderError): EvmProvider {
  const fail = async (): Promise<never> => {
    throw err;
  };
  return {
    name: p.name,
    kind: 'rpc',
    timeoutMs: p.timeoutMs,
    breaker: breakerOf(p),
    getBalance: fail,
    getNonce: fail,
    getSentCount: fail,
    estimateGas: fail,
    getFees: fail,
    getTokenInfo: fail,
    getTokenBalances: fail,
    broadcast: fail,
    rpc: fail,
    getNftInfo: fail,
  };
}

export interface EvmRpcPool {
  readonly rpcs: readonly EvmRpcProvider[];
  /** Healthy RPCs first (fastest first), then the ones that failed the check (they fail at once). */
  ordered(): Promise<EvmProvider[]>;
  /** Forget the last health check (after a failure on the main RPC). */
  invalidate(): void;
}

/** Runs the health check before each call (an RPC that has not been checked yet). */
function lazyChecked(p: EvmRpcProvider): EvmProvider {
  const wrap =
    <A extends unknown[], R>(fn: (...a: [...A, AbortSignal]) => Promise<R>) =>
    async (...args: [...A, AbortSignal]): Promise<R> => {
      await p.healthCheck(args[args.length - 1] as AbortSignal);
      return fn(...args);
    };
  return {
    name: p.name,
    kind: 'rpc',
    timeoutMs: p.timeoutMs,
    breaker: breakerOf(p),
    getBalance: wrap(p.getBalance!),
    getNonce: wrap(p.getNonce!),
    getSentCount: wrap(p.getSentCount!),
    estimateGas: wrap(p.estimateGas!),
    getFees: wrap(p.getFees!),
    getTokenInfo: wrap(p.getTokenInfo!),
    getTokenBalances: wrap(p.getTokenBalances!),
    broadcast: wrap(p.broadcast!),
    rpc: wrap(p.rpc!),
    getNftInfo: wrap(p.getNftInfo!),
  };
}

export function createEvmRpcPool(
  rpcs: EvmRpcProvider[],
  opts: { healthTimeoutMs?: number; ttlMs?: number } = {},
): EvmRpcPool {
  const healthMs = opts.healthTimeoutMs ?? 3000;
  const ttl = opts.ttlMs ?? 60_000;
  let cached: { at: number; list: EvmProvider[]; stale?: boolean } | undefined;
  let running: Promise<EvmProvider[]> | undefined;

  /** Resolves as soon as the first RPC passes (the main RPC), or when all have failed. */
  const check = () =>
    new Promise<EvmProvider[]>((resolve) => {
      const status = new Map<EvmRpcProvider, true | ProviderError>();
      const healthy: EvmRpcProvider[] = [];
      let settled = 0;
      let answered = false;
      const build = (): EvmProvider[] => [
        ...healthy,
        ...rpcs.filter((p) => !status.has(p)).map(lazyChecked),
        ...rpcs
          .filter((p) => status.get(p) instanceof ProviderError)
          .map((p) => skipped(p, status.get(p) as ProviderError)),
      ];
      for (const p of rpcs) {
        withTimeout(healthMs, (signal) => p.healthCheck(signal))
          .then(
            () => {
              status.set(p, true);
              healthy.push(p); // answer order: the first healthy one is the main RPC
              if (!answered) {
                answered = true;
                const list = build();
                cached = { at: Date.now(), list };
                resolve(list);
              }
            },
            (e: unknown) =>
              void status.set(p, e instanceof ProviderError ? e : new ProviderError('malformed', String(e))),
          )
          .finally(() => {
            settled += 1;
            if (settled < rpcs.length) return;
            const list = build();
            // Cache only when at least one RPC is healthy; otherwise check again on the next call.
            cached = healthy.length ? { at: Date.now(), list } : undefined;
            if (!answered) {
              answered = true;
              resolve(list);
            }
          });
      }
    });

  return {
    rpcs,
    async ordered() {
      if (!rpcs.length) return [];
      if (cached && Date.now() - cached.at < ttl) return cached.list;
      running ??= check().finally(() => (running = undefined));
      // A stale list (after a failure) is still served while the check runs again: the breakers already skip the
      // provider that failed, so no request waits for a health check it does not need.
      if (cached?.stale) return cached.list;
      return running;
    },
    invalidate() {
      if (cached) cached = { ...cached, at: 0, stale: true };
    },
  };
}
