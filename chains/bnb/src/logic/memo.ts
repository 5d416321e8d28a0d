/** The BNB Beacon memo (spec 01 §5 "Tag/memo"): optional; at most 128 characters. */
import { issue, type Issue } from '@secux-companion/core';

/** BNB memo at most 128 characters. */
export const BNB_MEMO_MAX_LENGTH = 128;

/** A typed memo: empty is valid (no memo); more than 128 characters is 'invalidTagOrMemo'. */
export function validateBnbMemo(value: string): Issue | undefined {
  return [...value].length <= BNB_MEMO_MAX_LENGTH ? undefined : issue('invalidTagOrMemo');
}
