/** Rendering components in unit tests (jsdom): Mantine with the app's theme, TanStack Query and English texts. */
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { initI18n } from '../i18n';
import { resetLinksForTests } from '../lib/links';
import { theme } from '../theme';

/** A jsdom stand-in for window.matchMedia: `matches(query)` says which media queries match. */
export function matchMediaStub(matches: (query: string) => boolean): typeof window.matchMedia {
  return ((q: string) => ({
    matches: matches(q),
    media: q,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** Call at the top of a test file: jsdom shims Mantine needs, English texts, cleanup after each test. */
export function setupUiTests() {
  beforeAll(async () => {
    // Mantine reads these in jsdom.
    window.matchMedia ??= matchMediaStub(() => false);
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    // Mantine's autosize textarea listens for web fonts, which jsdom lacks.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        value: { addEventListener: () => {}, removeEventListener: () => {} },
        configurable: true,
      });
    await initI18n(['en']);
  });
  afterEach(cleanup);
}

/**
 * Call at the top of a test file whose screens read the remote config's links (help, support): an empty config
 * answers, and each test reads it afresh. A test may stub `fetch` again with the config it needs.
 */
export function emptyRemoteConfig() {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetLinksForTests();
  });
}

/** Renders inside Mantine and a fresh query client (no retries, so failures show at once); `rerender` keeps both. */
export function renderUi(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme}>{children}</MantineProvider>
    </QueryClientProvider>
  );
  return render(node, { wrapper });
}
