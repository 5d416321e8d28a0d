import { describe, expect, it } from 'vitest';
import { createBitcoinAdapter, type BitcoinBackend } from '@secux-companion/chain-bitcoin';
import { mapBroadcastError } from '@secux-companion/core';
import { checkAmount, checkRecipient, feeRateOf } from './sendRules';

const tiers = { high: 8, medium: 4, low: 2 };
const backend = {} as BitcoinBackend;
const validate = (id: Parameters<typeof createBitcoinAdapter>[0]) =>
  createBitcoinAdapter(id, backend).validateAddress;

describe('fee modes', () => {
  it('High / Medium / Low take the tiers; the default mode is medium', () => {
    expect(feeRateOf('high', tiers, '')).toEqual({ ok: true, rate: 8 });
    expect(feeRateOf('medium', tiers, '')).toEqual({ ok: true, rate: 4 });
    expect(feeRateOf('low', tiers, '')).toEqual({ ok: true, rate: 2 });
  });
  it('custom fees are integers (err-22), not negative (err-27), above 0 and at most 1,000,000 sat/vB', () => {
    expect(feeRateOf('Custom', tiers, '12')).toEqual({ ok: true, rate: 12 });
    expect(feeRateOf('Custom', tiers, '1.5')).toMatchObject({ ok: false, issue: { code: 'err-22' } });
    expect(feeRateOf('Custom', tiers, '-3')).toMatchObject({ ok: false, issue: { code: 'err-27' } });
    expect(feeRateOf('Custom', tiers, '0')).toEqual({ ok: false });
    expect(feeRateOf('Custom', tiers, '1000000')).toEqual({ ok: true, rate: 1_000_000 });
    expect(feeRateOf('Custom', tiers, '1000001')).toMatchObject({
      ok: false,
      issue: { code: 'btcFeeTooHigh' },
    });
  });
});

describe('amount rules', () => {
  it('err-26 negative, err-32 dust with the coin, err-34 format, err-02 too much', () => {
    expect(checkAmount('LTC', '-1', 10n ** 8n)).toMatchObject({ ok: false, issue: { code: 'err-26' } });
    expect(checkAmount('LTC', '0.00000545', 10n ** 8n)).toMatchObject({
      ok: false,
      issue: { code: 'err-32', params: { coin: 'LTC' } },
    });
    expect(checkAmount('LTC', '0.00000546', 10n ** 8n)).toEqual({ ok: true, value: 546n });
    expect(checkAmount('LTC', '1.2.3', 10n ** 8n)).toMatchObject({ ok: false, issue: { code: 'err-34' } });
    expect(checkAmount('LTC', '1.00000001', 10n ** 8n)).toMatchObject({
      ok: false,
      issue: { code: 'err-02' },
    });
    expect(checkAmount('LTC', '0.', 10n ** 8n)).toMatchObject({ ok: false });
    expect(checkAmount('LTC', '', 10n ** 8n)).toMatchObject({ ok: false });
  });
});

describe('recipient rules', () => {
  it('mainnet formats: unsupported ltc1 / dgb1 / grs1, DOGE not D, DASH not X', () => {
    expect(
      checkRecipient('LTC', 'ltc1qar0srrr7xfkvy5l643lydnw9re59gtzz24wl4s', validate('LTC')),
    ).toMatchObject({
      status: 'notSupport',
      issue: { code: 'addressNotSupported' },
    });
    expect(checkRecipient('DGB', 'dgb1qar0srrr7xfkvy5l643lydnw9re59gtzzejsr4w', validate('DGB')).status).toBe(
      'notSupport',
    );
    expect(checkRecipient('GRS', 'grs1qar0srrr7xfkvy5l643lydnw9re59gtzzncg65p', validate('GRS')).status).toBe(
      'notSupport',
    );
    expect(checkRecipient('LTC', 'LbTjMGN7gELw4KbeyQf6cTCq859hD18guE', validate('LTC')).status).toBe('ok');
    expect(checkRecipient('LTC', 'not-an-address', validate('LTC'))).toMatchObject({
      status: 'invalid',
      issue: { code: 'invalidAddress' },
    });
    expect(checkRecipient('DOGE', 'A9oHrdbPdeZiHvMXvF2tkHsrAwz4dABXn2', validate('DOGE')).status).not.toBe(
      'ok',
    );
    expect(checkRecipient('DASH', '7gnwGHt17heGpG9Crfeh4KGpYNFugPhJdh', validate('DASH')).status).not.toBe(
      'ok',
    );
    expect(checkRecipient('LTC', '', validate('LTC'))).toEqual({ address: '', status: 'empty' });
  });
  it('BTC address kinds are accepted on mainnet', () => {
    for (const a of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ])
      expect(checkRecipient('BTC', a, validate('BTC')).status).toBe('ok');
    expect(checkRecipient('BTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', validate('BTC')).status).toBe(
      'invalid',
    );
  });
  it('the local Litecoin regtest takes regtest formats', () => {
    expect(checkRecipient('LTC', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', validate('LTC_REGTEST')).status).toBe(
      'ok',
    );
    expect(
      checkRecipient('LTC', 'LbTjMGN7gELw4KbeyQf6cTCq859hD18guE', validate('LTC_REGTEST')).status,
    ).not.toBe('ok');
  });
  it('BCH: legacy (1…) and cash addresses, with or without the prefix', () => {
    expect(checkRecipient('BCH', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', validate('BCH')).status).toBe('ok');
    expect(
      checkRecipient('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', validate('BCH')).status,
    ).toBe('ok');
    expect(checkRecipient('BCH', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', validate('BCH')).status).toBe(
      'ok',
    );
    expect(checkRecipient('BCH', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', validate('BCH')).status).toBe(
      'invalid',
    );
  });
});

describe('broadcast errors', () => {
  it("'conflict' and 'Missing' become the unconfirmed-transaction alert; the rest err-08", () => {
    expect(mapBroadcastError('txn-mempool-conflict').messageKey).toBe('broadcastConflict');
    expect(mapBroadcastError('Missing inputs').messageKey).toBe('broadcastConflict');
    expect(mapBroadcastError('bad-txns').resultCode).toBe('err-08');
  });
});
