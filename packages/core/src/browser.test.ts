import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_STORE_URL, DEFAULT_CHROME_DOWNLOAD_URL, evaluateBrowser } from './browser';
import { errorMessages } from './errors';

const UA = {
  chrome120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome69:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36',
  chrome70:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
  android:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

describe('evaluateBrowser', () => {
  it('accepts Chrome-based 70+', () => {
    expect(evaluateBrowser(UA.chrome120)).toEqual({ ok: true, chromeVersion: 120 });
    expect(evaluateBrowser(UA.chrome70)).toEqual({ ok: true, chromeVersion: 70 });
    expect(evaluateBrowser(UA.opera).ok).toBe(true);
    expect(evaluateBrowser(UA.android).ok).toBe(true);
  });

  it('rejects iOS with err-24 and the app store', () => {
    for (const ua of [UA.iphone, UA.ipad, UA.ipod]) {
      expect(evaluateBrowser(ua)).toEqual({
        ok: false,
        reason: 'ios',
        messageKey: 'err-24',
        redirect: DEFAULT_APP_STORE_URL,
      });
    }
    expect(evaluateBrowser(UA.safariMac, { touch: true })).toMatchObject({ reason: 'ios' });
    expect(evaluateBrowser(UA.iphone, { appStoreUrl: 'https://apps.apple.com/app/x' }).ok === false).toBe(
      true,
    );
    expect(evaluateBrowser(UA.iphone, { appStoreUrl: 'https://apps.apple.com/app/x' })).toMatchObject({
      redirect: 'https://apps.apple.com/app/x',
    });
  });

  it('rejects Edge and non-Chromium browsers with a redirect', () => {
    for (const ua of [UA.edge, UA.firefox, UA.safariMac]) {
      expect(evaluateBrowser(ua)).toEqual({
        ok: false,
        reason: 'notChromium',
        messageKey: 'browserNotSupported',
        redirect: DEFAULT_CHROME_DOWNLOAD_URL,
      });
    }
    expect(
      evaluateBrowser(UA.chrome120, { brands: [{ brand: 'Microsoft Edge', version: '120' }] }),
    ).toMatchObject({
      reason: 'notChromium',
    });
  });

  it('rejects Chrome below 70', () => {
    expect(evaluateBrowser(UA.chrome69)).toEqual({ ok: false, reason: 'tooOld', messageKey: 'chromeTooOld' });
  });

  it('prefers client-hint brands', () => {
    expect(evaluateBrowser('Mozilla/5.0', { brands: [{ brand: 'Chromium', version: '121' }] })).toEqual({
      ok: true,
      chromeVersion: 121,
    });
  });

  it('has its messages in all languages', () => {
    for (const lang of ['en', 'zh-TW', 'pt'] as const) {
      expect(errorMessages[lang].browserNotSupported).toBeTruthy();
      expect(errorMessages[lang].chromeTooOld).toBeTruthy();
      expect(errorMessages[lang]['err-24']).toBeTruthy();
    }
  });
});
