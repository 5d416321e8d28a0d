import { describe, expect, it } from 'vitest';
import {
  canContinueSendDetails,
  filterAmountInput,
  isDuplicateContract,
  isFeeIntegerOnly,
  isUnsignedIntegerUpTo,
  meetsMinimumBalance,
  recipientIssue,
  stripNonAscii,
  stripScheme,
  validateAccountName,
  validateAmount,
  validateFeeInput,
  validateMinimumBalance,
  validateRecipient,
  type SendDetailsState,
} from './validation';

const accept = () => true;
const reject = () => false;

describe('recipient', () => {
  it('handles empty, characters and the chain validator', () => {
    expect(validateRecipient('BTC', '', accept)).toBe('empty');
    expect(validateRecipient('BTC', 'bc1qabc', accept)).toBe('ok');
    expect(validateRecipient('BTC', 'bc1qabc', reject)).toBe('invalid');
    expect(validateRecipient('BTC', 'ｂｃ１ｑ', accept)).toBe('invalid'); // full-width
    expect(validateRecipient('BTC', 'bc1q abc', accept)).toBe('invalid');
    expect(validateRecipient('ETH', '0xab-cd', accept)).toBe('invalid');
  });

  it('skips the validator on testnets', () => {
    expect(validateRecipient('TBTC', 'tb1qanything', reject)).toBe('ok');
    expect(validateRecipient('TETH', '0xabc', reject)).toBe('ok');
  });

  it('strips schemes', () => {
    expect(stripScheme('bitcoin:bc1qabc')).toBe('bc1qabc');
    expect(stripScheme('ethereum:0xabc:extra')).toBe('0xabc:extra');
    expect(stripScheme('bc1qabc')).toBe('bc1qabc');
  });

  it('maps statuses to messages', () => {
    expect(recipientIssue('invalid')).toEqual({ code: 'invalidAddress' });
    expect(recipientIssue('notSupport')).toEqual({ code: 'addressNotSupported' });
    expect(recipientIssue('ok')).toBeUndefined();
  });
});

describe('amount', () => {
  const btc = { decimals: 8, balance: 100_000_000n, coin: 'BTC' };

  it('accepts valid amounts', () => {
    expect(validateAmount('0.5', btc)).toEqual({ ok: true, value: 50_000_000n });
    expect(validateAmount('0.00000546', btc)).toEqual({ ok: true, value: 546n });
    expect(validateAmount('1', btc)).toEqual({ ok: true, value: 100_000_000n });
  });

  it('err-26 negative (counts as insufficient)', () => {
    expect(validateAmount('-1', btc)).toEqual({ ok: false, issue: { code: 'err-26' }, insufficient: true });
  });

  it('err-34 invalid format or multiple dots', () => {
    for (const t of ['1.2.3', 'abc', '1e3', '1,5', '0.000000001']) {
      expect(validateAmount(t, btc)).toMatchObject({ ok: false, issue: { code: 'err-34' } });
    }
  });

  it('zero, empty and 0. are invalid', () => {
    for (const t of ['', '0', '0.', '0.000', '.0']) {
      expect(validateAmount(t, btc)).toMatchObject({ ok: false, issue: { code: 'invalidAmount' } });
    }
  });

  it('err-32 dust with coin, for bitcoin-family only', () => {
    expect(validateAmount('0.00000545', btc)).toEqual({
      ok: false,
      issue: { code: 'err-32', params: { coin: 'BTC' } },
      insufficient: false,
    });
    expect(validateAmount('0.00000001', { decimals: 8, balance: 10n, coin: 'BNB' })).toEqual({
      ok: true,
      value: 1n,
    });
    expect(validateAmount('0.00000001', { ...btc, isToken: true })).toEqual({ ok: true, value: 1n });
  });

  it('err-02 too much, err-31 for tokens', () => {
    expect(validateAmount('1.00000001', btc)).toMatchObject({
      ok: false,
      issue: { code: 'err-02' },
      insufficient: true,
    });
    expect(
      validateAmount('2', { decimals: 6, balance: 1_000_000n, coin: 'USDT', isToken: true }),
    ).toMatchObject({
      issue: { code: 'err-31' },
    });
  });

  it('filters typing and paste, capping decimals', () => {
    expect(filterAmountInput('1.123456789', '1.12345678', 8)).toBe('1.12345678');
    expect(filterAmountInput('1.1234567890123456789', '', 18)).toBe('1.123456789012345678');
    expect(filterAmountInput('12a', '12', 8)).toBe('12');
    expect(filterAmountInput('1.2.', '1.2', 8)).toBe('1.2');
    expect(filterAmountInput('-1', '', 8)).toBe('');
    expect(filterAmountInput('.5', '', 8)).toBe('.5');
    expect(filterAmountInput('5', '', 0)).toBe('5');
  });
});

describe('fee', () => {
  it('err-27 negative, err-22 not integer', () => {
    expect(validateFeeInput('-1', { integerOnly: true })).toEqual({ ok: false, issue: { code: 'err-27' } });
    expect(validateFeeInput('1.5', { integerOnly: true })).toEqual({ ok: false, issue: { code: 'err-22' } });
    const gwei = validateFeeInput('1.5', { integerOnly: false });
    expect(gwei.ok && gwei.value.toString()).toBe('1.5');
    expect(validateFeeInput('0', { integerOnly: true }).ok).toBe(true);
    expect(validateFeeInput('', { integerOnly: true })).toEqual({ ok: false, issue: { code: 'inputEmpty' } });
    expect(validateFeeInput('x', { integerOnly: true })).toEqual({
      ok: false,
      issue: { code: 'invalidAmount' },
    });
  });

  it('knows which chains need integer fees', () => {
    expect(isFeeIntegerOnly('BTC', false)).toBe(true);
    expect(isFeeIntegerOnly('ETH', false)).toBe(false);
    expect(isFeeIntegerOnly('ETH', true)).toBe(true);
  });
});

describe('balances', () => {
  it('checks the minimum balance (err-30 with minimum and coin)', () => {
    expect(meetsMinimumBalance(30_000_000n, 20_000_000n, 10_000_000n)).toBe(true);
    expect(meetsMinimumBalance(30_000_000n, 20_000_001n, 10_000_000n)).toBe(false);
    expect(
      validateMinimumBalance(15_000_000n, 10_000_000n, 10_000_000n, { decimals: 6, coin: 'XRP' }),
    ).toEqual({
      code: 'err-30',
      params: { minimum: '10', coin: 'XRP' },
    });
  });
});

describe('tag / memo', () => {
  it('reads an unsigned integer up to a maximum (the families give the maximum)', () => {
    expect(isUnsignedIntegerUpTo('255', 255n)).toBe(true);
    expect(isUnsignedIntegerUpTo('256', 255n)).toBe(false);
    for (const bad of ['', '-1', '1.5', 'abc', ' 1']) expect(isUnsignedIntegerUpTo(bad, 255n), bad).toBe(false);
  });
});

describe('account name', () => {
  it('accepts 1-15 allowed characters with single spaces', () => {
    expect(validateAccountName('a', [])).toBeUndefined();
    expect(validateAccountName('My Account_1.x-', [])).toBeUndefined();
    expect(validateAccountName('a'.repeat(15), [])).toBeUndefined();
  });

  it('err-38 too long', () => {
    expect(validateAccountName('a'.repeat(16), [])).toEqual({ code: 'err-38' });
  });

  it('err-29 invalid', () => {
    for (const n of ['', ' a', 'a ', 'a  b', 'a!', '帳戶', 'a\tb'])
      expect(validateAccountName(n, []), n).toEqual({ code: 'err-29' });
  });

  it('err-25 duplicate (rename to itself allowed)', () => {
    expect(validateAccountName('BTC 1', ['BTC 1', 'BTC 2'])).toEqual({ code: 'err-25' });
    expect(validateAccountName('BTC 1', ['BTC 1'], 'BTC 1')).toBeUndefined();
  });
});

describe('tokens', () => {
  it('detects duplicate contracts case-insensitively', () => {
    expect(isDuplicateContract('0xABC', ['0xabc'])).toBe(true);
    expect(isDuplicateContract('0xABD', ['0xabc'])).toBe(false);
  });

  it('strips non-ASCII from names and symbols', () => {
    expect(stripNonAscii('Tether USD₮')).toBe('Tether USD');
    expect(stripNonAscii('🚀MOON')).toBe('MOON');
  });
});

describe('send details gate', () => {
  const ok: SendDetailsState = {
    recipient: 'ok',
    fee: '21',
    feeInputValid: true,
    minimumBalanceMet: true,
    tokenFeeCovered: true,
    transferTooLarge: false,
    tagMemoValid: true,
    amountInvalid: false,
  };

  it('allows continue only when every condition holds', () => {
    expect(canContinueSendDetails(ok)).toBe(true);
    expect(canContinueSendDetails({ ...ok, recipient: 'notSupport' })).toBe(false);
    expect(canContinueSendDetails({ ...ok, fee: '0' })).toBe(false);
    // a family whose sends may cost nothing (TRON, Solana: capabilities.feeMayBeZero)
    expect(canContinueSendDetails({ ...ok, feeMayBeZero: true, fee: '0' })).toBe(true);
    expect(canContinueSendDetails({ ...ok, feeMayBeZero: true, fee: 0 })).toBe(true);
    expect(canContinueSendDetails({ ...ok, fee: '-1' })).toBe(false);
    expect(canContinueSendDetails({ ...ok, feeInputValid: false })).toBe(false);
    expect(canContinueSendDetails({ ...ok, minimumBalanceMet: false })).toBe(false);
    expect(canContinueSendDetails({ ...ok, tokenFeeCovered: false })).toBe(false);
    expect(canContinueSendDetails({ ...ok, transferTooLarge: true })).toBe(false);
    expect(canContinueSendDetails({ ...ok, tagMemoValid: false })).toBe(false);
    expect(canContinueSendDetails({ ...ok, amountInvalid: true })).toBe(false);
    // families without reserve, token-fee or tag rules leave them out
    expect(canContinueSendDetails({ recipient: 'ok', fee: 4, feeInputValid: true, amountInvalid: false })).toBe(true);
  });
});
