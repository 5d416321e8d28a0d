import { describe, expect, it } from 'vitest';
import { validateBtcFeeRate, validateCpfpOutput, validateUtxoBuildInput } from './buildRules';

describe('bitcoin-family build', () => {
  it('requires recipient and amount', () => {
    expect(validateUtxoBuildInput('', 1n)).toEqual({ code: 'amountOrRecipientMissing' });
    expect(validateUtxoBuildInput('bc1q', undefined)).toEqual({ code: 'amountOrRecipientMissing' });
    expect(validateUtxoBuildInput('bc1q', 0n)).toEqual({ code: 'amountOrRecipientMissing' });
    expect(validateUtxoBuildInput('bc1q', 1n)).toBeUndefined();
  });

  it('CPFP needs a recipient and a 546-satoshi output', () => {
    expect(validateCpfpOutput('', 1000n)).toEqual({ code: 'recipientMissing' });
    expect(validateCpfpOutput('bc1q', 545n)).toEqual({ code: 'insufficientBalanceCpfp' });
    expect(validateCpfpOutput('bc1q', 546n)).toBeUndefined();
  });

  it('rejects BTC-type fees above 1,000,000 sat/vB', () => {
    expect(validateBtcFeeRate(1_000_000)).toBeUndefined();
    expect(validateBtcFeeRate(1_000_001)).toEqual({ code: 'btcFeeTooHigh', params: { fees: '1000001' } });
  });
});
