import { describe, expect, it } from 'vitest';
import { isValidTronAddress, tronBase58, tronHex, validateTronAddress } from './address';

const A = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

describe('TRON addresses', () => {
  it('accepts a base58check address whose payload starts with 0x41', () => {
    expect(isValidTronAddress(A)).toBe(true);
    expect(isValidTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(validateTronAddress(A)).toBe('ok');
  });
  it('refuses a bad checksum, another prefix, hex and EVM forms', () => {
    expect(isValidTronAddress(A.slice(0, -1) + 'h')).toBe(false);
    expect(isValidTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(isValidTronAddress('41c8599111f29c1e1e061265b4af93ea1f274ad78a')).toBe(false);
    expect(isValidTronAddress('0xc8599111f29c1e1e061265b4af93ea1f274ad78a')).toBe(false);
    expect(validateTronAddress('')).toBe('empty');
    expect(validateTronAddress('TXYZ')).toBe('invalid');
  });
  it('converts between T… and 41… both ways', () => {
    const h = tronHex(A);
    expect(h).toMatch(/^41[0-9a-f]{40}$/);
    expect(tronBase58(h)).toBe(A);
    expect(() => tronBase58('42' + h.slice(2))).toThrow();
  });
});
