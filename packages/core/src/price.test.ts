import { describe, expect, it } from 'vitest';
import {
  MAX_PRICE,
  divideToFiatRate,
  multiplyPrice,
  parseFiatRate,
  parsePrice,
  parsePriceChange,
  priceToJsonNumber,
} from './price';

describe('prices as checked decimal text', () => {
  it('reads a JSON number or decimal text as plain decimal text', () => {
    expect(parsePrice(65000)).toBe('65000');
    expect(parsePrice(0.6)).toBe('0.6');
    expect(parsePrice(' 0.11 ')).toBe('0.11');
    expect(parsePrice(1e-7)).toBe('0.0000001');
    expect(parsePrice('2.5e-8')).toBe('0.000000025');
  });

  it('refuses what is no price: zero, negative, not finite, not a number, absurdly large or small, too long', () => {
    for (const bad of [
      0,
      '0',
      -1,
      '-1',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'Infinity',
      '1,5',
      '0x10',
      '',
      null,
      undefined,
      {},
      [1],
      true,
      1e14,
      '1e300',
      1e-19,
      `0.${'0'.repeat(80)}1`,
    ])
      expect(parsePrice(bad), String(bad)).toBeNull();
    expect(parsePrice(MAX_PRICE)).toBe('10000000000000');
  });

  it('keeps 12 significant digits, so the JSON number of the wire reads back as the same decimal', () => {
    expect(parsePrice('0.1234567890123456')).toBe('0.123456789012');
    for (const p of ['65000', '2086500', '0.0000001', '1234567.89012', '0.000000000123456789012']) {
      const wire = JSON.parse(JSON.stringify({ p: priceToJsonNumber(parsePrice(p)!) })) as { p: number };
      expect(parsePrice(wire.p)).toBe(parsePrice(p));
    }
  });

  it('converts with decimal arithmetic, exact where floats are not', () => {
    // 0.1 × 3 is 0.30000000000000004 in floats
    expect(multiplyPrice('0.1', '3')).toBe('0.3');
    expect(multiplyPrice('65000', '32.1')).toBe('2086500');
    expect(multiplyPrice('0.03', '0.92')).toBe('0.0276');
    expect(multiplyPrice('1e12', '25000')).toBeNull();
    expect(multiplyPrice('x', '1')).toBeNull();
  });

  it('fiat rates: a quotient within plausible bounds', () => {
    expect(divideToFiatRate('120000', '60000')).toBe('2');
    expect(divideToFiatRate('1', '3')).toBe('0.333333333333');
    expect(divideToFiatRate('1', '0')).toBeNull();
    expect(divideToFiatRate('1', '-2')).toBeNull();
    expect(divideToFiatRate('1', '1e9')).toBeNull();
    expect(parseFiatRate(15800)).toBe('15800');
    expect(parseFiatRate(1e7)).toBeNull();
    expect(parseFiatRate(0)).toBeNull();
  });
});

describe('24 h price change in percent', () => {
  it('keeps a signed change as decimal text with at most 4 fraction digits', () => {
    expect(parsePriceChange(-2.345678)).toBe('-2.3457');
    expect(parsePriceChange('1.5')).toBe('1.5');
    expect(parsePriceChange(0)).toBe('0');
    expect(parsePriceChange(-0)).toBe('0');
  });
  it('refuses what is no change: missing, text, infinite, below -100 % or absurd', () => {
    for (const v of [undefined, null, 'abc', '', Infinity, NaN, -100.5, '2e7', { x: 1 }, '--1'])
      expect(parsePriceChange(v)).toBeNull();
    expect(parsePriceChange(-100)).toBe('-100');
  });
});
