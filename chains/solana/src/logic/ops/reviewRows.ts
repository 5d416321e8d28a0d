/** The review step's rows: recipient, amount, Token-2022 transfer fee, network fee, priority price, rent, memo, total. */
import type { ReviewRow } from '@secux-companion/chain-common';
import type { SolanaBuilt } from '../types';
import type { SolanaContext } from './context';

export function reviewRows({ decimals }: SolanaContext, built: SolanaBuilt): ReviewRow[] {
  const { review, unsigned } = built;
  const sol = (value: bigint) => ({ type: 'amount' as const, value, decimals, symbol: 'SOL' });
  const tok = (value: bigint) =>
    unsigned.token
      ? { type: 'amount' as const, value, decimals: unsigned.token.decimals, symbol: unsigned.token.symbol }
      : sol(value);
  const rows: ReviewRow[] = [
    {
      labelKey: 'send.recipient',
      value: { type: 'address', value: review.recipient },
      testId: 'review-recipient',
    },
    { labelKey: 'send.amountLabel', value: tok(review.amount), testId: 'review-amount' },
  ];
  if (unsigned.token && unsigned.transferFee > 0n) {
    rows.push({
      labelKey: 'solana.review.transferFee',
      value: tok(unsigned.transferFee),
      testId: 'review-transfer-fee',
    });
    rows.push({
      labelKey: 'solana.review.recipientGets',
      value: tok(review.amount - unsigned.transferFee),
      testId: 'review-recipient-gets',
    });
  }
  rows.push({ labelKey: 'send.networkFee', value: sol(review.fee), testId: 'review-fee' });
  rows.push({
    labelKey: 'solana.review.priorityPrice',
    value: { type: 'feeRate', value: unsigned.microLamports, unit: 'micro-lamports/CU' },
    testId: 'review-priority-price',
  });
  if (unsigned.rent > 0n)
    rows.push({ labelKey: 'solana.review.accountRent', value: sol(unsigned.rent), testId: 'review-rent' });
  if (unsigned.memo !== null)
    rows.push({
      labelKey: 'solana.review.memo',
      value: { type: 'text', value: unsigned.memo },
      testId: 'review-memo',
    });
  rows.push({ labelKey: 'send.total', value: sol(review.total), testId: 'review-total' });
  return rows;
}
