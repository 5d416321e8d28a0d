/**
 * A Map with a size cap that drops the least recently used entries (every provider cache is one of these), over
 * the `lru-cache` package. `set` also hands back what the cap pushed out, so an owner can release it (Bitcoin Core
 * unloads a watch-only wallet that leaves its cache).
 */
import { LRUCache } from 'lru-cache';

export class LruMap<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly cache: LRUCache<K, V>;
  private evicted: [K, V][] = [];

  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError('LruMap needs a size of at least 1');
    this.cache = new LRUCache<K, V>({
      max,
      dispose: (value, key, reason) => {
        if (reason === 'evict') this.evicted.push([key, value]);
      },
    });
  }
  get size(): number {
    return this.cache.size;
  }
  has(k: K): boolean {
    return this.cache.has(k);
  }
  /** The value, now the most recently used. */
  get(k: K): V | undefined {
    return this.cache.get(k);
  }
  /** Stores the value; returns the entries dropped to stay within the cap (oldest first). */
  set(k: K, v: V): [K, V][] {
    this.evicted = [];
    this.cache.set(k, v);
    const dropped = this.evicted;
    this.evicted = [];
    return dropped;
  }
  delete(k: K): boolean {
    return this.cache.delete(k);
  }
  /** Keys, most recently used first. */
  keys(): IterableIterator<K> {
    return this.cache.keys();
  }
}
