import { describe, expect, it } from 'vitest';
import {
  CoreError,
  ERRORS,
  MESSAGE_KEYS,
  SUPPORTED_LANGUAGES,
  errorMessages,
  interpolate,
  mapBroadcastError,
  mapSigningError,
  translateError,
} from './errors';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('catalogue', () => {
  it('has the coded entries of §8 and §5', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    for (const code of [
      'err-02',
      'err-06',
      'err-08',
      'err-09',
      'err-10',
      'err-11',
      'err-17',
      'err-22',
      'err-24',
      'err-25',
      'err-26',
      'err-27',
      'err-28',
      'err-29',
      'err-30',
      'err-31',
      'err-32',
      'err-34',
      'err-36',
      'err-38',
      'err-39',
      'err-40',
      'state-010',
      'state-011',
      'warm-002',
    ]) {
      expect(codes, code).toContain(code);
    }
    expect(ERRORS.amountTooMuch).toEqual({ code: 'err-02', key: 'amountTooMuch' });
    expect(ERRORS.broadcastSuccess.code).toBe('state-010');
    expect(ERRORS.previousAccountEmpty.code).toBe('warm-002');
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('has every key in all three languages with the same placeholders', () => {
    const keys = [...Object.values(ERRORS).map((e) => e.code), ...MESSAGE_KEYS].sort();
    expect(SUPPORTED_LANGUAGES).toEqual(['en', 'zh-TW', 'pt']);
    for (const lang of SUPPORTED_LANGUAGES) {
      expect(Object.keys(errorMessages[lang]).sort(), lang).toEqual(keys);
      for (const key of keys) {
        const text = errorMessages[lang][key]!;
        expect(text.trim(), `${lang}.${key}`).not.toBe('');
        expect(placeholders(text), `${lang}.${key}`).toEqual(placeholders(errorMessages.en[key]!));
      }
    }
  });

  it('translations differ from English for most keys', () => {
    for (const lang of ['zh-TW', 'pt'] as const) {
      const same = MESSAGE_KEYS.filter((k) => errorMessages[lang][k] === errorMessages.en[k]);
      expect(same.length, `${lang}: ${same.join(',')}`).toBeLessThan(3);
    }
    expect(errorMessages['zh-TW']['err-02']).toMatch(/[\u4e00-\u9fff]/);
  });

  it('keeps the exact English texts the spec quotes', () => {
    const en = errorMessages.en;
    expect(en.deviceConnectionCheck).toBe("Please verify the status of a device's connection");
    expect(en.broadcastConflict).toBe(
      'Alert! You may have an unconfirmed transaction on the Blockchain and cannot make a new transaction before it is completed. Please wait for a moment.',
    );
    // Spec 02 §8 quotes it exactly (spec 01 §10 paraphrases the addressee as 'the provider').
    expect(en.btcFeeTooHigh).toBe(
      'BTC Transaction fee is too high: {{fees}} Satoshi/byte. Please contact SecuX team',
    );
    expect(en.evmFeeHigherThanBalance).toBe(
      "The network fee is higher than account's balance. Please back to step one to modify the network fee.",
    );
    expect(en.insufficientBalanceDust).toBe('Insufficient account balance (546)');
    expect(en.insufficientBalance).toBe('Insufficient account balance');
    expect(en.insufficientBalanceCpfp).toBe('Insufficient account balance for CPFP');
    expect(en.noMoreUtxoForRbf).toBe('No more utxo for RBF');
    expect(en.amountOrRecipientMissing).toBe("Please check amount or recipient's address is filled");
    expect(en.recipientMissing).toBe("Please check recipient's address is filled");
    expect(en.broadcastFailedRetry).toBe('broadcast failed, try again, contact support if it persists');
    expect(en.invalidAddress).toBe('invalid address');
    expect(en.invalidTagOrMemo).toBe('invalid tag or memo');
    expect(en.invalidTokenContract).toBe('Invalid Token Contract Address');
    expect(en.signatureError).toBe('Signature error from Device');
    expect(en.feeAlertMaxFee).toBe(
      "This transaction can't proceed due to unusually high gas fee. Please contact the provider.",
    );
    expect(en.bootloaderError).toBe('Error occurs when entering Bootloader mode');
    expect(en.noAvailableRpc).toBe('there is no available rpc.');
    expect(en.cannotBroadcast).toBe('Can not broadcast at the moment');
    expect(en.notUtxoBase).toBe('Not Utxo base');
    expect(en.invalidUtxoBase).toBe('Invalid Utxo base');
    expect(en.noValidRpcs).toBe('No valid RPCs');
    expect(en.unexpectedRetry).toBe('unexpected error, please retry again');
    expect(en.chainInfoUnavailable).toBe(
      'The account information of this chain cannot be displayed temporarily.',
    );
    expect(en.cannotDeleteActiveAccount).toBe('Can not delete an active account');
    expect(en.priceNotAvailable).toBe('Price N/A');
    expect(en.invalidTimestamp).toBe('Invalid Timestamp');
    expect(en.pleaseTryAgain).toBe('Please try again.');
    expect(en.browserNotSupported).toBe(
      'your browser is not supported, please use chrome based browser with 70up version',
    );
    expect(en.chromeTooOld).toBe('your chrome is too old to be supported, please update it up to date');
  });

  it('interpolates {{vars}}', () => {
    expect(translateError('featureRequiresFirmware', 'en', { version: '2.9' })).toBe(
      'This feature requires at least 2.9 firmware version, please update first.',
    );
    expect(translateError('featureRequiresFirmware', 'en', { version: '1.25' })).toBe(
      'This feature requires at least 1.25 firmware version, please update first.',
    );
    expect(translateError('feeAlertHigherFee', 'en', { symbol: '$', limit: '100', currency: 'USD' })).toBe(
      'The network fee for this transaction is higher than $100 (USD).',
    );
    expect(translateError('btcFeeTooHigh', 'pt', { fees: 2000000 })).toContain('2000000');
    expect(translateError('domainUnresolved', 'en', { address: 'x.crypto' })).toBe(
      'can not resolve domain from x.crypto',
    );
    expect(translateError('httpError', 'en', { status: 404 })).toBe('HTTP error! status: 404');
    expect(interpolate('a {{x}} {{y}}', { x: 1 })).toBe('a 1 {{y}}');
  });

  it('CoreError carries the English text', () => {
    const e = new CoreError('insufficientBalanceDust');
    expect(e.message).toBe('Insufficient account balance (546)');
    expect(e.code).toBe('insufficientBalanceDust');
  });
});

describe('mapBroadcastError', () => {
  it("maps 'conflict' and 'Missing' to the unconfirmed-transaction alert", () => {
    expect(mapBroadcastError('txn-mempool-conflict (code 18)')).toMatchObject({
      kind: 'conflict',
      messageKey: 'broadcastConflict',
      failed: true,
    });
    expect(mapBroadcastError('Missing inputs').kind).toBe('conflict');
    expect(mapBroadcastError('missing inputs').kind).toBe('failed'); // case-sensitive 'Missing'
  });

  it('treats XRP held results as server busy, not failure', () => {
    expect(mapBroadcastError('Held until escalated fee drops.')).toMatchObject({
      kind: 'serverBusy',
      messageKey: 'serverBusyXrp',
      failed: false,
    });
  });

  it('maps anything else to err-08', () => {
    expect(mapBroadcastError('boom')).toEqual({
      kind: 'failed',
      messageKey: 'broadcastFailedRetry',
      resultCode: 'err-08',
      failed: true,
      raw: 'boom',
    });
  });
});

describe('mapSigningError', () => {
  it('is silent on user cancel 0x9001', () => {
    expect(mapSigningError({ code: 0x9001 })).toEqual({ kind: 'cancelled', silent: true });
    expect(mapSigningError({ statusCode: '0x9001' })).toEqual({ kind: 'cancelled', silent: true });
    expect(mapSigningError(new Error('Device returned 0x9001'))).toEqual({ kind: 'cancelled', silent: true });
  });

  it('maps DATA_ERROR and TransferError to the signature error', () => {
    const transfer = new Error('bad');
    transfer.name = 'TransferError';
    expect(mapSigningError(transfer)).toEqual({
      kind: 'signature',
      silent: false,
      messageKey: 'signatureError',
    });
    expect(mapSigningError({ code: 'DATA_ERROR' })).toMatchObject({ kind: 'signature' });
    expect(mapSigningError(new Error('DATA_ERROR: invalid'))).toMatchObject({ kind: 'signature' });
  });

  it('shows other messages as they are', () => {
    expect(mapSigningError(new Error('Device busy'))).toEqual({
      kind: 'other',
      silent: false,
      message: 'Device busy',
    });
    expect(mapSigningError('plain')).toEqual({ kind: 'other', silent: false, message: 'plain' });
  });
});
