import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import {
  fioPublicKeyFromPoint,
  formatSuf,
  isValidDomain,
  isValidFioPublicKey,
  isValidHandle,
  maxFeeFor,
  renewedExpiration,
  shortenAddress,
} from './rules';

const key = fioPublicKeyFromPoint(secp256k1.getPublicKey(new Uint8Array(32).fill(7), true));

describe('FIO public key', () => {
  it('accepts a 53-character FIO key of a valid point', () => {
    expect(key).toHaveLength(53);
    expect(isValidFioPublicKey(key)).toBe(true);
  });
  it('refuses a wrong prefix, a wrong length, a bad checksum and a point off the curve', () => {
    expect(isValidFioPublicKey(`EOS${key.slice(3)}`)).toBe(false);
    expect(isValidFioPublicKey(key.slice(0, 52))).toBe(false);
    const last = key.at(-1) === '1' ? '2' : '1';
    expect(isValidFioPublicKey(key.slice(0, 52) + last)).toBe(false);
    const off = new Uint8Array(33);
    off[0] = 2; // x = 0 is not on secp256k1
    expect(isValidFioPublicKey(fioPublicKeyFromPoint(off))).toBe(false);
  });
});

describe('crypto handle format', () => {
  it.each(['me@secux', 'a-b@c-d', 'ab@c', `${'a'.repeat(30)}@${'b'.repeat(33)}`])('accepts %s', (h) =>
    expect(isValidHandle(h)).toBe(true),
  );
  it.each([
    'a@',
    '@secux',
    'ab',
    '-me@secux',
    'me-@secux',
    'me@-secux',
    'me@secux-',
    'm--e@secux',
    'me@se@cux',
    'me_x@secux',
    `${'a'.repeat(32)}@${'b'.repeat(32)}`,
  ])('refuses %s', (h) => expect(isValidHandle(h)).toBe(false));
  it('domains follow the same part rule', () => {
    expect(isValidDomain('my-domain')).toBe(true);
    expect(isValidDomain('-x')).toBe(false);
    expect(isValidDomain('a'.repeat(63))).toBe(false);
  });
});

describe('fees and display', () => {
  it('max_fee: 0 for assign-address, fee × sets for bundles, the fee otherwise', () => {
    expect(maxFeeFor('addPublicAddress', 5n)).toBe(0n);
    expect(maxFeeFor('removePublicAddresses', 5n)).toBe(0n);
    expect(maxFeeFor('addBundledTransactions', 5n, 3)).toBe(15n);
    expect(maxFeeFor('registerFioDomain', 5n)).toBe(5n);
    expect(() => maxFeeFor('addBundledTransactions', 5n, 0)).toThrow();
  });
  it('fees are shown divided by 10^9', () => {
    expect(formatSuf(40_000_000_000n)).toBe('40');
    expect(formatSuf(1_500_000n)).toBe('0.0015');
    expect(formatSuf(0n)).toBe('0');
  });
  it('shortens addresses over 32 characters to 13…13', () => {
    expect(shortenAddress(key)).toBe(`${key.slice(0, 13)}...${key.slice(-13)}`);
    expect(shortenAddress('short')).toBe('short');
  });
  it('a renewal adds 365 days', () => {
    expect(renewedExpiration(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});
