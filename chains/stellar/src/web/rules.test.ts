import { StellarError } from '@secux-companion/chain-stellar';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { memoTagCheck, type MemoTagValue } from '@secux-companion/web-kit/send/MemoTagField';
import {
  memoFromField,
  stellarDeleteIssue,
  stellarErrorText,
  stellarMemoRule,
  stellarSendAllAmount,
} from './rules';

const t = ((key: string, params?: Record<string, unknown>) =>
  `${key}${params ? JSON.stringify(params) : ''}`) as TFunction;

describe('Stellar screen rules', () => {
  it('send-all leaves the minimum balance and the fee', () => {
    expect(stellarSendAllAmount(100_000_000n, 15_000_000n, 100n)).toBe(84_999_900n);
    expect(stellarSendAllAmount(15_000_050n, 15_000_000n, 100n)).toBe(0n);
  });

  it('deletes only an account without XLM and without history', () => {
    expect(stellarDeleteIssue({ balance: 1n, txCount: 0 })).toEqual({ code: 'cannotDeleteActiveAccount' });
    expect(stellarDeleteIssue({ balance: 0n, txCount: 1 })).toMatchObject({ code: 'err-11' });
    expect(stellarDeleteIssue({ balance: 0n, txCount: 0 })).toBeUndefined();
  });

  it("checks each memo type with the adapter's own rule", () => {
    expect(stellarMemoRule('x'.repeat(28), 'text')).toBeUndefined();
    expect(stellarMemoRule('x'.repeat(29), 'text')).toEqual({ code: 'invalidTagOrMemo' });
    expect(stellarMemoRule('18446744073709551615', 'id')).toBeUndefined();
    expect(stellarMemoRule('18446744073709551616', 'id')).toEqual({ code: 'invalidTagOrMemo' });
    expect(stellarMemoRule('ab'.repeat(32), 'return')).toBeUndefined();
    expect(stellarMemoRule('ab'.repeat(31), 'hash')).toEqual({ code: 'invalidTagOrMemo' });
    expect(memoFromField({ text: '7', type: 'id' })).toEqual({ type: 'id', value: 7n });
    expect(memoFromField(undefined)).toBeUndefined();
  });

  it("translates the family's errors with their parameters, and leaves other errors alone", () => {
    expect(stellarErrorText(t, new StellarError('xlmMuxedCreate', 'x', { account: 'GABC' }))).toBe(
      'stellar.errors.muxedCreate{"account":"GABC"}',
    );
    expect(stellarErrorText(t, new Error('other'))).toBeUndefined();
  });
});

describe("the send form's memo (MemoTagField with the family's rule)", () => {
  it('Stellar memo types: text ≤ 28 bytes, id ≤ 2^64−1, hash/return 64 hex digits', () => {
    const kind = { kind: 'memo', types: ['text', 'id', 'hash', 'return'] } as const;
    const v = (text: string, type: MemoTagValue['type']) =>
      memoTagCheck(t, {
        coin: 'XLM',
        kind,
        firmwareOk: true,
        validate: stellarMemoRule,
        value: { enabled: true, text, type },
      }).ok;
    expect(v('x'.repeat(28), 'text')).toBe(true);
    expect(v('x'.repeat(29), 'text')).toBe(false);
    expect(v('18446744073709551615', 'id')).toBe(true);
    expect(v('18446744073709551616', 'id')).toBe(false);
    expect(v('ab'.repeat(32), 'hash')).toBe(true);
    expect(v('ab'.repeat(31), 'return')).toBe(false);
  });
});
