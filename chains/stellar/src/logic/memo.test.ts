import { describe, expect, it } from 'vitest';
import { XLM_ID_MEMO_MAX, validateXlmMemo } from './memo';

describe('tag / memo', () => {
  it('XLM id memo integer up to 2^64-1', () => {
    expect(XLM_ID_MEMO_MAX).toBe(18446744073709551615n);
    expect(validateXlmMemo('18446744073709551615', 'id')).toBeUndefined();
    expect(validateXlmMemo('18446744073709551616', 'id')).toEqual({ code: 'invalidTagOrMemo' });
    expect(validateXlmMemo('abc', 'id')).toEqual({ code: 'invalidTagOrMemo' });
    expect(validateXlmMemo('hello', 'text')).toBeUndefined();
  });
});
