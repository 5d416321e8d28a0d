/**
 * The bitcoin family's send rules before a build (spec 01 §5 "Bitcoin-family build"): recipient and amount present,
 * change and CPFP outputs above dust, the fee rate's ceiling.
 */
import { DUST_SATOSHIS, MAX_BTC_FEE_RATE, issue, type Issue } from '@secux-companion/core';

/** Recipient and amount are required to build ('amountOrRecipientMissing'). */
export function validateUtxoBuildInput(recipient: string, amount: bigint | undefined): Issue | undefined {
  return recipient.trim() === '' || amount === undefined || amount <= 0n
    ? issue('amountOrRecipientMissing')
    : undefined;
}

/** Change (or the send-all remainder) must be 0 or at least 546 satoshis. */
export function validateUtxoChange(change: bigint): Issue | undefined {
  return change < 0n
    ? issue('insufficientBalance')
    : change > 0n && change < DUST_SATOSHIS
      ? issue('insufficientBalanceDust')
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
