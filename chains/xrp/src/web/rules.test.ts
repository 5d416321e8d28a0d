import { describe, expect, it } from 'vitest';
import { XrpError, validateXrpTag } from '@secux-companion/chain-xrp';
import { i18next } from '@secux-companion/web-kit/i18n';
import { setupUiTests } from '@secux-companion/web-kit/test/ui';
import { memoTagCheck } from '@secux-companion/web-kit/send/MemoTagField';
import { xrpDeleteIssue, xrpErrorText, xrpFeeNeedsConfirmation, xrpSendAllAmount } from './rules';

setupUiTests();
const t = i18next.t.bind(i18next);

describe('XRP screen rules', () => {
  it('send-all sends balance − reserve − fee, never below zero', () => {
    expect(xrpSendAllAmount(10_000_000n, 1_400_000n, 12n)).toBe(8_599_988n);
    expect(xrpSendAllAmount(1_000_005n, 1_000_000n, 12n)).toBe(0n);
  });

  it('the fee asks for a confirmation above the open-ledger fee or when the open-ledger fee escalated', () => {
    expect(xrpFeeNeedsConfirmation(10n, { openLedger: 10n, base: 10n })).toBe(false);
    expect(xrpFeeNeedsConfirmation(11n, { openLedger: 10n, base: 10n })).toBe(true);
    expect(xrpFeeNeedsConfirmation(5000n, { openLedger: 5000n, base: 10n })).toBe(true);
  });

  it('an account with XRP cannot be deleted; one with history gives err-11; an empty one can', () => {
    expect(xrpDeleteIssue({ balance: 1n, txCount: 0 })).toEqual({ code: 'cannotDeleteActiveAccount' });
    expect(xrpDeleteIssue({ balance: 0n, txCount: 2 })).toEqual({
      code: 'err-11',
      params: { tokenType: 'XRP' },
    });
    expect(xrpDeleteIssue({ balance: 0n, txCount: 0 })).toBeUndefined();
  });

  it("chain-xrp's refusals read in the user's language, with the minimum; other errors are left to the catalogue", () => {
    const e = new XrpError('xrpActivationBelowReserve', 'x', { minimum: '1', coin: 'XRP' });
    expect(xrpErrorText(t, e)).toContain('at least 1 XRP');
    expect(xrpErrorText(t, e)).toContain('tecNO_DST_INSUF_XRP');
    expect(xrpErrorText(t, new XrpError('xrpDestinationTagRequired', 'x'))).toContain('destination tag');
    expect(xrpErrorText(t, new Error('other'))).toBeUndefined();
  });
});

describe("the send form's tag (MemoTagField with chain-xrp's rule)", () => {
  const base = {
    coin: 'XRP' as const,
    kind: { kind: 'tag' } as const,
    firmwareOk: true,
    validate: validateXrpTag,
  };

  it('XRP tag: 0 and 2^32−1 pass, 2^32, negatives and decimals fail with "invalid tag or memo"', () => {
    const v = (text: string) => memoTagCheck(t, { ...base, value: { enabled: true, text } });
    expect(v('0').memo).toEqual({ text: '0', type: 'text' });
    expect(v('4294967295').ok).toBe(true);
    for (const bad of ['4294967296', '-1', '1.5', 'abc']) {
      expect(v(bad)).toMatchObject({ ok: false, error: 'invalid tag or memo' });
    }
  });
});
