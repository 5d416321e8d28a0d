/** The review step's rows: recipient, amount, bandwidth and its burn, energy and its burn, activation, fee, total. */
import type { BuiltTransaction, ReviewRow } from '@secux-companion/chain-common';
import type { TronSignRequest, TronUnsigned } from '../types';
import { TRX_DECIMALS } from './context';

export function reviewRows(built: BuiltTransaction<TronUnsigned, TronSignRequest>): ReviewRow[] {
  const { review, unsigned } = built;
  const { costs } = unsigned;
  const trx = (value: bigint) => ({ type: 'amount' as const, value, decimals: TRX_DECIMALS, symbol: 'TRX' });
  const token = unsigned.token;
  const rows: ReviewRow[] = [
    {
      labelKey: 'send.recipient',
      value: { type: 'address', value: review.recipient },
      testId: 'review-recipient',
    },
    {
      labelKey: 'send.amountLabel',
      value: token
        ? { type: 'amount', value: review.amount, decimals: token.decimals, symbol: token.symbol }
        : trx(review.amount),
      testId: 'review-amount',
    },
    {
      labelKey: 'tron.review.bandwidth',
      value: { type: 'text', value: costs.bandwidth.toString() },
      testId: 'review-bandwidth',
    },
    {
      labelKey: 'tron.review.bandwidthBurn',
      value: trx(costs.bandwidthBurn),
      testId: 'review-bandwidth-burn',
    },
  ];
  if (unsigned.tx.kind === 'trc20')
    rows.push(
      {
        labelKey: 'tron.review.energy',
        value: { type: 'text', value: costs.energy.toString() },
        testId: 'review-energy',
      },
      { labelKey: 'tron.review.energyBurn', value: trx(costs.energyBurn), testId: 'review-energy-burn' },
    );
  if (unsigned.activates)
    rows.push({
      labelKey: 'tron.review.activationFee',
      value: trx(costs.activationFee),
      testId: 'review-activation-fee',
    });
  rows.push({ labelKey: 'send.networkFee', value: trx(review.fee), testId: 'review-fee' });
  if (!token) rows.push({ labelKey: 'send.total', value: trx(review.total), testId: 'review-total' });
  return rows;
}
