import { describe, expect, it } from 'vitest';
import { tronTokenType } from './tokenType';

describe('tokens', () => {
  it('tells Tron token types', () => {
    expect(tronTokenType('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('trc20');
    expect(tronTokenType('1002000')).toBe('trc10');
  });
});
