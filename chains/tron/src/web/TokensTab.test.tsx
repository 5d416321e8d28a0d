/**
 * The TRX Tokens tab values a TRC-20 token through the price service by its contract, as every token is valued; a
 * TRC-10 asset (no contract to price) and a token without a market say 'Price N/A'.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { CURRENCY_STORAGE_KEY } from '@secux-companion/core';
import type { Device } from '@secux-companion/device';
import type { TronTokenHolding } from '@secux-companion/chain-tron';
import i18next from 'i18next';
import { setLanguage } from '@secux-companion/web-kit/i18n';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { TronChain } from './chain';
import type { TronAccount } from './rules';
import { TronTokensTab } from './TokensTab';

setupUiTests();
afterEach(() => {
  vi.unstubAllGlobals();
  runtime.set({ device: null, emulator: null });
  localStorage.clear();
});

const LUSDT = 'TAVMRF1q3fuBsu4a314KKh685Xvo6gqPN3';
const NO_MARKET = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const account = {
  id: 'TRX:0',
  index: 0,
  bip: 44,
  path: "m/44'/195'/0'",
  name: 'TRX 1',
  balance: 3_000_000n,
  pending: 0n,
  txCount: 1,
  address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
} as TronAccount;
const holding = (t: Partial<TronTokenHolding> & Pick<TronTokenHolding, 'contract' | 'symbol'>) =>
  ({ name: t.symbol, decimals: 6, balance: 0n, type: 'trc20', standard: 'TRC-20', ...t }) as TronTokenHolding;

function open(prices: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url.startsWith('/api/prices/tokens')) return new Response(JSON.stringify({ prices }));
    return new Response('{}', { status: 404 });
  });
  runtime.set({ device: { getTokens: async () => [] } as unknown as Device, emulator: null });
  const chain = {
    adapter: {
      getAccountState: async () => ({
        tokens: [
          holding({ contract: LUSDT, symbol: 'LUSDT', balance: 12_500_000n }),
          holding({ contract: NO_MARKET, symbol: 'NOMKT', balance: 1_000_000n }),
          holding({
            contract: '1000001',
            symbol: 'LTA',
            decimals: 0,
            balance: 5n,
            type: 'trc10',
            standard: 'TRC-10',
          }),
        ],
      }),
    },
  } as unknown as TronChain;
  renderUi(<TronTokensTab chain={chain} account={account} onSend={() => {}} />);
  return asked;
}

describe('TRX Tokens tab: token values', () => {
  it('a TRC-20 token is valued in the display currency at its price by contract; no market or TRC-10: Price N/A', async () => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'EUR');
    const asked = open({ [LUSDT]: 0.92 });
    const row = await screen.findByTestId('trx-token-LUSDT', {}, { timeout: 5_000 });
    // 12.5 LUSDT at 0.92 EUR
    await waitFor(() => expect(within(row).getByTestId('trx-token-value').textContent).toBe('€11.50'));
    expect(within(screen.getByTestId('trx-token-NOMKT')).getByTestId('trx-token-value').textContent).toBe(
      'Price N/A',
    );
    expect(within(screen.getByTestId('trx-token-LTA')).getByTestId('trx-token-value').textContent).toBe(
      'Price N/A',
    );
    // one request to the price service, on the tron platform, for the TRC-20 contracts only, in the display currency
    const priceRequests = asked.filter((u) => u.startsWith('/api/prices/'));
    expect(priceRequests).toEqual([
      `/api/prices/tokens?platform=tron&contracts=${LUSDT},${NO_MARKET}&currency=eur`,
    ]);
    expect(screen.getByText('Value')).toBeTruthy();
  });

  it('says it in zh-TW and pt too: the column, the value in the language, Price N/A', async () => {
    localStorage.setItem(CURRENCY_STORAGE_KEY, 'EUR');
    try {
      for (const [lng, column, value] of [
        ['zh-TW', '價值', '11.50'],
        ['pt', 'Valor', '11,50'],
      ] as const) {
        await setLanguage(lng);
        open({ [LUSDT]: '0.92' });
        const row = await screen.findByTestId('trx-token-LUSDT', {}, { timeout: 5_000 });
        await waitFor(() => expect(within(row).getByTestId('trx-token-value').textContent).toContain(value));
        expect(screen.getByText(column)).toBeTruthy();
        expect(within(screen.getByTestId('trx-token-LTA')).getByTestId('trx-token-value').textContent).toBe(
          i18next.t('errors.priceNotAvailable'),
        );
        expect(i18next.t('errors.priceNotAvailable')).not.toBe('Price N/A');
        cleanup();
      }
    } finally {
      await setLanguage('en');
    }
  });
});
