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
  const rate = priceRate(price);
  if (!rate) throw new RangeError(`Invalid price '${price}'`);
  return unitsToDecimal(value, decimals).mul(rate).toFixed(digits, Decimal.ROUND_HALF_UP);
}

/** A price (fiat per whole coin, as text) as a Decimal; null when empty, non-numeric, infinite or negative. */
function priceRate(price: string): Decimal | null {
  let rate: Decimal;
  try {
    rate = new Decimal(price.trim());
  } catch {
    return null;
  }
  return rate.isFinite() && !rate.isNegative() ? rate : null;
}

/** Smallest units for `10^decimals` (one whole coin). */
export function oneCoin(decimals: number): bigint {
  assertDecimals(decimals);
  return 10n ** BigInt(decimals);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Display formatting (issue 20). Amounts reach Intl as exact decimal strings (rounded with decimal.js first):
 * no JavaScript number ever carries money on the way to the screen.
 * ------------------------------------------------------------------------------------------------------------- */

/** An interface language ('en', 'zh-TW', 'pt') as an Intl locale: Portuguese is shown the Brazilian way. */
export function displayLocale(language: string | null | undefined): string {
  const l = (language ?? '').trim();
  if (l === 'pt') return 'pt-BR';
  return l || 'en';
}

const currencyFormats = new Map<string, Intl.NumberFormat>();

function currencyFormat(currency: string, locale: string, digits: number | null): Intl.NumberFormat {
  const key = `${locale}|${currency}|${digits ?? ''}`;
  let f = currencyFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(digits === null ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits }),
    });
    currencyFormats.set(key, f);
  }
  return f;
}

/** The currency's own number of decimals (USD 2, JPY 0, KWD 3, TWD 2, BRL 2), from Intl's currency data. */
export function currencyDigits(currency: string): number {
  return currencyFormat(currency.toUpperCase(), 'en', null).resolvedOptions().maximumFractionDigits ?? 2;
}

export interface FormatFiatOptions {
  /**
   * Extra fraction digits beyond the currency's own (the send confirmation shows one more:
   * 3 for USD as spec 01 §9 says, 1 for JPY, 4 for KWD).
   */
  extraDigits?: number;
}

/**
 * A fiat amount (exact decimal text or a Decimal) in the display currency and the interface language:
 * grouping, the currency's symbol and its own decimals, rounded half-up. `formatFiat('350000', 'USD', 'en')`
 * is `"$350,000.00"`; in pt with BRL `"R$ 350.000,00"`. Throws a RangeError for text that is not a number.
 */
export function formatFiat(
  value: Decimal.Value,
  currency: string,
  language: string,
  options: FormatFiatOptions = {},
): string {
  const code = currency.toUpperCase();
  const digits = currencyDigits(code) + (options.extraDigits ?? 0);
  let d: Decimal;
  try {
    d = new Decimal(typeof value === 'string' ? value.trim() : value);
  } catch {
    throw new RangeError(`Invalid fiat amount '${String(value)}'`);
  }
  if (!d.isFinite()) throw new RangeError(`Invalid fiat amount '${String(value)}'`);
  const exact = d.toFixed(digits, Decimal.ROUND_HALF_UP);
  // Intl formats a decimal string exactly (ECMA-402 NumberFormat v3); the cast is for older lib typings.
  return currencyFormat(code, displayLocale(language), digits).format(exact as unknown as number);
}

/**
 * Fiat value of `value` smallest units at `price`, formatted by {@link formatFiat}; null when the price is
 * missing or unusable (shown as 'Price N/A', never as 0).
 */
export function fiatOfUnits(
  value: bigint,
  decimals: number,
  price: string | null | undefined,
  currency: string,
  language: string,
  options: FormatFiatOptions = {},
): string | null {
  const rate = price === null || price === undefined ? null : priceRate(price);
  if (!rate) return null;
  return formatFiat(unitsToDecimal(value, decimals).mul(rate), currency, language, options);
}

const separatorCache = new Map<string, { group: string; decimal: string }>();

/** The locale's grouping and decimal separators (read once from Intl with a sample number). */
export function numberSeparators(language: string): { group: string; decimal: string } {
  const locale = displayLocale(language);
  let s = separatorCache.get(locale);
  if (!s) {
    const parts = new Intl.NumberFormat(locale, { useGrouping: true }).formatToParts(1234567.5);
    s = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorCache.set(locale, s);
  }
  return s;
}

/**
 * Groups a plain decimal string (`"-1234567.5"`, from {@link formatUnits}) the locale's way: `"1,234,567.5"`
 * in en, `"1.234.567,5"` in pt. String work only, so 18-decimal amounts keep every digit.
 */
export function groupDecimal(text: string, language: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign = '', whole = '', fraction] = m;
  const { group, decimal } = numberSeparators(language);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/**
 * A coin amount for display: smallest units → the spec's display digits (truncated, never rounded up) →
 * grouped in the interface language. `formatCoin(123456789012n, 8, 8, 'en')` is `"1,234.56789012"`.
 */
export function formatCoin(value: bigint, decimals: number, maxDigits: number, language: string): string {
  return groupDecimal(formatUnits(value, decimals, { maxDigits }), language);
}

/**
 * A percentage (0–100, a number or exact decimal text) for display with `digits` decimals, in the interface
 * language: `formatPercent('37.5', 1, 'pt')` is `"37,5%"`. Display only (the portfolio's shares, APRs, progress).
 */
export function formatPercent(value: number | string, digits: number, language: string): string {
  return new Intl.NumberFormat(displayLocale(language), {
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(value) / 100);
}

/**
 * A fee rate for a fee-tier button (decimal text, e.g. Gwei): short but never zero — up to 2 decimals from 1 up,
 * 3 significant digits below 1 — and grouped in the interface language. String work only (truncated):
 * `formatRate('1.797181219', 'pt')` is `"1,79"`, `formatRate('0.000123456', 'en')` is `"0.000123"`.
 */
export function formatRate(text: string, language: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const [, whole = '0', fraction = ''] = m;
  const firstDigit = fraction.search(/[1-9]/);
  const kept = whole !== '0' ? fraction.slice(0, 2) : firstDigit < 0 ? '' : fraction.slice(0, firstDigit + 3);
  const trimmed = kept.replace(/0+$/, '');
  return groupDecimal(
    trimmed ? `${whole.replace(/^0+(?=\d)/, '')}.${trimmed}` : whole.replace(/^0+(?=\d)/, ''),
    language,
  );
}
