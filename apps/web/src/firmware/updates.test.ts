/**
 * The alert of a failed firmware update speaks the interface language (issue 31 item 13): a device error's catalogue
 * key and a server's error code are translated; the device layer's English never reaches a pt or zh-TW user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLanguage } from '@secux-companion/web-kit/i18n';
import { errorMessages } from '@secux-companion/core';
import { updateFailureText } from './updates';
import { HttpStatusError } from './api';

beforeAll(async () => {
  await initI18n(['pt']);
  await setLanguage('pt');
});
afterAll(() => setLanguage('en'));

describe('updateFailureText', () => {
  it("a device error with a catalogue key: the key's text in Portuguese, not the SDK's English", () => {
    const error = Object.assign(new Error('Signature error from device (0x6a80)'), {
      messageKey: 'signatureError',
    });
    expect(updateFailureText(error)).toBe(errorMessages.pt.signatureError);
  });

  it('a failed download: the HTTP status text; no device chosen: please try again', () => {
    expect(updateFailureText(new HttpStatusError(503))).toContain('503');
    expect(
      updateFailureText(Object.assign(new Error('No device selected.'), { name: 'NotFoundError' })),
    ).toBe(errorMessages.pt.pleaseTryAgain);
  });
});
