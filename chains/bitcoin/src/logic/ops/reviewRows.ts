/** The review table: recipient, amount, fee, change, total, and the fee rate a speed-up is all about. */
import type { BuiltTransaction, ReviewRow } from '@secux-companion/chain-common';
import type { BtcSignRequest, UtxoPlan } from '../build';
import type { BitcoinContext } from './context';

export function reviewRows(
  { info, chain }: BitcoinContext,
  built: BuiltTransaction<UtxoPlan, BtcSignRequest>,
): ReviewRow[] {
  const coin = { decimals: info.decimals, symbol: chain };
  const r = built.review;
  return [
    { labelKey: 'send.recipient', value: { type: 'address', value: r.recipient } },
    { labelKey: 'send.amountLabel', value: { type: 'amount', value: r.amount, ...coin } },
    { labelKey: 'send.networkFee', value: { type: 'amount', value: r.fee, ...coin } },
    ...(r.change
      ? [{ labelKey: 'send.change', value: { type: 'amount', value: r.change.amount, ...coin } } as ReviewRow]
      : []),
    { labelKey: 'send.total', value: { type: 'amount', value: r.total, ...coin } },
    // The fee rate in sat/vB, which a speed-up is all about.
    ...(r.feeRate !== undefined
      ? [
          {
            labelKey: 'send.feeRateLabel',
            value: { type: 'feeRate', value: r.feeRate, unit: 'sat/vB' },
          } as ReviewRow,
        ]
      : []),
  ];
}
