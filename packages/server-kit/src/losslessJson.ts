/**
 * Upstream JSON read without losing digits (issue 29). `JSON.parse` rounds every integer beyond 2^53 − 1 to the
 * nearest double, so a real balance above ~9 M SOL (lamports), ~9 G TRX (sun) or ~9 M FIO (SUF) written as a JSON
 * number came out as a different number — refused as "not a safe integer" (502), or silently read as another value
 * by code that skips what it cannot read. Here such an integer keeps its exact decimal text, as a string; every other
 * number (safe integers, fractions, exponents) is the number `JSON.parse` gives. Amount schemas accept that string
 * (see {@link UintAmount}); a count, height or time is still a `z.number()` and refuses it (malformed, as before).
 *
 * Node 20's `JSON.parse` reviver has no source text (`context.source`, V8 11.4+), so the slow path is lossless-json's
 * parser with our own number reader; the fast path, the common case, is `JSON.parse` itself: without a run of 16
 * digits anywhere in the text no integer token can reach 2^53 (a 16-digit number), and both read the same.
 */
import { isInteger, parse } from 'lossless-json';
import { z } from 'zod';
import {
  ProviderError,
  httpRequest,
  parseJson,
  snippet,
  validate,
  type FetchFn,
  type HttpOptions,
} from './failover.js';

/** An integer token of 16 digits or more can be above 2^53 − 1; nothing shorter can. */
const LONG_DIGITS = /\d{16}/;
/** A decimal of 16 significant digits or more may be beyond a double; nothing shorter (a double holds 15). */
const LONG_DECIMAL = /\d(?:\.?\d){15}/;
const PLAIN_DECIMAL = /^(-?\d+)\.(\d+)$/;

export interface LosslessOptions {
  /**
   * Decimals a double cannot hold (Bitcoin Core's coin amounts: 1234567890.12345678 DOGE) stay their text too; a
   * decimal that `String(number)` writes back with the same value is still a number.
   */
  decimals?: boolean;
}

/**
 * A plain decimal whose value its nearest double does not keep: more than 15 significant digits (a double holds any
 * 15) and `String(number)` writes another value ('12345678.12345678' is kept, '1234567890.12345678' is not).
 */
function loses(text: string, n: number): boolean {
  const m = PLAIN_DECIMAL.exec(text);
  if (!m) return false;
  const frac = m[2]!.replace(/0+$/, '');
  const int = m[1]!.replace(/^(-?)0+(?=\d)/, '$1');
  if (`${int}${frac}`.replace(/^-?0*/, '').length <= 15) return false;
  return String(n) !== (frac ? `${int}.${frac}` : int);
}

/** A JSON number token: its number when `JSON.parse` keeps it exactly, an unsafe integer's decimal text otherwise. */
function readNumber(text: string, o: LosslessOptions): number | string {
  if (isInteger(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : text;
  }
  const n = Number.parseFloat(text);
  return o.decimals && loses(text, n) ? text : n;
}

/**
 * `JSON.parse`, except that an integer beyond 2^53 − 1 is its exact decimal string (with `decimals`, also a decimal
 * a double cannot hold); not JSON → 'malformed'.
 */
export function parseLosslessJson(text: string, o: LosslessOptions = {}): unknown {
  if (!(o.decimals ? LONG_DECIMAL : LONG_DIGITS).test(text)) return parseJson(text);
  try {
    return parse(text, null, {
      parseNumber: (t) => readNumber(t, o),
      // As JSON.parse does: the last of a repeated key wins.
      onDuplicateKey: ({ newValue }) => newValue,
    });
  } catch {
    throw new ProviderError('malformed', `answer is not JSON: ${snippet(text, 80)}`);
  }
}

/** GET/POST returning validated JSON, read by {@link parseLosslessJson} (failover.ts `getJson` otherwise). */
export async function getLosslessJson<S extends z.ZodType>(
  fetchFn: FetchFn,
  url: string,
  schema: S,
  what: string,
  o: HttpOptions = {},
): Promise<z.output<S>> {
  const a = await httpRequest(fetchFn, url, o);
  return validate(schema, parseLosslessJson(a.text), what);
}

/**
 * A non-negative integer amount in the smallest unit, as the upstream writes it — a JSON number of any size (read by
 * {@link parseLosslessJson}: beyond 2^53 − 1 it is its decimal text) or a decimal string — as a bigint. Its size
 * is the bounds' business (families/<family>/bounds.ts: at most the coin's supply); 80 digits only keep the text
 * short.
 */
export const UintAmount = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,80}$/)])
  .transform((v) => BigInt(v));
