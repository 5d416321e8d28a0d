/**
 * Browser gate (spec 01 §4 "Connection" step 7, §9): Chrome-based browsers version 70+.
 */
import type { CatalogueMessageKey } from './errors';

export const MIN_CHROME_VERSION = 70;
/** Default redirect for iOS users (the app should pass its real app-store listing). */
export const DEFAULT_APP_STORE_URL = 'https://apps.apple.com/';
/** Default redirect for unsupported browsers. */
export const DEFAULT_CHROME_DOWNLOAD_URL = 'https://www.google.com/chrome/';

export type BrowserRejectReason = 'ios' | 'notChromium' | 'tooOld';

export type BrowserVerdict =
  | { ok: true; chromeVersion: number }
  | { ok: false; reason: BrowserRejectReason; messageKey: CatalogueMessageKey; redirect?: string };

export interface BrandVersion {
  brand: string;
  version: string;
}

export interface BrowserContext {
  /** navigator.userAgentData.brands, when available. */
  brands?: readonly BrandVersion[];
  /** True on a touch device (navigator.maxTouchPoints > 1): a 'Macintosh' UA is then iPadOS. */
  touch?: boolean;
  appStoreUrl?: string;
  chromeDownloadUrl?: string;
}

const IOS_DEVICE = /iPhone|iPad|iPod/;
const MAC_DESKTOP = /Macintosh/;
const EDGE = /\bEdg(e|A|iOS)?\//;
const CHROME_VERSION = /\b(?:Chrome|Chromium|CriOS)\/(\d+)/;
const CHROMIUM_BRANDS = ['Chromium', 'Google Chrome'];
const EDGE_BRAND = 'Microsoft Edge';

function chromiumVersion(userAgent: string, brands?: readonly BrandVersion[]): number | undefined {
  const brand = brands?.find((b) => CHROMIUM_BRANDS.includes(b.brand));
  if (brand) {
    const v = Number.parseInt(brand.version, 10);
    if (!Number.isNaN(v)) return v;
  }
  const match = CHROME_VERSION.exec(userAgent);
  return match?.[1] ? Number.parseInt(match[1], 10) : undefined;
}

/**
 * iOS (iPhone/iPad/iPod, or a desktop 'Macintosh' UA on a touch device) → err-24 and the
 * app store; Edge or any non-Chrome-based browser → 'browserNotSupported' and a Chrome
 * download redirect; Chrome-based below 70 → 'chromeTooOld'.
 */
export function evaluateBrowser(userAgent: string, context: BrowserContext = {}): BrowserVerdict {
  if (IOS_DEVICE.test(userAgent) || (MAC_DESKTOP.test(userAgent) && context.touch === true)) {
    return {
      ok: false,
      reason: 'ios',
      messageKey: 'err-24',
      redirect: context.appStoreUrl ?? DEFAULT_APP_STORE_URL,
    };
  }
  const notSupported: BrowserVerdict = {
    ok: false,
    reason: 'notChromium',
    messageKey: 'browserNotSupported',
    redirect: context.chromeDownloadUrl ?? DEFAULT_CHROME_DOWNLOAD_URL,
  };
  if (EDGE.test(userAgent) || context.brands?.some((b) => b.brand === EDGE_BRAND)) return notSupported;
  const version = chromiumVersion(userAgent, context.brands);
  if (version === undefined) return notSupported;
  if (version < MIN_CHROME_VERSION) return { ok: false, reason: 'tooOld', messageKey: 'chromeTooOld' };
  return { ok: true, chromeVersion: version };
}
