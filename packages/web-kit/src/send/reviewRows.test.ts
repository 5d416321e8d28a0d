import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { addressGroups, reviewTableRows } from './reviewRows';

const t = ((k: string) => k) as unknown as TFunction;
const coin = { symbol: 'LTC', digits: 8 };
const plain = (s: unknown) => String(s).replace(/[\u00a0\u202f]/g, ' ');

describe('review rows from the adapter', () => {
  it('coin amounts with their fiat value to 3 decimals; tokens and fee rates as they are; stable test ids', () => {
    const rows = reviewTableRows(
      t,
      [
        { labelKey: 'send.recipient', value: { type: 'address', value: 'mX' } },
        {
          labelKey: 'send.amountLabel',
          value: { type: 'amount', value: 123_456_789n, decimals: 8, symbol: 'LTC' },
        },
        { labelKey: 'send.networkFee', value: { type: 'amount', value: 904n, decimals: 8, symbol: 'LTC' } },
        { labelKey: 'send.feeRateLabel', value: { type: 'feeRate', value: 4, unit: 'sat/vB' } },
        {
          labelKey: 'send.total',
          value: { type: 'amount', value: 12_500_000n, decimals: 6, symbol: 'LUSD' },
        },
      ],
      { coin, price: '85.5', currency: 'USD', language: 'en', testIds: 'send' },
    );
    expect(rows.map((r) => [r.testId, r.value])).toEqual([
      ['review-recipient', 'mX'],
      ['review-amount', '1.23456789 LTC ($105.556)'],
      ['review-fee', '0.00000904 LTC ($0.001)'],
      [undefined, '4 sat/vB'],
      ['review-total', '12.5 LUSD'],
    ]);
    expect(rows[0]).toMatchObject({ breakAll: true, address: 'mX', recipient: true });
  });

  it('groups amounts and formats fiat in the display currency and language', () => {
    const [row] = reviewTableRows(
      t,
      [
        {
          labelKey: 'send.amountLabel',
          value: { type: 'amount', value: 123_456_789_000n, decimals: 8, symbol: 'LTC' },
        },
      ],
      { coin, price: '100', currency: 'BRL', language: 'pt', testIds: 'send' },
    );
    expect(plain(row!.value)).toBe('1.234,56789 LTC (R$ 123.456,789)');
    const [jpy] = reviewTableRows(
      t,
      [
        {
          labelKey: 'send.amountLabel',
          value: { type: 'amount', value: 100_000_000n, decimals: 8, symbol: 'LTC' },
        },
      ],
      { coin, price: '12345.67', currency: 'JPY', language: 'en', testIds: 'send' },
    );
    expect(jpy!.value).toBe('1 LTC (¥12,345.7)');
  });

  it('without a price, amounts only; the speed-up prefixes its ids', () => {
    const [row] = reviewTableRows(
      t,
      [{ labelKey: 'send.networkFee', value: { type: 'amount', value: 904n, decimals: 8, symbol: 'LTC' } }],
      { coin, price: null, currency: 'USD', language: 'en', testIds: 'speed-up' },
    );
    expect(row).toMatchObject({ testId: 'speed-up-review-fee', value: '0.00000904 LTC' });
  });

  it('splits an address into groups of four, the last one shorter', () => {
    expect(addressGroups('0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toEqual([
      '0x98',
      '58Ef',
      'FD23',
      '2B40',
      '33E4',
      '7d90',
      '003D',
      '41EC',
      '34Ec',
      'aEda',
      '94',
    ]);
    expect(addressGroups('')).toEqual([]);
  });
});
