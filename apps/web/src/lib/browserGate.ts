import { evaluateBrowser } from '@secux-companion/core';

export interface GateWindow {
  navigator: {
    userAgent: string;
    maxTouchPoints?: number;
    userAgentData?: { brands?: readonly { brand: string; version: string }[] };
  };
  alert(message: string): void;
  location: { replace(url: string): void };
}

/**
 * Spec 01 §4.7: iOS → alert err-24 and go to the app store; non-Chromium or Edge →
 * alert and redirect; Chrome below 70 → alert. Returns whether the app may start.
 */
export function applyBrowserGate(win: GateWindow, translate: (key: string) => string): boolean {
  const verdict = evaluateBrowser(win.navigator.userAgent, {
    touch: (win.navigator.maxTouchPoints ?? 0) > 1,
    brands: win.navigator.userAgentData?.brands,
  });
  if (verdict.ok) return true;
  win.alert(translate(`errors.${verdict.messageKey}`));
  if (verdict.redirect) {
    win.location.replace(verdict.redirect);
    return false;
  }
  return verdict.reason === 'tooOld';
}
