/** The review step's rows: recipient, amount, fee, destination tag, activation, total. */
import type { BuiltTransaction, ReviewRow } from '@secux-companion/chain-common';
import type { XrpSignRequest, XrpUnsigned } from '../types';
import type { XrpContext } from './context';

export function reviewRows(
  { decimals }: XrpContext,
  built: BuiltTransaction<XrpUnsigned, XrpSignRequest>,
): ReviewRow[] {
  const { review } = built;
  const amount = (value: bigint) => ({ type: 'amount' as const, value, decimals, symbol: 'XRP' });
  const rows: ReviewRow[] = [
    {
      labelKey: 'send.recipient',
      value: { type: 'address', value: review.recipient },
      testId: 'review-recipient',
    },
    { labelKey: 'send.amountLabel', value: amount(review.amount), testId: 'review-amount' },
    { labelKey: 'send.networkFee', value: amount(review.fee), testId: 'review-fee' },
  ];
  if (review.memo?.type === 'tag')
    rows.push({
      labelKey: 'xrp.review.tag',
      value: { type: 'text', value: String(review.memo.value) },
      testId: 'review-tag',
    });
  if (built.unsigned.activates)
    rows.push({
      labelKey: 'xrp.review.activates',
      value: { type: 'amount', value: review.amount, decimals, symbol: 'XRP' },
      testId: 'review-activates',
    });
  rows.push({ labelKey: 'send.total', value: amount(review.total), testId: 'review-total' });
  return rows;
}
