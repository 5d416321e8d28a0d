import { describe, expect, it, vi } from 'vitest';
import { applyBrowserGate } from './browserGate';
import { parseLinks, resetLinksForTests } from '@secux-companion/web-kit/lib/links';

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

  it("iOS: alerts err-24 and goes to the app's App Store page from the remote config, not the store's front page", async () => {
    const win = fakeWindow(UA.iphone);
    expect(applyBrowserGate(win, t, async () => 'https://apps.apple.com/app/id42')).toBe(false);
    expect(win.alert).toHaveBeenCalledWith(expect.stringContaining('err-24'));
    await vi.waitFor(() =>
      expect(win.location.replace).toHaveBeenCalledWith('https://apps.apple.com/app/id42'),
    );
    // No page configured: the alert only.
    const bare = fakeWindow(UA.iphone);
    expect(applyBrowserGate(bare, t, async () => undefined)).toBe(false);
    await new Promise((r) => setTimeout(r, 10));
    expect(bare.location.replace).not.toHaveBeenCalled();
  });

  it('iOS: the page is read from /api/config (links.iosAppStore, else the mobile app page)', async () => {
    resetLinksForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              links: { website: 'https://secuxtech.com/', mobileApp: 'https://example.com/app' },
            }),
          ),
      ),
    );
    const win = fakeWindow(UA.iphone);
    applyBrowserGate(win, t);
    await vi.waitFor(() => expect(win.location.replace).toHaveBeenCalledWith('https://example.com/app'));
    vi.unstubAllGlobals();
    resetLinksForTests();
  });

  it('iOS: the served default App Store page (SecuX Mobile, issue 31 item 3) is where the user goes', async () => {
    resetLinksForTests();
    const appStore = 'https://apps.apple.com/app/id1477437607';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              links: {
                website: 'https://secuxtech.com/',
                mobileApp: 'https://play.google.com/store/apps/details?id=com.secuxapp',
                iosAppStore: appStore,
              },
            }),
          ),
      ),
    );
    const win = fakeWindow(UA.iphone);
    applyBrowserGate(win, t);
    await vi.waitFor(() => expect(win.location.replace).toHaveBeenCalledWith(appStore));
    expect(win.location.replace).not.toHaveBeenCalledWith('https://secuxtech.com/');
    vi.unstubAllGlobals();
    resetLinksForTests();
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

describe('links from the remote config', () => {
  it('keeps https URLs and an e-mail only; help pages fall back to the product home page; no guessed address', () => {
    expect(parseLinks({})).toEqual({});
    expect(
      parseLinks({
        links: {
          website: 'https://secuxtech.com/',
          guideDevice: 'https://example.com/guide',
          cardanoPortal: 'javascript:alert(1)',
          dappConnect: 'http://plain.example/',
          supportEmail: 'help@example.com',
        },
      }),
    ).toEqual({
      website: 'https://secuxtech.com/',
      terms: 'https://secuxtech.com/',
      privacy: 'https://secuxtech.com/',
      help: 'https://secuxtech.com/',
      guideAddAccount: 'https://secuxtech.com/',
      guideSendReceive: 'https://secuxtech.com/',
      guideDevice: 'https://example.com/guide',
      mobileApp: 'https://secuxtech.com/',
      iosAppStore: 'https://secuxtech.com/',
      supportEmail: 'help@example.com',
    });
  });
});
