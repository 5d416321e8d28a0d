/** The review step's rows: recipient, amount (coin, token or NFT), network fee, layer-1 fee, gas price, total. */
import type { BuiltTransaction, ReviewRow } from '@secux-companion/chain-common';
import { displayAddress } from '../address';
import type { EvmTxPlan } from '../tx';
import type { EvmBuiltTransaction, EvmSignRequest } from '../types';
import { coinOf, type EvmContext } from './context';

export function reviewRows(ctx: EvmContext, built: BuiltTransaction<EvmTxPlan, EvmSignRequest>): ReviewRow[] {
  const coin = coinOf(ctx);
  const r = built.review;
  const b = built as EvmBuiltTransaction;
  if (b.intent?.kind === 'revoke') return [...revokeRows(ctx, b), ...feeRows(b, coin)];
  const moved =
    b.intent?.kind === 'coin'
      ? coin
      : b.intent?.kind === 'token'
        ? (b.token ?? { decimals: 0, symbol: '' })
        : { decimals: 0, symbol: 'NFT' };
  return [
    { labelKey: 'send.recipient', value: { type: 'address', value: r.recipient } },
    { labelKey: 'send.amountLabel', value: { type: 'amount', value: r.amount, ...moved } },
    ...feeRows(b, coin),
  ];
}

/**
 * A revoke (issue 32): the token (its symbol as text), the contract called and the spender whose approval ends; no
 * coin moves (the device shows 0).
 */
function revokeRows(ctx: EvmContext, b: EvmBuiltTransaction): ReviewRow[] {
  const intent = b.intent as Extract<EvmBuiltTransaction['intent'], { kind: 'revoke' }>;
  return [
    ...(b.token?.symbol
      ? [
          {
            labelKey: 'evm.revoke.token',
            value: { type: 'text', value: b.token.symbol },
            testId: 'revoke-review-token',
          } as ReviewRow,
        ]
      : []),
    {
      labelKey: 'evm.revoke.contract',
      value: { type: 'address', value: displayAddress(ctx.chain, intent.contract) },
      testId: 'revoke-review-contract',
    },
    {
      labelKey: 'evm.revoke.spender',
      value: { type: 'address', value: b.review.recipient },
      testId: 'revoke-review-spender',
    },
  ];
}

/** Network fee, layer-1 fee, gas price and total (every EVM transaction). */
function feeRows(b: EvmBuiltTransaction, coin: { decimals: number; symbol: string }): ReviewRow[] {
  const r = b.review;
  return [
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
