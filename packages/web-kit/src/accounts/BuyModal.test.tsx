/**
 * Issue 31 item 13: a server failure reaches the user in the interface language — the buy widget's "not configured"
 * answer (503, code buy_not_configured) shows the catalogue text, never the server's English.
 */
import { screen } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessages } from '@secux-companion/core';
import { setLanguage } from '../i18n';
import { renderUi, setupUiTests } from '../test/ui';
import { BuyModal } from './BuyModal';

setupUiTests();

const ETH_ADDR = '0x52908400098527886E0F7030069857D2E4169EE7';
const notConfigured = () =>
  vi.fn(
    async () =>
      new Response(
        JSON.stringify({
          error: 'Internal Server Error',
          code: 'buy_not_configured',
          statusCode: 503,
        }),
        { status: 503 },
      ),
  );

describe('buy modal: a server failure in the interface language', () => {
  afterEach(() => vi.unstubAllGlobals());
  afterAll(() => setLanguage('en'));

  it.each(['pt', 'zh-TW', 'en'] as const)('%s: the buy widget not configured on the server', async (lng) => {
    await setLanguage(lng);
    vi.stubGlobal('fetch', notConfigured());
    renderUi(
      <BuyModal
        coin="ETH"
        loadTarget={async () => ({ address: ETH_ADDR, path: "m/44'/60'/0'/0/0" })}
        onClose={() => {}}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(errorMessages[lng].buyNotConfigured);
    expect(alert.textContent).not.toMatch(/Internal Server Error|not configured on this server/);
  });
});
