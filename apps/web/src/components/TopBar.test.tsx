/**
 * The top bar on a phone (issue 31): below the small-screen breakpoint its links fold into a menu behind a
 * burger, so nothing runs off the edge at 360 px ('Configurações' in pt); on a wide screen they stay inline.
 * The emulator's screen panel folds to its title bar and keeps the fold for the session. Both axe-clean in
 * every language.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { SecuxEmulator } from '@secux-companion/emulator';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import { SMALL_SCREEN_MAX } from '@secux-companion/web-kit/components/useModalSize';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { emptyRemoteConfig, matchMediaStub, renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { initialSession, session } from '../state/session';
import { TopBar } from './TopBar';
import { VirtualScreen } from './VirtualScreen';

setupUiTests();
emptyRemoteConfig();

let originalMatchMedia: typeof window.matchMedia;

/** The window as a phone (`small`) or a desktop: media queries up to the breakpoint match only on a phone. */
function screenWidth(small: boolean) {
  window.matchMedia = matchMediaStub((q) => small && q.includes(`max-width: ${SMALL_SCREEN_MAX - 1}px`));
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

const bar = (
  <MemoryRouter initialEntries={['/wallet']}>
    <TopBar />
    <Routes>
      <Route path="*" element={<Where />} />
    </Routes>
  </MemoryRouter>
);

beforeEach(() => {
  originalMatchMedia = window.matchMedia;
  session.set({ ...initialSession, connected: true });
  sessionStorage.clear();
});
afterEach(async () => {
  window.matchMedia = originalMatchMedia;
  session.set(initialSession);
  runtime.set({ device: null, emulator: null });
  sessionStorage.clear();
  await setLanguage('en');
});

describe('top bar', () => {
  it('on a phone, in pt, the links are in the burger menu and each one does what the link does', async () => {
    screenWidth(true);
    await setLanguage('pt');
    renderUi(bar);
    const burger = await screen.findByRole('button', { name: 'Menu' });
    expect(screen.queryByText('Configurações')).toBeNull();
    expect(screen.queryByTestId('settings-link')).toBeNull();
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Domínio', 'Notícias', 'Configurações']);
    fireEvent.click(items[2]!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/wallet/setting'));
  });

  it('on a wide screen the links are inline and there is no burger', async () => {
    screenWidth(false);
    renderUi(bar);
    expect((await screen.findByTestId('settings-link')).textContent).toBe('Settings');
    expect(screen.getByRole('link', { name: 'Domain' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('is axe-clean on a phone with its menu open, in every language', async () => {
    screenWidth(true);
    const found = await axeInEveryLanguage([
      [
        'topbar-menu-dropdown',
        bar,
        async () => {
          fireEvent.click(await screen.findByTestId('topbar-menu'));
        },
      ],
    ]);
    expect(found).toEqual([]);
  });
});

describe('emulator screen panel', () => {
  const emulator = {
    screen: { current: null, subscribe: () => () => {}, approve: () => {}, reject: () => {} },
  } as unknown as SecuxEmulator;

  it('folds to its title bar, unfolds again, and keeps the fold for the session', async () => {
    runtime.set({ device: null, emulator });
    const { unmount } = renderUi(<VirtualScreen />);
    const toggle = await screen.findByRole('button', { name: 'Hide screen' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const shown = () => screen.getByText('Ready').closest('[hidden]') === null;
    expect(shown()).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('Show screen');
    expect(shown()).toBe(false);
    unmount();
    // a new page in the same session: still folded
    renderUi(<VirtualScreen />);
    const again = await screen.findByRole('button', { name: 'Show screen' });
    expect(again.getAttribute('aria-expanded')).toBe('false');
    expect(shown()).toBe(false);
    fireEvent.click(again);
    expect(shown()).toBe(true);
    expect(again.getAttribute('aria-expanded')).toBe('true');
  });

  it('is axe-clean folded and unfolded in every language', async () => {
    runtime.set({ device: null, emulator });
    const found = await axeInEveryLanguage([
      ['virtual-screen', <VirtualScreen key="open" />],
      [
        'virtual-screen',
        <VirtualScreen key="folded" />,
        async () => {
          fireEvent.click(await screen.findByTestId('virtual-screen-toggle'));
        },
      ],
    ]);
    expect(found).toEqual([]);
  });
});
