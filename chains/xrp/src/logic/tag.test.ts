import { describe, expect, it } from 'vitest';
import { XRP_TAG_MAX, validateXrpTag } from './tag';

describe('tag / memo', () => {
  it('XRP tag integer up to 2^32-1', () => {
    expect(XRP_TAG_MAX).toBe(4294967295n);
    expect(validateXrpTag('')).toBeUndefined();
    expect(validateXrpTag('4294967295')).toBeUndefined();
    expect(validateXrpTag('4294967296')).toEqual({ code: 'invalidTagOrMemo' });
    expect(validateXrpTag('1.5')).toEqual({ code: 'invalidTagOrMemo' });
    expect(validateXrpTag('-1')).toEqual({ code: 'invalidTagOrMemo' });
  });
});
