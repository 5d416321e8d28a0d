import { describe, expect, it } from 'vitest';
import { connectionFailureMessageKey, deviceErrorMessageKey, errorMessages, mapSigningError } from './errors';

describe('messages the device layer names (issue 18 item 10)', () => {
  it('a connection failure shows its own message, else the generic connection toast', () => {
    expect(connectionFailureMessageKey({ name: 'WrongOtpError', message: 'x', messageKey: 'wrongOtp' })).toBe('wrongOtp');
    expect(connectionFailureMessageKey({ messageKey: 'usbConnectionFailed' })).toBe('usbConnectionFailed');
    // named on the cause (an error wrapped on its way up)
    const wrapped = new Error('outer', { cause: { messageKey: 'unexpectedPowerOff' } });
    expect(connectionFailureMessageKey(wrapped)).toBe('unexpectedPowerOff');
    expect(connectionFailureMessageKey(new Error('boom'))).toBe('deviceConnectionCheck');
    // a key that is not in the catalogue is ignored
    expect(connectionFailureMessageKey({ messageKey: 'notAKey' })).toBe('deviceConnectionCheck');
    expect(connectionFailureMessageKey(undefined)).toBe('deviceConnectionCheck');
  });

  it("a signing refused for old firmware carries 'firmwareUpdateRequired' besides its English text", () => {
    const old = { name: 'FirmwareTooOldError', message: 'This feature requires at least MCU 2.23 firmware version, please update first.', messageKey: 'firmwareUpdateRequired' };
    expect(mapSigningError(old)).toEqual({ kind: 'other', silent: false, message: old.message, messageKey: 'firmwareUpdateRequired' });
    expect(deviceErrorMessageKey(old)).toBe('firmwareUpdateRequired');
    expect(mapSigningError(new Error('x'))).toEqual({ kind: 'other', silent: false, message: 'x' });
  });

  it('every key named here is translated in the three languages', () => {
    for (const key of ['wrongOtp', 'usbConnectionFailed', 'unexpectedPowerOff', 'firmwareUpdateRequired', 'deviceConnectionCheck'])
      for (const lang of ['en', 'zh-TW', 'pt'] as const) expect(errorMessages[lang][key]).toBeTruthy();
  });

  it('messages with no place in the spec are gone from the catalogue', () => {
    // Spec 01 §4 step 5: a wallet that is not ready shows nothing; device actions queue behind the running one.
    for (const key of ['initializeWallet', 'restoreDevice', 'operationInProgress'])
      expect(errorMessages.en[key]).toBeUndefined();
  });
});
