/**
 * A small TTL cache with single-flight loading: concurrent misses for the same key share one load.
 * Values are kept after expiry (up to maxStaleMs) so a failed refresh can fall back to the last good value.
 */
export interface Entry<V> {
  value: V;
  expiresAt: number;
  storedAt: number;
}

export class SingleFlightCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The fresh value for key, or undefined (synchronous fast path). */
  peek(key: string): V | undefined {
    const e = this.entries.get(key);
    return e && e.expiresAt > this.now() ? e.value : undefined;
  }

  /** The stored value even when expired (for fallbacks), with its age. */
  stale(key: string): { value: V; ageMs: number } | undefined {
    const e = this.entries.get(key);
    return e ? { value: e.value, ageMs: this.now() - e.storedAt } : undefined;
  }

  set(key: string, value: V, ttlMs: number): void {
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.delete(key);
    const now = this.now();
    this.entries.set(key, { value, expiresAt: now + ttlMs, storedAt: now });
  }

  /** Returns the fresh cached value, or runs `load` once for all concurrent callers of the same key. */
  get(key: string, load: () => Promise<{ value: V; ttlMs: number }>): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const running = this.inflight.get(key);
    if (running) return running;
    const p = (async () => {
      try {
        const { value, ttlMs } = await load();
        this.set(key, value, ttlMs);
        return value;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, p);
    return p;
  }

  get size(): number {
    return this.entries.size;
  }
}
