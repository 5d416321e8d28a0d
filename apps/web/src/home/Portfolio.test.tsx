/**
 * Home's portfolio in Portuguese (issue 20): the total in the display currency and each coin's share are
 * written the language's way (decimal comma), as the rest of the screen is.
 */
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import { PRICE_IDS } from '@secux-companion/web-kit/accounts/api';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { Portfolio } from './Portfolio';
import { PORTFOLIO_STORAGE_KEY } from './portfolio';

setupUiTests();

describe('Portfolio', () => {
  afterAll(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await setLanguage('en');
  });

  it('shows the total and each coin’s share in the interface language (pt: 53,8%, not 53.8%)', async () => {
    const now = Date.now();
    localStorage.setItem(
      PORTFOLIO_STORAGE_KEY,
      JSON.stringify({
        ETH: { total: (3n * 10n ** 18n).toString(), decimals: 18, symbol: 'ETH', updatedAt: now },
        BTC: { total: '10000000', decimals: 8, symbol: 'BTC', updatedAt: now },
      }),
    );
    const prices: Record<string, number> = { [PRICE_IDS.ETH!]: 3500, [PRICE_IDS.BTC!]: 90000 };
    vi.stubGlobal('fetch', async (url: string) => {
      const id = new URL(url, 'http://localhost').searchParams.get('ids')!;
      return new Response(JSON.stringify({ prices: { [id]: prices[id] } }), { status: 200 });
    });
    await setLanguage('pt');
    renderUi(<Portfolio />);
    // 3 ETH × 3,500 + 0.1 BTC × 90,000 = 19,500 USD: ETH 53.8 %, BTC 46.2 %
    await vi.waitFor(() =>
      expect(screen.getByTestId('portfolio-total').textContent).toMatch(/^US\$\s19\.500,00$/),
    );
    const rows = screen.getByTestId('portfolio-rows').textContent!;
    expect(rows).toContain('53,8%');
    expect(rows).toContain('46,2%');
    expect(rows).not.toContain('53.8');
  });
});
