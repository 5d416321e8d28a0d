/** Issue 31 item 3: the Bluetooth update's mobile-app link goes to the app's store page the server serves by default. */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetLinksForTests } from '@secux-companion/web-kit/lib/links';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { BleUpdateModal } from './BleUpdateModal';

setupUiTests();

const PLAY = 'https://play.google.com/store/apps/details?id=com.secuxapp';

describe('Bluetooth update: the mobile app step', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetLinksForTests();
  });

  it("a C20 opens on the mobile step, whose link is the remote config's mobile-app page (a new window)", async () => {
    // Test files share modules (isolate: false): links another file read must not stand in for this config.
    resetLinksForTests();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ links: { website: 'https://secuxtech.com/', mobileApp: PLAY } })),
    );
    renderUi(<BleUpdateModal opened onClose={() => {}} deviceType="C20" />);
    const link = await screen.findByTestId('ble-mobile-link');
    expect(link.getAttribute('href')).toBe(PLAY);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
