import { describe, expect, it } from 'vitest';
import { horizonMemoText, operationFromHorizonPayment, stroopsOf } from './history';

const ME = 'GDI73WJ4SX7LOG3XZDJC3KCK6ED6E5NBYK2JUBQSPBCNNWEG3ZN7T75U';
const OTHER = 'GAP5LETOV6YIE62YAM56STDANPRDO7ZFDBGSNHJQIYGGKSMOZAHOOS2S';
const HASH = '5ebd5c0af4385500b53dd63b0ef5f6e8feef1a7e1c86989be3cdcce825f3c0cc';

/** A payments record with join=transactions, shaped as Horizon's example (RetrieveAnAccountsPayments.yml). */
const record = (over: Record<string, unknown> = {}, tx: Record<string, unknown> = {}) => ({
  _links: {},
  id: '12884905985',
  paging_token: '12884905985',
  transaction_successful: true,
  source_account: OTHER,
  type: 'payment',
  type_i: 1,
  created_at: '2026-01-02T03:04:05Z',
  transaction_hash: HASH,
  asset_type: 'native',
  from: OTHER,
  to: ME,
  amount: '12.5000000',
  transaction: {
    hash: HASH,
    successful: true,
    ledger: 3,
    source_account: OTHER,
    fee_account: OTHER,
    fee_charged: '100',
    memo_type: 'text',
    memo: 'invoice 42',
    ...tx,
  },
  ...over,
});

describe('Horizon payments → Operation', () => {
  it('reads a 7-decimal amount as stroops', () => {
    expect(stroopsOf('12.5000000')).toBe(125_000_000n);
    expect(stroopsOf('0.0000001')).toBe(1n);
    expect(stroopsOf('1')).toBe(10_000_000n);
    expect(stroopsOf('1.12345678')).toBeUndefined();
    expect(stroopsOf('-1')).toBeUndefined();
  });

  it('maps an incoming native payment with fee, ledger, time and memo', () => {
    expect(operationFromHorizonPayment(record(), ME)).toMatchObject({
      hash: HASH,
      direction: 'in',
      value: 125_000_000n,
      fee: 100n,
      blockHeight: 3,
      time: Date.parse('2026-01-02T03:04:05Z'),
      memo: 'invoice 42',
      isOwnTransaction: false,
    });
  });

  it('maps an outgoing create_account as createAccount', () => {
    const op = operationFromHorizonPayment(
      record(
        { type: 'create_account', type_i: 0, funder: ME, account: OTHER, starting_balance: '2.0000000' },
        { source_account: ME, fee_account: ME, fee_charged: '200', memo_type: 'none', memo: undefined },
      ),
      ME,
    );
    expect(op).toMatchObject({ direction: 'out', value: 20_000_000n, fee: 200n, action: 'createAccount' });
    expect(op?.memo).toBeUndefined();
  });

  it('shows id memos in decimal and hash / return memos in hex', () => {
    expect(horizonMemoText('id', '18446744073709551615')).toBe('18446744073709551615');
    const b64 = Buffer.alloc(32, 0xab).toString('base64');
    expect(horizonMemoText('hash', b64)).toBe(`hash:${'ab'.repeat(32)}`);
    expect(horizonMemoText('return', b64)).toBe(`return:${'ab'.repeat(32)}`);
    expect(horizonMemoText('none', undefined)).toBeUndefined();
  });

  it('shows an issued-asset payment as a token transfer', () => {
    const op = operationFromHorizonPayment(
      record({ asset_type: 'credit_alphanum4', asset_code: 'USDC', asset_issuer: OTHER }),
      ME,
    );
    expect(op?.token).toEqual({ contract: `USDC:${OTHER}`, symbol: 'USDC', decimals: 7 });
  });

  it('drops failed transactions and unknown record kinds', () => {
    expect(operationFromHorizonPayment(record({ transaction_successful: false }), ME)).toBeNull();
    expect(operationFromHorizonPayment(record({ type: 'invoke_host_function' }), ME)).toBeNull();
    expect(operationFromHorizonPayment(record({ amount: '1e5' }), ME)).toBeNull();
  });
});
