import { describe, expect, it } from 'vitest';
import { coinsToSats } from './amounts.js';

describe('coinsToSats', () => {
  it('converts coin amounts without float errors', () => {
    expect(coinsToSats(0.1)).toBe('10000000');
    expect(coinsToSats(20999999.97690001)).toBe('2099999997690001');
    expect(coinsToSats('0.00000546')).toBe('546');
    expect(coinsToSats(-0.5)).toBe('-50000000');
  });
});
