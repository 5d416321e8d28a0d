import { describe, expect, it } from 'vitest';
import { randomChangeIndex } from './changePath';

describe('account paths', () => {
  it('builds change paths with an injected RNG', () => {
    expect(randomChangeIndex(() => 0)).toBe(0);
    expect(randomChangeIndex(() => 0.999999)).toBe(4);
    expect(randomChangeIndex(() => 0.5)).toBe(2);
    expect(() => randomChangeIndex(() => 1)).toThrow(RangeError);
    for (let i = 0; i < 200; i++) {
      const idx = randomChangeIndex();
      expect(idx).toBeGreaterThanOrEqual(0);
      expect(idx).toBeLessThanOrEqual(4);
    }
  });
});
