/** A Map with a size cap that drops the least recently used entries (every provider cache is one of these). */
export class LruMap<K, V> {
  private readonly m = new Map<K, V>();
  constructor(readonly max: number) {
    if (!(max >= 1)) throw new RangeError('LruMap needs a size of at least 1');
  }
  get size(): number {
    return this.m.size;
  }
  has(k: K): boolean {
    return this.m.has(k);
  }
  /** The value, now the most recently used. */
  get(k: K): V | undefined {
    if (!this.m.has(k)) return undefined;
    const v = this.m.get(k)!;
    this.m.delete(k);
    this.m.set(k, v);
    return v;
  }
  /** Stores the value; returns the entries dropped to stay within the cap (oldest first). */
  set(k: K, v: V): [K, V][] {
    this.m.delete(k);
    this.m.set(k, v);
    const dropped: [K, V][] = [];
    while (this.m.size > this.max) {
      const [ok, ov] = this.m.entries().next().value as [K, V];
      this.m.delete(ok);
      dropped.push([ok, ov]);
    }
    return dropped;
  }
  delete(k: K): boolean {
    return this.m.delete(k);
  }
  keys(): IterableIterator<K> {
    return this.m.keys();
  }
}
