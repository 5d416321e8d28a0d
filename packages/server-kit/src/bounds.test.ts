import { describe, expect, it } from 'vitest';
import { amount } from './bounds.js';

describe('amount', () => {
  it('takes a decimal string or a bigint within [0, max]', () => {
    expect(() => amount('100', 100n, 'v')).not.toThrow();
    expect(() => amount(100n, 100n, 'v')).not.toThrow();
    expect(() => amount(0n, 100n, 'v')).not.toThrow();
    expect(() => amount(101n, 100n, 'v')).toThrow('out of bounds: v = 101');
    expect(() => amount('101', 100n, 'v')).toThrow('out of bounds: v = 101');
    expect(() => amount(-1n, 100n, 'v')).toThrow('out of bounds: v = -1');
    expect(() => amount(-1n, 100n, 'v', true)).not.toThrow();
  });
  it('refuses anything else: a number, a decimal fraction, a sign where none may be', () => {
    expect(() => amount(1, 100n, 'v')).toThrow('out of bounds');
    expect(() => amount('1.5', 100n, 'v')).toThrow('out of bounds');
    expect(() => amount('-1', 100n, 'v')).toThrow('out of bounds');
  });
});
