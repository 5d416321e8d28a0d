/** The review table of a transfer: recipient, amount, fee, total, and the digest the device shows. */
import type { BuiltTransaction, ReviewRow } from '@secux-companion/chain-common';
import type { FioUnsignedTx } from '../tx';
import type { FioSignRequest } from '../types';
import type { FioContext } from './context';

export function reviewRows(
  { chain }: FioContext,
  built: BuiltTransaction<FioUnsignedTx, FioSignRequest>,
): ReviewRow[] {
  const { review } = built;
  const amount = (value: bigint) => ({ type: 'amount' as const, value, decimals: 9, symbol: chain });
  return [
    {
      labelKey: 'send.recipient',
      value: { type: 'address', value: review.recipient },
      testId: 'review-recipient',
    },
    { labelKey: 'send.amountLabel', value: amount(review.amount), testId: 'review-amount' },
    { labelKey: 'send.networkFee', value: amount(review.fee), testId: 'review-fee' },
    { labelKey: 'send.total', value: amount(review.total), testId: 'review-total' },
    {
      labelKey: 'fio.deviceDigest',
      value: { type: 'text', value: built.signRequest.digest },
      testId: 'review-fio-digest',
    },
  ];
}
