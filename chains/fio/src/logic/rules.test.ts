import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import {
  bundlesNeeded,
  cleanRequestAmount,
  FIO_ACTIONS,
  fioPublicKeyFromPoint,
  formatSuf,
  isValidDomain,
  isValidFioPublicKey,
  isValidHandle,
  isPendingRequest,
  maxFeeFor,
  memoChunks,
  parseFio,
  renewedExpiration,
  requestPayable,
  requestStatusView,
  shortenAddress,
  stakeAmountProblem,
  unlockDate,
} from './rules';

const key = fioPublicKeyFromPoint(secp256k1.getPublicKey(new Uint8Array(32).fill(7), true));

describe('FIO public key', () => {
  it('accepts a 53-character FIO key of a valid point', () => {
    expect(key).toHaveLength(53);
    expect(isValidFioPublicKey(key)).toBe(true);
  });
  it('refuses a wrong prefix, a wrong length, a bad checksum and a point off the curve', () => {
    expect(isValidFioPublicKey(`EOS${key.slice(3)}`)).toBe(false);
    expect(isValidFioPublicKey(key.slice(0, 52))).toBe(false);
    const last = key.at(-1) === '1' ? '2' : '1';
    expect(isValidFioPublicKey(key.slice(0, 52) + last)).toBe(false);
    const off = new Uint8Array(33);
    off[0] = 2; // x = 0 is not on secp256k1
    expect(isValidFioPublicKey(fioPublicKeyFromPoint(off))).toBe(false);
  });
});

describe('crypto handle format', () => {
  it.each(['me@secux', 'a-b@c-d', 'ab@c', `${'a'.repeat(30)}@${'b'.repeat(33)}`])('accepts %s', (h) =>
    expect(isValidHandle(h)).toBe(true),
  );
  it.each([
    'a@',
    '@secux',
    'ab',
    '-me@secux',
    'me-@secux',
    'me@-secux',
    'me@secux-',
    'm--e@secux',
    'me@se@cux',
    'me_x@secux',
    `${'a'.repeat(32)}@${'b'.repeat(32)}`,
  ])('refuses %s', (h) => expect(isValidHandle(h)).toBe(false));
  it('domains follow the same part rule', () => {
    expect(isValidDomain('my-domain')).toBe(true);
    expect(isValidDomain('-x')).toBe(false);
    expect(isValidDomain('a'.repeat(63))).toBe(false);
  });
});

describe('fees and display', () => {
  it('max_fee: 0 for assign-address, fee × sets for bundles, the fee otherwise', () => {
    expect(maxFeeFor('addPublicAddress', 5n)).toBe(0n);
    expect(maxFeeFor('removePublicAddresses', 5n)).toBe(0n);
    expect(maxFeeFor('addBundledTransactions', 5n, 3)).toBe(15n);
    expect(maxFeeFor('registerFioDomain', 5n)).toBe(5n);
    expect(() => maxFeeFor('addBundledTransactions', 5n, 0)).toThrow();
  });
  it('fees are shown divided by 10^9', () => {
    expect(formatSuf(40_000_000_000n)).toBe('40');
    expect(formatSuf(1_500_000n)).toBe('0.0015');
    expect(formatSuf(0n)).toBe('0');
  });
  it('shortens addresses over 32 characters to 13…13', () => {
    expect(shortenAddress(key)).toBe(`${key.slice(0, 13)}...${key.slice(-13)}`);
    expect(shortenAddress('short')).toBe('short');
  });
  it('a renewal adds 365 days', () => {
    expect(renewedExpiration(new Date('2026-01-01T00:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });
});

describe('payment request and staking actions', () => {
  it('name the contracts, actions and /get_fee end points FIO uses', () => {
    expect(FIO_ACTIONS.requestFunds).toEqual({
      account: 'fio.reqobt',
      name: 'newfundsreq',
      endPoint: 'new_funds_request',
      bundled: true,
    });
    expect(FIO_ACTIONS.rejectFundsRequest.name).toBe('rejectfndreq');
    expect(FIO_ACTIONS.cancelFundsRequest.name).toBe('cancelfndreq');
    expect(FIO_ACTIONS.recordObtData).toMatchObject({ account: 'fio.reqobt', name: 'recordobt' });
    expect(FIO_ACTIONS.stakeFioTokens).toMatchObject({ account: 'fio.staking', name: 'stakefio' });
    expect(FIO_ACTIONS.unStakeFioTokens).toMatchObject({ account: 'fio.staking', name: 'unstakefio' });
    expect(FIO_ACTIONS.proxyVote).toMatchObject({
      account: 'eosio',
      name: 'voteproxy',
      endPoint: 'proxy_vote',
    });
  });
  it('a request or a record costs 2 bundles, the other bundled actions 1, fee-paid actions none', () => {
    expect(bundlesNeeded('requestFunds')).toBe(2);
    expect(bundlesNeeded('recordObtData')).toBe(2);
    expect(bundlesNeeded('rejectFundsRequest')).toBe(1);
    expect(bundlesNeeded('cancelFundsRequest')).toBe(1);
    expect(bundlesNeeded('stakeFioTokens')).toBe(1);
    expect(bundlesNeeded('addPublicAddress')).toBe(1);
    expect(bundlesNeeded('transferTokens')).toBe(0);
    expect(bundlesNeeded('registerFioDomain')).toBe(0);
  });
  it('max_fee: the /get_fee answer for request and stake actions — 0 while the handle has bundles, else the fee', () => {
    for (const k of ['requestFunds', 'rejectFundsRequest', 'cancelFundsRequest', 'recordObtData'] as const) {
      expect(maxFeeFor(k, 0n)).toBe(0n);
      expect(maxFeeFor(k, 800_000_000n)).toBe(800_000_000n);
    }
    expect(maxFeeFor('stakeFioTokens', 3_000_000_000n)).toBe(3_000_000_000n);
    expect(maxFeeFor('unStakeFioTokens', 0n)).toBe(0n);
    expect(maxFeeFor('proxyVote', 7n)).toBe(7n);
  });
});

describe('request amount input', () => {
  it.each([
    ['12.5', '12.5'],
    ['-3', ''],
    [' -0.1', ''],
    ['1a2b', '12'],
    ['1.2.3', '1.23'],
    ['.5', '0.5'],
    ['0.1234567890123456789', '0.123456789012345'],
    ['7.', '7.'],
    ['', ''],
  ])('%s keeps %s', (input, kept) => expect(cleanRequestAmount(input)).toBe(kept));
});

describe('memo display', () => {
  it('splits into 50-character chunks', () => {
    const memo = 'a'.repeat(50) + 'b'.repeat(50) + 'c'.repeat(7);
    expect(memoChunks(memo)).toEqual(['a'.repeat(50), 'b'.repeat(50), 'c'.repeat(7)]);
    expect(memoChunks('')).toEqual([]);
    expect(memoChunks('short')).toEqual(['short']);
  });
});

describe('request statuses', () => {
  it('requested reads Request when sent and Pending when received, both white', () => {
    expect(requestStatusView('requested', 'sent')).toEqual({ label: 'request', colour: 'white' });
    expect(requestStatusView('requested', 'received')).toEqual({ label: 'pending', colour: 'white' });
  });
  it('fulfilled green, rejected orange, cancelled grey on either side', () => {
    for (const type of ['sent', 'received'] as const) {
      expect(requestStatusView('sent_to_blockchain', type)).toEqual({ label: 'fulfilled', colour: 'green' });
      expect(requestStatusView('rejected', type)).toEqual({ label: 'rejected', colour: 'orange' });
      expect(requestStatusView('cancelled', type)).toEqual({ label: 'cancelled', colour: 'grey' });
    }
  });
  it('only requested is pending', () => {
    expect(isPendingRequest({ status: 'requested' })).toBe(true);
    expect(isPendingRequest({ status: 'sent_to_blockchain' })).toBe(false);
    expect(isPendingRequest({ status: 'rejected' })).toBe(false);
    expect(isPendingRequest({ status: 'cancelled' })).toBe(false);
  });
  it('ADA requests are not payable, others are', () => {
    expect(requestPayable('ADA')).toBe(false);
    expect(requestPayable('ada')).toBe(false);
    expect(requestPayable('LTC')).toBe(true);
    expect(requestPayable('ETH')).toBe(true);
  });
});

describe('stake amounts', () => {
  const balance = parseFio('10');
  it('parses FIO text into SUF', () => {
    expect(parseFio('1.5')).toBe(1_500_000_000n);
    expect(parseFio('0.000000001')).toBe(1n);
    expect(parseFio('10')).toBe(10_000_000_000n);
    expect(() => parseFio('1.0000000001')).toThrow(RangeError);
    expect(() => parseFio('-1')).toThrow(RangeError);
    expect(() => parseFio('')).toThrow(RangeError);
  });
  it('accepts an amount up to the balance, including the whole of it and a fraction under 1', () => {
    expect(stakeAmountProblem('10', balance)).toBeNull();
    expect(stakeAmountProblem('0.5', balance)).toBeNull();
    expect(stakeAmountProblem('9.999999999', balance)).toBeNull();
  });
  it('over the balance (or the staked balance when unstaking) is Insufficient Balance', () => {
    expect(stakeAmountProblem('10.000000001', balance)).toBe('insufficient');
    expect(stakeAmountProblem('1', 0n)).toBe('insufficient');
  });
  it('refuses a leading zero, a trailing non-digit, empty, zero and non-numbers', () => {
    expect(stakeAmountProblem('05', balance)).toBe('leadingZero');
    expect(stakeAmountProblem('00.5', balance)).toBe('leadingZero');
    expect(stakeAmountProblem('5.', balance)).toBe('trailingNonDigit');
    expect(stakeAmountProblem('5a', balance)).toBe('trailingNonDigit');
    expect(stakeAmountProblem('', balance)).toBe('invalid');
    expect(stakeAmountProblem('0', balance)).toBe('invalid');
    expect(stakeAmountProblem('1.2.3', balance)).toBe('invalid');
    expect(stakeAmountProblem('1.0000000001', balance)).toBe('invalid');
    expect(stakeAmountProblem('-1', balance)).toBe('invalid');
  });
  it('unstaked FIO unlocks 7 days later', () => {
    expect(unlockDate(new Date('2026-02-25T10:00:00Z')).toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });
});
