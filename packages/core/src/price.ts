/**
 * Prices as decimal text (fiat per whole coin or token), checked for meaning: the one validation and arithmetic of
 * prices for the server's price service and the web's readers of its answers. No JS number arithmetic on a price.
 */
import Decimal from 'decimal.js';

/**
 * Significant digits a price keeps: well inside the 15 a JSON number (an IEEE double) carries exactly, so a price
 * written as a JSON number reads back as the same decimal text.
 */
export const PRICE_SIGNIFICANT_DIGITS = 12;
/**
 * Largest plausible price of one coin or token in any display currency: 10^13 (about 400 million USD a coin in
 * VND, the cheapest display currency; bitcoin is about 10^9 VND). Above it an answer is garbage, not a price.
 */
export const MAX_PRICE = '1e13';
/** Smallest price kept: below 10^-18 of a currency unit a coin has no fiat value to show. */
export const MIN_PRICE = '1e-18';
/** Bounds of a USD -> display currency rate (KWD is about 0.3, VND about 25,000). */
export const MIN_FIAT_RATE = '1e-3';
export const MAX_FIAT_RATE = '1e6';
/** Longest price text read from an answer. */
const MAX_PRICE_TEXT = 64;
const DECIMAL_TEXT = /^\d+(\.\d+)?([eE][-+]?\d{1,3})?$/;

/** A JSON number or decimal text (matching `pattern`) as a Decimal; null for anything else. */
function decimalOf(value: unknown, pattern: RegExp): Decimal | null {
  // A JSON number: its shortest text is the decimal it was written as (up to 15 significant digits).
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(String(value)) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text.length <= MAX_PRICE_TEXT && pattern.test(text) ? new Decimal(text) : null;
}

function bounded(value: unknown, min: string, max: string): string | null {
  let d = decimalOf(value, DECIMAL_TEXT);
  if (d === null) return null;
  d = d.toSignificantDigits(PRICE_SIGNIFICANT_DIGITS, Decimal.ROUND_HALF_UP);
  if (!d.isFinite() || d.lessThan(min) || d.greaterThan(max)) return null;
  return d.toFixed();
}

/**
 * A price from an answer (a JSON number or decimal text) as plain decimal text of at most
 * {@link PRICE_SIGNIFICANT_DIGITS} significant digits; null when it is not a positive, finite price between
 * {@link MIN_PRICE} and {@link MAX_PRICE} (shown as 'Price N/A').
 */
export function parsePrice(value: unknown): string | null {
  return bounded(value, MIN_PRICE, MAX_PRICE);
}

/** A USD -> currency rate as decimal text, or null when outside {@link MIN_FIAT_RATE}..{@link MAX_FIAT_RATE}. */
export function parseFiatRate(value: unknown): string | null {
  return bounded(value, MIN_FIAT_RATE, MAX_FIAT_RATE);
}

/** `price` (decimal text) times `rate` (decimal text), as a checked price; null when the product is no price. */
export function multiplyPrice(price: string, rate: string): string | null {
  try {
    return parsePrice(new Decimal(price).mul(new Decimal(rate)).toFixed());
  } catch {
    return null;
  }
}

/** `value` divided by `by` (both decimal text) as a checked fiat rate; null when `by` is not positive. */
export function divideToFiatRate(value: string, by: string): string | null {
  try {
    const divisor = new Decimal(by);
    if (!divisor.greaterThan(0)) return null;
    return parseFiatRate(new Decimal(value).div(divisor).toFixed());
  } catch {
    return null;
  }
}

/**
 * A checked price as the JSON number of the wire format: exact, since it has at most
 * {@link PRICE_SIGNIFICANT_DIGITS} significant digits (a reader's `String(n)` gives the same decimal back).
 */
export function priceToJsonNumber(price: string): number {
  return Number(price);
}

/** Bounds of a 24 h price change in percent: a price cannot fall more than 100 %; above +10^6 % it is garbage. */
export const MIN_PRICE_CHANGE_PCT = '-100';
export const MAX_PRICE_CHANGE_PCT = '1e6';
const SIGNED_DECIMAL_TEXT = /^-?\d+(\.\d+)?([eE][-+]?\d{1,3})?$/;

/**
 * A 24 h price change in percent from an answer (a JSON number or decimal text, possibly negative) as plain
 * decimal text with at most 4 fraction digits; null when it is missing, not a number or outside
 * {@link MIN_PRICE_CHANGE_PCT}..{@link MAX_PRICE_CHANGE_PCT} (a change unknown is shown as missing, never as 0).
 */
export function parsePriceChange(value: unknown): string | null {
  let d = decimalOf(value, SIGNED_DECIMAL_TEXT);
  if (d === null) return null;
  d = d.toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
  if (!d.isFinite() || d.lessThan(MIN_PRICE_CHANGE_PCT) || d.greaterThan(MAX_PRICE_CHANGE_PCT)) return null;
  // -0 reads as 0
  return d.isZero() ? '0' : d.toFixed();
}
