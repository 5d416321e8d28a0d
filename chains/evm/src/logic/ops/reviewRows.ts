/** The review step's rows: recipient, amount (coin, token or NFT), network fee, layer-1 fee, gas price, total. */
import type { BuiltTransaction, ReviewRow } from '@secux-companion/chain-common';
import type { EvmTxPlan } from '../tx';
import type { EvmBuiltTransaction, EvmSignRequest } from '../types';
import { coinOf, type EvmContext } from './context';

export function reviewRows(ctx: EvmContext, built: BuiltTransaction<EvmTxPlan, EvmSignRequest>): ReviewRow[] {
  const coin = coinOf(ctx);
  const r = built.review;
  const b = built as EvmBuiltTransaction;
  const moved =
    b.intent?.kind === 'coin'
      ? coin
      : b.intent?.kind === 'token'
        ? (b.token ?? { decimals: 0, symbol: '' })
        : { decimals: 0, symbol: 'NFT' };
  return [
    { labelKey: 'send.recipient', value: { type: 'address', value: r.recipient } },
    { labelKey: 'send.amountLabel', value: { type: 'amount', value: r.amount, ...moved } },
    { labelKey: 'send.networkFee', value: { type: 'amount', value: r.fee, ...coin } },
    // The layer-1 data fee of rollups (part of the network fee above), when the chain has one.
    ...((b.details?.l1Fee ?? 0n) > 0n
      ? [
          {
            labelKey: 'evm.l1Fee',
            value: { type: 'amount', value: b.details.l1Fee, ...coin },
          } as ReviewRow,
        ]
      : []),
    ...(r.feeRate !== undefined
      ? [
          {
            labelKey: 'evm.gasPrice',
            value: { type: 'feeRate', value: r.feeRate, unit: 'Gwei' },
          } as ReviewRow,
        ]
      : []),
    { labelKey: 'send.total', value: { type: 'amount', value: r.total, ...coin } },
  ];
}
