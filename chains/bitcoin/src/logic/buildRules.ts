/**
 * The bitcoin family's send rules before a build (spec 01 §5 "Bitcoin-family build"): recipient and amount present,
 * the CPFP output above dust, the fee rate's ceiling. Change below dust is coinselect.ts's rule (it drops the change or
 * refuses with insufficientBalanceDust while it selects the inputs).
 */
import { DUST_SATOSHIS, MAX_BTC_FEE_RATE, issue, type Issue } from '@secux-companion/core';

/** Recipient and amount are required to build ('amountOrRecipientMissing'). */
export function validateUtxoBuildInput(recipient: string, amount: bigint | undefined): Issue | undefined {
  return recipient.trim() === '' || amount === undefined || amount <= 0n
    ? issue('amountOrRecipientMissing')
    : undefined;
}

/** CPFP needs a recipient and an output of at least 546 satoshis. */
export function validateCpfpOutput(recipient: string, output: bigint): Issue | undefined {
  if (recipient.trim() === '') return issue('recipientMissing');
  return output < DUST_SATOSHIS ? issue('insufficientBalanceCpfp') : undefined;
}

/** BTC-type fee rates above 1,000,000 sat/byte are rejected with 'btcFeeTooHigh'. */
export function validateBtcFeeRate(rate: number): Issue | undefined {
  return rate > MAX_BTC_FEE_RATE ? issue('btcFeeTooHigh', { fees: String(rate) }) : undefined;
}
