import { describe, expect, it } from 'vitest';
import { validateBnbMemo } from './memo';

describe('tag / memo', () => {
  it('BNB memo at most 128 characters', () => {
    expect(validateBnbMemo('a'.repeat(128))).toBeUndefined();
    expect(validateBnbMemo('a'.repeat(129))).toEqual({ code: 'invalidTagOrMemo' });
  });
});
