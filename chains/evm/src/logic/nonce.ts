/**
 * Nonce fallbacks (spec 02 §7 "Fallbacks"): own backend first, then a node provider, then a second node
 * provider as nonce fallback (20 s for the provider, 3 s for fallback nodes), then an explorer API.
 * The first source that answers with a valid nonce wins; when all fail the last error is thrown.
 */

/** Spec 02 §9: node provider 20 s; fallback nodes 3 s; backend 30 s. */
export const NONCE_TIMEOUTS_MS = { backend: 30_000, provider: 20_000, fallback: 3_000 } as const;

export interface NonceSource {
  name: string;
  /** Next nonce of the address (pending transactions included). */
  get(address: string, signal: AbortSignal): Promise<number | bigint>;
  timeoutMs: number;
}

export class NonceUnavailableError extends Error {
  override readonly name = 'NonceUnavailableError';
  constructor(readonly attempts: { source: string; error: string }[]) {
    super(`Can not get the nonce: ${attempts.map((a) => `${a.source}: ${a.error}`).join('; ')}`);
  }
}

function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`timeout after ${ms} ms`));
      controller.abort();
    }, ms);
  });
  // An answer arriving after the timeout (e.g. from the abort handler) is ignored.
  const work = run(controller.signal).then((v) => {
    if (controller.signal.aborted) throw new Error(`timeout after ${ms} ms`);
    return v;
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function asNonce(v: number | bigint): number {
  const n = typeof v === 'bigint' ? Number(v) : v;
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`invalid nonce ${String(v)}`);
  return n;
}

/** Tries each source in order (each with its own timeout) and returns the first valid nonce. */
export async function resolveNonce(
  address: string,
  sources: readonly NonceSource[],
): Promise<{ nonce: number; source: string }> {
  const attempts: { source: string; error: string }[] = [];
  for (const s of sources) {
    try {
      const nonce = asNonce(await withTimeout(s.timeoutMs, (signal) => s.get(address, signal)));
      return { nonce, source: s.name };
    } catch (e) {
      attempts.push({ source: s.name, error: e instanceof Error ? e.message : String(e) });
    }
  }
  throw new NonceUnavailableError(attempts);
}
