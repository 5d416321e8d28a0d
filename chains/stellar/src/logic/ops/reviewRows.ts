/** The review step's rows: recipient (base account and muxed id), amount, fee, memo, account creation, total. */
import type { BuiltTransaction, ReviewRow } from '@secux-companion/chain-common';
import { memoText } from '../memo';
import type { StellarSignRequest, StellarUnsigned } from '../types';
import type { StellarContext } from './context';

export function reviewRows(
  { asset }: StellarContext,
  built: BuiltTransaction<StellarUnsigned, StellarSignRequest>,
): ReviewRow[] {
  const amountValue = (value: bigint) => ({ type: 'amount' as const, value, ...asset });
  const { review } = built;
  const u = built.unsigned;
  const rows: ReviewRow[] = [
    {
      labelKey: 'send.recipient',
      value: { type: 'address', value: review.recipient },
      testId: 'review-recipient',
    },
  ];
  if (u.recipient.muxedId !== undefined)
    rows.push(
      {
        labelKey: 'stellar.review.baseAccount',
        value: { type: 'address', value: u.recipient.account },
        testId: 'review-base-account',
      },
      {
        labelKey: 'stellar.review.muxedId',
        value: { type: 'text', value: u.recipient.muxedId },
        testId: 'review-muxed-id',
      },
    );
  rows.push(
    { labelKey: 'send.amountLabel', value: amountValue(review.amount), testId: 'review-amount' },
    { labelKey: 'send.networkFee', value: amountValue(review.fee), testId: 'review-fee' },
  );
  if (u.memo)
    rows.push(
      {
        labelKey: 'stellar.review.memoType',
        value: { type: 'text', value: u.memo.type.toUpperCase() },
        testId: 'review-memo-type',
      },
      {
        labelKey: 'stellar.review.memo',
        value: { type: 'text', value: memoText(u.memo) },
        testId: 'review-memo',
      },
    );
  if (u.creates)
    rows.push({
      labelKey: 'stellar.review.createsAccount',
      value: { type: 'text', value: u.recipient.account },
      testId: 'review-creates-account',
    });
  rows.push({ labelKey: 'send.total', value: amountValue(review.total), testId: 'review-total' });
  return rows;
}
