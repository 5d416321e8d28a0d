import { describe, expect, it } from 'vitest';
import { LruMap } from '@secux-companion/server-kit/lru';

describe('LruMap', () => {
  it('keeps at most max entries, drops the least recently used and hands it back', () => {
    const m = new LruMap<string, string>(2);
    expect(m.set('a', 'wallet-a')).toEqual([]);
    expect(m.set('b', 'wallet-b')).toEqual([]);
    expect(m.get('a')).toBe('wallet-a'); // a is now the most recently used
    expect(m.set('c', 'wallet-c')).toEqual([['b', 'wallet-b']]);
    expect(m.size).toBe(2);
    expect(m.has('b')).toBe(false);
    expect([...m.keys()].sort()).toEqual(['a', 'c']);
  });
  it('replacing or deleting an entry drops nothing', () => {
    const m = new LruMap<string, number>(1);
    m.set('a', 1);
    expect(m.set('a', 2)).toEqual([]);
    expect(m.get('a')).toBe(2);
    expect(m.delete('a')).toBe(true);
    expect(m.size).toBe(0);
  });
  it('refuses a size below 1', () => {
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});
