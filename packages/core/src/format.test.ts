import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  displayLocale,
  fiatOfUnits,
  formatCoin,
  formatFiat,
  formatPercent,
  formatRate,
  groupDecimal,
} from './amount';

/** Intl puts a no-break space (U+00A0) or narrow one (U+202F) between some symbols and numbers. */
const plain = (s: string | null) => s?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('fiat amounts through Intl.NumberFormat (display currency × interface language)', () => {
  it('uses each currency’s own decimals', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('TWD')).toBe(2);
    expect(currencyDigits('BRL')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it.each([
    ['USD', 'en', '350000', '$350,000.00'],
    ['USD', 'pt', '350000', 'US$ 350.000,00'],
    ['EUR', 'en', '1234.5', '€1,234.50'],
    ['EUR', 'pt', '1234.5', '€ 1.234,50'],
    ['TWD', 'zh-TW', '1234567.891', '$1,234,567.89'],
    ['TWD', 'en', '1234567.891', 'NT$1,234,567.89'],
    ['BRL', 'pt', '1234567.891', 'R$ 1.234.567,89'],
    ['BRL', 'en', '0.5', 'R$0.50'],
    ['JPY', 'en', '1234567.5', '¥1,234,568'],
    ['JPY', 'zh-TW', '99.4', '¥99'],
    ['KWD', 'en', '12345.6785', 'KWD 12,345.679'],
  ])('%s in %s: %s → %s', (currency, language, value, shown) => {
    expect(plain(formatFiat(value, currency, language))).toBe(shown);
  });

  it('keeps every digit of large values (no float on the way)', () => {
    expect(formatFiat('12345678901234567.89', 'USD', 'en')).toBe('$12,345,678,901,234,567.89');
  });

  it('rounds half-up at the currency’s digits, with one more digit in the send confirmation', () => {
    expect(formatFiat('0.005', 'USD', 'en')).toBe('$0.01');
    expect(formatFiat('105.5555', 'USD', 'en', { extraDigits: 1 })).toBe('$105.556');
    expect(formatFiat('105.55', 'JPY', 'en', { extraDigits: 1 })).toBe('¥105.6');
  });

  it('fiat of smallest units at a price; a missing or bad price is null (Price N/A), never 0', () => {
    expect(fiatOfUnits(35_000_000_000_000_000_000n, 18, '10000', 'USD', 'en')).toBe('$350,000.00');
    expect(plain(fiatOfUnits(150_000_000n, 8, '300000', 'BRL', 'pt'))).toBe('R$ 450.000,00');
    expect(fiatOfUnits(1n, 8, null, 'USD', 'en')).toBeNull();
    expect(fiatOfUnits(1n, 8, '', 'USD', 'en')).toBeNull();
    expect(fiatOfUnits(1n, 8, 'abc', 'USD', 'en')).toBeNull();
    expect(fiatOfUnits(1n, 8, '-1', 'USD', 'en')).toBeNull();
  });

  it('rejects a value that is not a number', () => {
    expect(() => formatFiat('abc', 'USD', 'en')).toThrow(RangeError);
  });
});

describe('coin amounts: bigint → grouped string with the display digits', () => {
  it('groups the whole part in the interface language', () => {
    expect(formatCoin(123_456_789_012n, 8, 8, 'en')).toBe('1,234.56789012');
    expect(formatCoin(123_456_789_012n, 8, 8, 'pt')).toBe('1.234,56789012');
    expect(formatCoin(123_456_789_012n, 8, 8, 'zh-TW')).toBe('1,234.56789012');
  });

  it('truncates to the display digits and keeps 18-decimal precision', () => {
    expect(formatCoin(1_234_567_891_234_567_891_234n, 18, 9, 'en')).toBe('1,234.567891234');
    expect(formatCoin(10n ** 30n, 18, 9, 'en')).toBe('1,000,000,000,000');
    expect(formatCoin(0n, 8, 8, 'en')).toBe('0');
    expect(formatCoin(-150_000_000n, 8, 8, 'en')).toBe('-1.5');
  });

  it('leaves text that is not a plain decimal alone', () => {
    expect(groupDecimal('n/a', 'en')).toBe('n/a');
    expect(displayLocale('pt')).toBe('pt-BR');
    expect(displayLocale('')).toBe('en');
  });
});

describe('percentages in the interface language', () => {
  it('writes the decimals the caller asks for, with the language’s decimal mark', () => {
    expect(formatPercent('37.5', 1, 'en')).toBe('37.5%');
    expect(formatPercent('37.5', 1, 'pt')).toBe('37,5%');
    expect(formatPercent('37.5', 1, 'zh-TW')).toBe('37.5%');
    expect(formatPercent('100.0', 1, 'pt')).toBe('100,0%');
    expect(formatPercent(12.345678, 2, 'en')).toBe('12.35%');
    expect(formatPercent(42, 0, 'pt')).toBe('42%');
  });
});

describe('fee rates on the tier buttons', () => {
  it('are short (2 decimals from 1 up, 3 significant digits below) and grouped, never rounded to 0', () => {
    expect(formatRate('1.797181219', 'en')).toBe('1.79');
    expect(formatRate('1.797181219', 'pt')).toBe('1,79');
    expect(formatRate('12345.5', 'en')).toBe('12,345.5');
    expect(formatRate('12345.5', 'pt')).toBe('12.345,5');
    expect(formatRate('2', 'en')).toBe('2');
    expect(formatRate('2.000', 'en')).toBe('2');
    expect(formatRate('0.000123456', 'en')).toBe('0.000123');
    expect(formatRate('0.5', 'zh-TW')).toBe('0.5');
    expect(formatRate('0', 'en')).toBe('0');
    expect(formatRate('not a number', 'en')).toBe('not a number');
  });
});
