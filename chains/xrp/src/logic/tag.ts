/** The XRP destination tag (spec 01 §5 "Tag/memo"): optional; when given, an integer 0 … 2^32−1. */
import { isUnsignedIntegerUpTo, issue, type Issue } from '@secux-companion/core';

/** XRP destination tag maximum 2^32 − 1. */
export const XRP_TAG_MAX = 2n ** 32n - 1n;

/** A typed destination tag: empty is valid (no tag); otherwise an integer ≤ 2^32−1, else 'invalidTagOrMemo'. */
export function validateXrpTag(value: string): Issue | undefined {
  if (value === '') return undefined;
  return isUnsignedIntegerUpTo(value, XRP_TAG_MAX) ? undefined : issue('invalidTagOrMemo');
}
