/**
 * Money handling (spec 01 §9, 02 §9).
 *
 * Every amount is a `bigint` in the chain's smallest unit (satoshi, wei, drops,
 * stroops, sun, lamports ...). Text is converted with {@link parseUnits} and shown
 * with {@link formatUnits}; a JavaScript `number` never carries money. Fiat values
 * are computed with decimal.js.
 */
import Decimal from 'decimal.js';

/** Fiat values are shown with 2 decimals ... */
export const FIAT_DISPLAY_DIGITS = 2;
/** ... and with 3 decimals in the send confirmation step. */
export const FIAT_SEND_CONFIRM_DIGITS = 3;
/** Token balances are shown with at most 8 decimals. */
export const TOKEN_DISPLAY_DIGITS = 8;

export type AmountParseErrorReason =
  'empty' | 'negative' | 'exponent' | 'invalidCharacters' | 'multipleDots' | 'tooManyDecimals';

/** Raised by {@link parseUnits} for text that is not a plain non-negative decimal. */
export class AmountParseError extends Error {
  override readonly name = 'AmountParseError';
  constructor(
    readonly reason: AmountParseErrorReason,
    readonly input: string,
  ) {
    super(`Invalid amount '${input}': ${reason}`);
  }
}

const PLAIN_DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
}

/** Classifies why `text` is not a plain decimal, or returns null when it is one. */
export function amountSyntaxError(text: string): AmountParseErrorReason | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'empty';
  if (trimmed.startsWith('-')) return 'negative';
  if (/[eE]/.test(trimmed) && /^[+]?[\d.]*[eE][+-]?\d*$/.test(trimmed)) return 'exponent';
  if ((trimmed.match(/\./g) ?? []).length > 1) return 'multipleDots';
  if (!PLAIN_DECIMAL.test(trimmed)) return 'invalidCharacters';
  return null;
}

/**
 * Parses a user amount such as `"0.00000546"` into smallest units.
 * Accepts only digits and at most one dot (`"1."` and `".5"` are allowed);
 * rejects signs, exponents, separators and more fraction digits than `decimals`.
 */
export function parseUnits(text: string, decimals: number): bigint {
  assertDecimals(decimals);
  const reason = amountSyntaxError(text);
  if (reason) throw new AmountParseError(reason, text);
  const [whole = '', fraction = ''] = text.trim().split('.');
  if (fraction.length > decimals) throw new AmountParseError('tooManyDecimals', text);
  const digits = (whole || '0') + fraction.padEnd(decimals, '0');
  return BigInt(digits);
}

/** Like {@link parseUnits} but returns null instead of throwing. */
export function tryParseUnits(text: string, decimals: number): bigint | null {
  try {
    return parseUnits(text, decimals);
  } catch (error) {
    if (error instanceof AmountParseError) return null;
    throw error;
  }
}

export interface FormatUnitsOptions {
  /** Maximum fraction digits shown; extra digits are truncated (never rounded). */
  maxDigits?: number;
  /** Keep trailing zeros up to `maxDigits`/`decimals` (default false: trimmed). */
  keepTrailingZeros?: boolean;
}

/**
 * Formats smallest units as a decimal string: `formatUnits(123456789n, 8)` is
 * `"1.23456789"`. With `maxDigits` the fraction is truncated toward zero.
 */
export function formatUnits(value: bigint, decimals: number, options: FormatUnitsOptions = {}): string {
  assertDecimals(decimals);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let fraction = digits.slice(digits.length - decimals);
  if (options.maxDigits !== undefined) {
    assertDecimals(options.maxDigits);
    fraction = fraction.slice(0, options.maxDigits);
  }
  if (!options.keepTrailingZeros) fraction = fraction.replace(/0+$/, '');
  const isZero = /^0*$/.test(whole + fraction);
  const sign = negative && !isZero ? '-' : '';
  return fraction ? `${sign}${whole}.${fraction}` : `${sign}${whole}`;
}

/** Converts smallest units to an exact Decimal in whole coins. */
export function unitsToDecimal(value: bigint, decimals: number): Decimal {
  assertDecimals(decimals);
  return new Decimal(value.toString()).div(new Decimal(10).pow(decimals));
}

/** Converts an exact Decimal (whole coins) to smallest units, truncating extra digits. */
export function decimalToUnits(value: Decimal.Value, decimals: number): bigint {
  assertDecimals(decimals);
  const scaled = new Decimal(value).mul(new Decimal(10).pow(decimals)).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  return BigInt(scaled.toFixed(0));
}

export interface ToFiatOptions {
  /** Fraction digits of the result: 2 by default, {@link FIAT_SEND_CONFIRM_DIGITS} in send confirm. */
  digits?: number;
}

/**
 * Fiat value of `value` smallest units at `price` (fiat per whole coin, as text).
 * Rounded half-up to 2 decimals (3 with `{digits: FIAT_SEND_CONFIRM_DIGITS}`).
 * An unusable price (empty, non-numeric, negative) throws a RangeError; callers
 * show 'Price N/A' instead.
 */
export function toFiat(value: bigint, decimals: number, price: string, options: ToFiatOptions = {}): string {
  const digits = options.digits ?? FIAT_DISPLAY_DIGITS;
  let rate: Decimal;
  try {
    rate = new Decimal(price.trim());
  } catch {
    throw new RangeError(`Invalid price '${price}'`);
  }
  if (!rate.isFinite() || rate.isNegative()) throw new RangeError(`Invalid price '${price}'`);
  return unitsToDecimal(value, decimals).mul(rate).toFixed(digits, Decimal.ROUND_HALF_UP);
}

/** Smallest units for `10^decimals` (one whole coin). */
export function oneCoin(decimals: number): bigint {
  assertDecimals(decimals);
  return 10n ** BigInt(decimals);
}
