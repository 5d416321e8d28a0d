import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { reviewTableRows } from './reviewRows';

const t = ((k: string) => k) as unknown as TFunction;
const coin = { symbol: 'LTC', digits: 8 };

describe('review rows from the adapter', () => {
  it('coin amounts with their fiat value to 3 decimals; tokens and fee rates as they are; stable test ids', () => {
    const rows = reviewTableRows(
      t,
      [
        { labelKey: 'send.recipient', value: { type: 'address', value: 'mX' } },
        { labelKey: 'send.amountLabel', value: { type: 'amount', value: 123_456_789n, decimals: 8, symbol: 'LTC' } },
        { labelKey: 'send.networkFee', value: { type: 'amount', value: 904n, decimals: 8, symbol: 'LTC' } },
        { labelKey: 'send.feeMode', value: { type: 'feeRate', value: 4, unit: 'sat/vB' } },
        { labelKey: 'send.total', value: { type: 'amount', value: 12_500_000n, decimals: 6, symbol: 'LUSD' } },
      ],
      { coin, price: '85.5', currencySymbol: '$', testIds: 'send' },
    );
    expect(rows.map((r) => [r.testId, r.value])).toEqual([
      ['review-recipient', 'mX'],
      ['review-amount', '1.23456789 LTC ($105.556)'],
      ['review-fee', '0.00000904 LTC ($0.001)'],
      [undefined, '4 sat/vB'],
      ['review-total', '12.5 LUSD'],
    ]);
    expect(rows[0]!.breakAll).toBe(true);
  });

  it('without a price, amounts only; the speed-up prefixes its ids', () => {
    const [row] = reviewTableRows(
      t,
      [{ labelKey: 'send.networkFee', value: { type: 'amount', value: 904n, decimals: 8, symbol: 'LTC' } }],
      { coin, price: null, currencySymbol: '$', testIds: 'speed-up' },
    );
    expect(row).toMatchObject({ testId: 'speed-up-review-fee', value: '0.00000904 LTC' });
  });
});
