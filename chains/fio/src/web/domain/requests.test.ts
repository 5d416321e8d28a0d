import { describe, expect, it } from 'vitest';
import type { FioRequest } from '@secux-companion/chain-fio';
import {
  bundlesShort,
  canCover,
  canRequest,
  memoLeft,
  payment,
  recordFor,
  requestAmountOk,
  splitRequests,
  type PayerCheck,
} from './requests';

const req = (
  id: number,
  status: FioRequest['status'],
  type: FioRequest['type'] = 'received',
): FioRequest => ({
  id,
  type,
  status,
  timeStamp: `2026-11-${String(30 - id).padStart(2, '0')}T10:00:00.000Z`,
  payerHandle: 'payer@secux',
  payeeHandle: 'emulator@secux',
  payerKey: 'FIOpayer',
  payeeKey: 'FIOpayee',
  content: { payeePublicAddress: 'ltc1q', amount: '0.5', chainCode: 'LTC', tokenCode: 'LTC', memo: 'dinner' },
  accountKey: 'FIOpayer',
  accountPath: "m/44'/235'/1'",
});

describe('request manager lists', () => {
  it('pending holds only requested ones, history the rest, each in the given newest-first order', () => {
    const list = [
      req(1, 'requested'),
      req(2, 'sent_to_blockchain'),
      req(3, 'requested', 'sent'),
      req(4, 'rejected'),
      req(5, 'cancelled'),
    ];
    const { pending, history } = splitRequests(list);
    expect(pending.map((r) => r.id)).toEqual([1, 3]);
    expect(history.map((r) => r.id)).toEqual([2, 4, 5]);
  });

  it('a request whose content could not be decrypted stays in its list', () => {
    const r = { ...req(7, 'requested'), content: null };
    expect(splitRequests([r]).pending).toEqual([r]);
  });
});

describe('request form (spec 03 §5)', () => {
  const registered: PayerCheck = { state: 'registered', handle: 'payer@secux', key: 'FIOkey' };
  const base = {
    payer: registered,
    payerText: 'payer@secux',
    amount: '1.5',
    memo: '',
    payeeAddress: 'ltc1q',
  };

  it('Next only with a registered payer and a non-empty amount', () => {
    expect(canRequest(base)).toBe(true);
    expect(canRequest({ ...base, amount: '' })).toBe(false);
    expect(canRequest({ ...base, amount: '0' })).toBe(false);
    expect(canRequest({ ...base, payer: { state: 'notRegistered', handle: 'payer@secux' } })).toBe(false);
    expect(canRequest({ ...base, payer: { state: 'checking', handle: 'payer@secux' } })).toBe(false);
    // The check is for what is typed now, not an earlier entry.
    expect(canRequest({ ...base, payerText: 'other@secux' })).toBe(false);
  });

  it('needs an address of the payee for the chain, and a memo of at most 200 characters', () => {
    expect(canRequest({ ...base, payeeAddress: '' })).toBe(false);
    expect(canRequest({ ...base, memo: 'x'.repeat(200) })).toBe(true);
    expect(canRequest({ ...base, memo: 'x'.repeat(201) })).toBe(false);
  });

  it('amounts: digits and one dot, above zero', () => {
    expect(requestAmountOk('0.000000000000001')).toBe(true);
    expect(requestAmountOk('0.')).toBe(false);
    expect(requestAmountOk('0.000')).toBe(false);
    expect(requestAmountOk('1e5')).toBe(false);
  });

  it('memo counter counts down from 200', () => {
    expect(memoLeft('')).toBe(200);
    expect(memoLeft('x'.repeat(150))).toBe(50);
  });

  it('warns when the handle has fewer bundles than the action spends (2 for a request or a record, 1 for reject)', () => {
    expect(bundlesShort(1, 'requestFunds')).toBe(true);
    expect(bundlesShort(2, 'requestFunds')).toBe(false);
    expect(bundlesShort(1, 'recordObtData')).toBe(true);
    expect(bundlesShort(1, 'rejectFundsRequest')).toBe(false);
    expect(bundlesShort(0, 'cancelFundsRequest')).toBe(true);
  });
});

describe('paying a request', () => {
  it("pays a chain's own coin in its smallest unit", () => {
    expect(payment({ chainCode: 'LTC', tokenCode: 'LTC', amount: '0.5' })).toEqual({
      coin: 'LTC',
      required: 50_000_000n,
    });
    expect(payment({ chainCode: 'btc', tokenCode: 'btc', amount: '1' })).toEqual({
      coin: 'BTC',
      required: 100_000_000n,
    });
  });

  it("ADA, tokens, unknown chains and amounts the coin cannot hold are 'not supported'", () => {
    expect(payment({ chainCode: 'ADA', tokenCode: 'ADA', amount: '1' })).toBeNull();
    expect(payment({ chainCode: 'ETH', tokenCode: 'USDT', amount: '1' })).toBeNull();
    expect(payment({ chainCode: 'NOPE', tokenCode: 'NOPE', amount: '1' })).toBeNull();
    expect(payment({ chainCode: 'LTC', tokenCode: 'LTC', amount: '0.000000001' })).toBeNull();
    expect(payment({ chainCode: 'LTC', tokenCode: 'LTC', amount: '0' })).toBeNull();
  });

  it("the required amount must be less than the balance ('Insufficient Balance' otherwise)", () => {
    expect(canCover(5n, 6n)).toBe(true);
    expect(canCover(6n, 6n)).toBe(false);
    expect(canCover(7n, 6n)).toBe(false);
  });

  it('records the payment as sent_to_blockchain with its transaction id and the invoice memo', () => {
    const r = req(9, 'requested');
    expect(recordFor({ ...r, content: r.content! }, 'ltc1payer', 'txid9', 'thanks')).toEqual({
      payerPublicAddress: 'ltc1payer',
      payeePublicAddress: 'ltc1q',
      amount: '0.5',
      chainCode: 'LTC',
      tokenCode: 'LTC',
      status: 'sent_to_blockchain',
      obtId: 'txid9',
      memo: 'thanks',
    });
  });
});
