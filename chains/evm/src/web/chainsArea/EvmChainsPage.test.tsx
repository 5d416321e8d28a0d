import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { resetLinksForTests } from '@secux-companion/web-kit/lib/links';
import { WALLET_STORAGE_KEYS } from '@secux-companion/web-kit/state/walletStorage';
import { onToast, type Toast } from '@secux-companion/web-kit/lib/toast';
import EvmChainsPage from './EvmChainsPage';

setupUiTests();

const GUIDE = 'https://guides.example/add-accounts';

/** The server: /api/config with `links`; any other call (a chain's RPC) fails, so balances stay as stored. */
function server(links: Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      if (String(url) === '/api/config') return new Response(JSON.stringify({ links }));
      throw new Error('offline');
    }),
  );
}

const page = () => (
  <MemoryRouter>
    <EvmChainsPage />
  </MemoryRouter>
);

beforeEach(() => {
  // Test files share modules (isolate: false): links another file read must not stand in for this config.
  resetLinksForTests();
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetLinksForTests();
  localStorage.clear();
});

describe('EVM chains area', () => {
  it('with no chain added: the info text with a help link to the add-accounts guide, opening in a new window', async () => {
    server({ guideAddAccount: GUIDE });
    renderUi(page());
    const empty = within(await screen.findByTestId('evm-chains-empty'));
    expect(empty.getByText('No EVM chain added yet.')).toBeTruthy();
    const link = await empty.findByRole('link', { name: 'How to add an EVM chain' });
    expect(link.getAttribute('href')).toBe(GUIDE);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a remote config naming no guide (nor a website) gives no dead link', async () => {
    server({});
    renderUi(page());
    await screen.findByTestId('evm-chains-empty');
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/config', expect.anything()));
    expect(screen.queryByTestId('evm-chains-help')).toBeNull();
  });

  it("an added chain shows the registry logo from our own server, and the coin's letters when there is none", async () => {
    server({});
    localStorage.setItem(
      WALLET_STORAGE_KEYS.addedEvmChains,
      JSON.stringify([
        {
          chainId: 137,
          name: 'Polygon Mainnet',
          shortName: 'pol',
          coin: 'POL',
          decimals: 18,
          rpcs: ['https://polygon-rpc.example'],
          accounts: [{ index: 0, name: 'Polygon1', address: '0x' + '1'.repeat(40), balance: '0' }],
        },
      ]),
    );
    renderUi(page());
    const card = within(await screen.findByRole('region', { name: 'Polygon Mainnet' }));
    const img = card.getByTestId('evm-chain-logo').querySelector('img')!;
    // Same origin: the browser asks no third party; the server checks type and size (logos.ts).
    expect(img.getAttribute('src')).toBe('/api/evm/chains/137/logo');
    expect(img.getAttribute('alt')).toBe('');
    fireEvent.error(img);
    await waitFor(() => expect(card.getByTestId('evm-chain-logo').textContent).toBe('POL'));
  });

  it("deleting an account that holds coins: the toast 'Can not delete an active account', nothing inline (spec 01 §6)", async () => {
    server({});
    localStorage.setItem(
      WALLET_STORAGE_KEYS.addedEvmChains,
      JSON.stringify([
        {
          chainId: 137,
          name: 'Polygon Mainnet',
          shortName: 'pol',
          coin: 'POL',
          decimals: 18,
          rpcs: ['https://polygon-rpc.example'],
          accounts: [{ index: 0, name: 'Polygon1', address: '0x' + '1'.repeat(40), balance: '5' }],
        },
      ]),
    );
    const toasts: Toast[] = [];
    const stop = onToast((t) => toasts.push(t));
    try {
      renderUi(page());
      fireEvent.click(await screen.findByTestId('evm-chain-account-delete'));
      await waitFor(() => expect(toasts.map((t) => t.message)).toEqual(['Can not delete an active account']));
      expect(screen.queryByTestId('evm-chains-error')).toBeNull();
      expect(screen.getByTestId('evm-chain-account')).toBeTruthy();
    } finally {
      stop();
    }
  });

  it('the empty state with its help link passes axe in every language', async () => {
    server({ guideAddAccount: GUIDE });
    expect(
      await axeInEveryLanguage([
        [
          'evm-chains-empty',
          page(),
          async () => {
            await screen.findByTestId('evm-chains-help');
          },
        ],
      ]),
    ).toEqual([]);
  }, 30_000);
});
