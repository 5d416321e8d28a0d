/**
 * Real amounts above 2^53 (issue 29): Solana, TRON and FIO nodes write lamports, sun and SUF as JSON numbers, and
 * `JSON.parse` rounds any integer beyond 2^53 − 1. The providers read such answers with `parseLosslessJson`; each
 * family's bounds.test.ts checks the big amounts through its routes.
 */
import { describe, expect, it } from 'vitest';
import { parseLosslessJson } from './losslessJson.js';

describe('parseLosslessJson', () => {
  it('keeps every digit of an integer beyond 2^53 and reads everything else as JSON.parse does', () => {
    const text = '{"a":12000000123456789,"b":[9007199254740991,-9007199254740993,1.5,1e3,"x"],"a2":null}';
    expect(parseLosslessJson(text)).toEqual({
      a: '12000000123456789',
      b: [9007199254740991, '-9007199254740993', 1.5, 1000, 'x'],
      a2: null,
    });
    expect(parseLosslessJson('{"a":1,"a":2,"n":1234567890123456}')).toEqual({ a: 2, n: 1234567890123456 });
  });

  it('with `decimals`, keeps the text of a decimal a double cannot hold, and only that', () => {
    const text =
      '[1234567890.12345678,1.50000000,0.00000010,12345678.12345678,0.9999994567891234,"0123456789012345"]';
    expect(parseLosslessJson(text, { decimals: true })).toEqual([
      '1234567890.12345678',
      1.5,
      1e-7,
      12345678.12345678,
      0.9999994567891234,
      '0123456789012345',
    ]);
  });

  it('refuses what is not JSON as a malformed answer, on both paths', () => {
    expect(() => parseLosslessJson('{"a":1')).toThrow(/not JSON/);
    expect(() => parseLosslessJson('{"a":12000000123456789')).toThrow(/not JSON/);
    expect(() => parseLosslessJson('[12000000123456789 x]')).toThrow(/not JSON/);
  });
});
