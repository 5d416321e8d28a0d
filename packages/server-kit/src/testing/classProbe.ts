/**
 * The class each failover call of a facade runs in (its timeout, first-byte rule and budget): a facade states the
 * class of its history and submit calls, failover does not guess it from the call's name, so a family's
 * callClasses.test.ts asks its facade through probe providers and compares what the calls ran as with the classes
 * they must have. A call a facade forgets to classify shows up as a `read`.
 *
 * A probe provider has every method (of whatever provider interface the facade takes): each refuses at once (a final
 * error, so the call ends without trying another provider) unless the test gives that method an answer.
 */
import { Breaker, ProviderError, type CallClass, type Provider } from '../failover.js';

export interface ClassProbe {
  /** A provider of any interface; `methods` answer those calls, every other method refuses. */
  provider<P>(name?: string, methods?: Record<string, unknown>): P;
  /**
   * Runs each call (their failures are expected and ignored) and returns the class of every failover call they
   * made, by call name (`what`); a name that ran in two classes maps to both, `|`-joined. Starts a new record.
   */
  classesOf(...calls: (() => Promise<unknown>)[]): Promise<Record<string, string>>;
}

export function classProbe(): ClassProbe {
  const seen = new Map<string, Set<CallClass>>();
  let what = '';
  /** Failover asks the breaker whether `what` is paused, then reads the provider's timeout of the call's class. */
  class ProbeBreaker extends Breaker {
    override callPauseLeft(call: string): number {
      what = call;
      return super.callPauseLeft(call);
    }
  }
  const timeouts = new Proxy({} as Record<CallClass, number>, {
    get(_t, cls) {
      if (typeof cls !== 'string') return undefined;
      const set = seen.get(what) ?? new Set<CallClass>();
      seen.set(what, set.add(cls as CallClass));
      return 1_000;
    },
  });
  const refuse = (k: string) => () => Promise.reject(new ProviderError('rejected', `probe: ${k}`));
  return {
    provider<P>(name = 'probe', methods: Record<string, unknown> = {}): P {
      const own: Provider & Record<string, unknown> = {
        name,
        timeoutMs: 1_000,
        breaker: new ProbeBreaker(),
        timeouts,
        ...methods,
      };
      return new Proxy(own, {
        get(t, k) {
          if (k in t || typeof k !== 'string' || k === 'then' || k === 'onFailure') return t[k as string];
          return refuse(k);
        },
        has: (t, k) => typeof k === 'string' || k in t,
      }) as P;
    },
    async classesOf(...calls) {
      seen.clear();
      for (const call of calls) await call().catch(() => undefined);
      return Object.fromEntries([...seen].map(([w, set]) => [w, [...set].sort().join('|')]));
    },
  };
}
