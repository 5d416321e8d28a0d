import { describe, expect, it } from 'vitest';
import {
  AmountParseError,
  FIAT_SEND_CONFIRM_DIGITS,
  decimalToUnits,
  formatUnits,
  oneCoin,
  parseUnits,
  toFiat,
  tryParseUnits,
  unitsToDecimal,
} from './amount';

describe('parseUnits', () => {
  it('parses plain decimals into smallest units', () => {
    expect(parseUnits('1', 8)).toBe(100_000_000n);
    expect(parseUnits('0.00000546', 8)).toBe(546n);
    expect(parseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseUnits('.5', 6)).toBe(500_000n);
    expect(parseUnits('1.', 6)).toBe(1_000_000n);
    expect(parseUnits(' 2 ', 0)).toBe(2n);
    expect(parseUnits('123456789012345678901234567890', 0)).toBe(123456789012345678901234567890n);
  });

  it('keeps full precision beyond float range', () => {
    expect(parseUnits('0.000000000000000001', 18)).toBe(1n);
    expect(parseUnits('9007199254740993', 0)).toBe(9007199254740993n);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['-1', 'negative'],
    ['1e5', 'exponent'],
    ['1E-8', 'exponent'],
    ['1.2.3', 'multipleDots'],
    ['1,5', 'invalidCharacters'],
    ['abc', 'invalidCharacters'],
    ['１', 'invalidCharacters'],
    ['+1', 'invalidCharacters'],
    ['0x10', 'invalidCharacters'],
    ['.', 'invalidCharacters'],
    ['0.000000001', 'tooManyDecimals'],
  ])('rejects %j with reason %s', (text, reason) => {
    const run = () => parseUnits(text, 8);
    expect(run).toThrow(AmountParseError);
    try {
      run();
    } catch (e) {
      expect((e as AmountParseError).reason).toBe(reason);
    }
  });

  it('rejects invalid decimals', () => {
    expect(() => parseUnits('1', -1)).toThrow(RangeError);
    expect(() => parseUnits('1', 1.5)).toThrow(RangeError);
  });

  it('tryParseUnits returns null instead of throwing', () => {
    expect(tryParseUnits('x', 8)).toBeNull();
    expect(tryParseUnits('0.1', 8)).toBe(10_000_000n);
  });
});

describe('formatUnits', () => {
  it('formats and trims trailing zeros', () => {
    expect(formatUnits(123_456_789n, 8)).toBe('1.23456789');
    expect(formatUnits(100_000_000n, 8)).toBe('1');
    expect(formatUnits(546n, 8)).toBe('0.00000546');
    expect(formatUnits(0n, 18)).toBe('0');
    expect(formatUnits(5n, 0)).toBe('5');
  });

  it('truncates (never rounds) to maxDigits', () => {
    expect(formatUnits(1_999_999_999_999_999_999n, 18, { maxDigits: 9 })).toBe('1.999999999');
    expect(formatUnits(123_456_789n, 8, { maxDigits: 2 })).toBe('1.23');
    expect(formatUnits(123_456_789n, 8, { maxDigits: 0 })).toBe('1');
    expect(formatUnits(1_000_000n, 6, { maxDigits: 2, keepTrailingZeros: true })).toBe('1.00');
  });

  it('handles negative values', () => {
    expect(formatUnits(-150n, 2)).toBe('-1.5');
    expect(formatUnits(-1n, 8, { maxDigits: 2 })).toBe('0');
  });

  it('round-trips with parseUnits', () => {
    for (const text of ['0.1', '12345.6789', '0.000000000000000001']) {
      expect(formatUnits(parseUnits(text, 18), 18)).toBe(text);
    }
  });
});

describe('fiat conversion', () => {
  it('converts with 2 decimals by default and 3 in send confirm', () => {
    expect(toFiat(150_000_000n, 8, '30000')).toBe('45000.00');
    expect(toFiat(1n, 8, '30000')).toBe('0.00');
    expect(toFiat(123_456n, 6, '0.5')).toBe('0.06');
    expect(toFiat(123_456n, 6, '0.5', { digits: FIAT_SEND_CONFIRM_DIGITS })).toBe('0.062');
  });

  it('is exact where floats are not', () => {
    // 0.1 + 0.2 style errors must not appear
    expect(toFiat(30_000_000n, 8, '1.1')).toBe('0.33');
    expect(toFiat(10n ** 18n * 3n, 18, '0.1', { digits: 3 })).toBe('0.300');
  });

  it('rejects unusable prices', () => {
    expect(() => toFiat(1n, 8, 'abc')).toThrow(RangeError);
    expect(() => toFiat(1n, 8, '-1')).toThrow(RangeError);
  });

  it('converts between units and Decimal', () => {
    expect(unitsToDecimal(546n, 8).toString()).toBe('0.00000546');
    expect(decimalToUnits('1.234567891', 8)).toBe(123_456_789n);
    expect(oneCoin(6)).toBe(1_000_000n);
  });
});
