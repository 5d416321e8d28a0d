import { describe, expect, it } from 'vitest';
import { isValidBnbAddress } from './address';

// The address of the BNB Beacon Chain API reference's Account example.
const DOC = 'bnb1jxfh2g85q3v0tdq56fnevx6xcxtcnhtsmcu64m';

describe('BNB address (bech32, bnb1…)', () => {
  it('accepts a mainnet address with a good checksum, in one case', () => {
    expect(isValidBnbAddress(DOC)).toBe(true);
    expect(isValidBnbAddress(DOC.toUpperCase())).toBe(true);
  });
  it('refuses a changed character, mixed case, another prefix or length', () => {
    expect(isValidBnbAddress(DOC.slice(0, -1) + (DOC.endsWith('m') ? 'n' : 'm'))).toBe(false);
    expect(isValidBnbAddress('B' + DOC.slice(1))).toBe(false);
    expect(isValidBnbAddress('t' + DOC)).toBe(false);
    expect(isValidBnbAddress(DOC.slice(0, -2))).toBe(false);
    expect(isValidBnbAddress('0x' + 'a'.repeat(40))).toBe(false);
    expect(isValidBnbAddress('')).toBe(false);
  });
});
