import { describe, expect, it, vi } from 'vitest';
import { applyBrowserGate } from './browserGate';

const UA = {
  chrome120:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  chrome69:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
};

function fakeWindow(userAgent: string) {
  return {
    navigator: { userAgent, maxTouchPoints: 0 },
    alert: vi.fn(),
    location: { replace: vi.fn() },
  };
}
const t = (k: string) => `t:${k}`;

describe('browser gate', () => {
  it('lets current Chrome start without an alert', () => {
    const win = fakeWindow(UA.chrome120);
    expect(applyBrowserGate(win, t)).toBe(true);
    expect(win.alert).not.toHaveBeenCalled();
    expect(win.location.replace).not.toHaveBeenCalled();
  });

  it('iOS: alerts err-24 and redirects to the app store', () => {
    const win = fakeWindow(UA.iphone);
    expect(applyBrowserGate(win, t)).toBe(false);
    expect(win.alert).toHaveBeenCalledWith(expect.stringContaining('err-24'));
    expect(win.location.replace).toHaveBeenCalledWith(expect.stringContaining('apps.apple.com'));
  });

  it.each([['firefox'], ['edge']] as const)('%s: alerts and redirects', (name) => {
    const win = fakeWindow(UA[name]);
    expect(applyBrowserGate(win, t)).toBe(false);
    expect(win.alert).toHaveBeenCalledTimes(1);
    expect(win.location.replace).toHaveBeenCalledTimes(1);
  });

  it('Chrome below 70: alerts that it is too old', () => {
    const win = fakeWindow(UA.chrome69);
    applyBrowserGate(win, t);
    expect(win.alert).toHaveBeenCalledTimes(1);
    expect(win.location.replace).not.toHaveBeenCalled();
  });
});
