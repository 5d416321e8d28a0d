import { evaluateBrowser } from '@secux-companion/core';
import { loadLinks } from '@secux-companion/web-kit/lib/links';

export interface GateWindow {
  navigator: {
    userAgent: string;
    maxTouchPoints?: number;
    userAgentData?: { brands?: readonly { brand: string; version: string }[] };
  };
  alert(message: string): void;
  location: { replace(url: string): void };
}

/** The mobile app's App Store page from the remote config (its mobile-app page when none is named). */
const configuredAppStore = async () => (await loadLinks()).iosAppStore;

/**
 * Spec 01 §4.7: iOS → alert err-24 and go to the app's App Store page (from the remote config; without one
 * the user stays on the alert rather than being sent to the store's front page); non-Chromium or Edge →
 * alert and redirect; Chrome below 70 → alert. Returns whether the app may start.
 */
export function applyBrowserGate(
  win: GateWindow,
  translate: (key: string) => string,
  appStorePage: () => Promise<string | undefined> = configuredAppStore,
): boolean {
  const verdict = evaluateBrowser(win.navigator.userAgent, {
    touch: (win.navigator.maxTouchPoints ?? 0) > 1,
    brands: win.navigator.userAgentData?.brands,
  });
  if (verdict.ok) return true;
  win.alert(translate(`errors.${verdict.messageKey}`));
  if (verdict.reason === 'ios') {
    void appStorePage()
      .then((url) => url && win.location.replace(url))
      .catch((e: unknown) => console.warn('no App Store page', e));
    return false;
  }
  if (verdict.redirect) {
    win.location.replace(verdict.redirect);
    return false;
  }
  return verdict.reason === 'tooOld';
}
