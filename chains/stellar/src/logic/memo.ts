/**
 * Stellar memos (issue 13): text (≤ 28 bytes UTF-8), id (an integer 0 … 2^64−1), hash and return (32 bytes, typed as
 * 64 hex digits). Optional unless the recipient requires one (SEP-29).
 */
import { isUnsignedIntegerUpTo, issue, type Issue } from '@secux-companion/core';
import type { DraftMemo } from '@secux-companion/chain-common';
import { Memo } from '@stellar/stellar-sdk';
import { StellarError } from './errors';

export type StellarMemoType = 'text' | 'id' | 'hash' | 'return';

/** XLM id memo maximum 2^64 − 1. */
export const XLM_ID_MEMO_MAX = 2n ** 64n - 1n;
/** Stellar text memo: at most 28 bytes (protocol limit, not in spec). */
export const XLM_TEXT_MEMO_MAX_BYTES = 28;

/** A memo of a Stellar send: the shared draft memo types plus Stellar's MEMO_RETURN. */
export type StellarMemo = Exclude<DraftMemo, { type: 'tag' }> | { type: 'return'; value: string };

export const STELLAR_MEMO_TYPES: readonly StellarMemoType[] = ['text', 'id', 'hash', 'return'];

const HEX32 = /^[0-9a-fA-F]{64}$/;

function invalid(type: string, why: string): StellarError {
  return new StellarError('xlmInvalidMemo', `Invalid ${type} memo: ${why}.`, { type });
}

/** Checks a memo's form; returns it normalized (hash / return in lower-case hex). */
export function checkStellarMemo(memo: StellarMemo | DraftMemo): StellarMemo {
  switch (memo.type) {
    case 'text': {
      const bytes = new TextEncoder().encode(memo.value).length;
      if (bytes > XLM_TEXT_MEMO_MAX_BYTES)
        throw invalid('text', `at most ${XLM_TEXT_MEMO_MAX_BYTES} bytes (this one has ${bytes})`);
      return memo;
    }
    case 'id':
      if (typeof memo.value !== 'bigint' || memo.value < 0n || memo.value > XLM_ID_MEMO_MAX)
        throw invalid('id', 'an integer from 0 to 18446744073709551615');
      return memo;
    case 'hash':
    case 'return':
      if (!HEX32.test(memo.value)) throw invalid(memo.type, 'exactly 64 hexadecimal digits (32 bytes)');
      return { type: memo.type, value: memo.value.toLowerCase() };
    default:
      throw invalid(String((memo as { type: unknown }).type), 'not a Stellar memo type');
  }
}

/**
 * A typed memo from what the user entered: text as it is, id as decimal digits, hash / return as hex. Throws
 * `xlmInvalidMemo` with the rule it breaks.
 */
export function parseStellarMemo(type: StellarMemoType, input: string): StellarMemo {
  if (type === 'id') {
    if (!/^\d{1,20}$/.test(input)) throw invalid('id', 'an integer from 0 to 18446744073709551615');
    return checkStellarMemo({ type, value: BigInt(input) });
  }
  return checkStellarMemo({ type, value: input });
}

/**
 * The spec's memo rule (spec 01 §5 "Tag/memo"): optional (empty is valid); an id memo is an integer ≤ 2^64−1, a text
 * memo at most 28 bytes. Invalid → 'invalidTagOrMemo'.
 */
export function validateXlmMemo(value: string, memoType: 'text' | 'id' = 'text'): Issue | undefined {
  if (value === '') return undefined;
  const valid =
    memoType === 'id'
      ? isUnsignedIntegerUpTo(value, XLM_ID_MEMO_MAX)
      : new TextEncoder().encode(value).length <= XLM_TEXT_MEMO_MAX_BYTES;
  return valid ? undefined : issue('invalidTagOrMemo');
}

/** The memo as stellar-sdk builds it. */
export function toSdkMemo(memo: StellarMemo): Memo {
  switch (memo.type) {
    case 'text':
      return Memo.text(memo.value);
    case 'id':
      return Memo.id(memo.value.toString());
    case 'hash':
      return Memo.hash(memo.value);
    case 'return':
      return Memo.return(memo.value);
  }
}

/** The memo as the SecuX device SDK takes it ({ Type, Value } strings). */
export function toDeviceMemo(memo: StellarMemo): { Type: StellarMemoType; Value: string } {
  return { Type: memo.type, Value: memo.type === 'id' ? memo.value.toString() : memo.value };
}

/** The memo as text for history and review ('id' in decimal, 'hash' / 'return' in hex). */
export function memoText(memo: StellarMemo): string {
  return memo.type === 'id' ? memo.value.toString() : memo.value;
}
