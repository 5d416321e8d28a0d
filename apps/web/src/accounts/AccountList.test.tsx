/**
 * A coin the server does not serve (mainnet HME without CHAIN_HME_RPC, a chain switched off with `none`): opening it
 * shows its account list with a notice naming the missing server setting, never the "Failed to load the account
 * data" alert and never a trip back to the wallet.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { axeInEveryLanguage } from '@secux-companion/web-kit/test/axe';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { coinSelection } from '@secux-companion/web-kit/state/coinSelection';
import { resetEvmChains } from '@secux-companion/chain-evm/web/chains';
import AccountList from './AccountList';
import { accountsStore } from '@secux-companion/web-kit/accounts/store';
import { UnservedNotice } from './UnservedNotice';

setupUiTests();

const LOAD_FAILED = 'Failed to load the account data. Please try again.';

/** The server's answers: `/api/chains` with its `unserved` rows, every chain route a 404 for the coin. */
function server(unserved: object[]) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/chains')
      return Response.json({
        chains: [{ chain: 'ETH', family: 'evm', chainId: 1, providers: ['rpc#1'], source: 'config' }],
        unserved,
      });
    const row = unserved.find((u) => url.startsWith(`/api/chains/${(u as { chain: string }).chain}`));
    if (row)
      return Response.json(
        { error: 'not configured', code: 'chain_not_configured', statusCode: 404, ...row },
        { status: 404 },
      );
    return Response.json({ error: 'upstream', code: 'upstream_failed', statusCode: 502 }, { status: 502 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function openList(coin: 'HME' | 'BTC') {
  coinSelection.set({ coin });
  renderUi(
    <MemoryRouter initialEntries={['/wallet/account']}>
      <Routes>
        <Route path="/wallet/account" element={<AccountList />} />
        <Route path="/wallet" element={<p data-testid="wallet-home" />} />
      </Routes>
    </MemoryRouter>,
  );
}

let alert: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  accountsStore.set({ scope: null, status: 'idle', unserved: null, accounts: [], family: null, chain: null });
  resetEvmChains();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  coinSelection.set({ coin: null });
});

describe('account list of a coin the server does not serve', () => {
  it('mainnet HME without an RPC: the list with a notice naming CHAIN_HME_RPC, no error alert', async () => {
    server([{ chain: 'HME', family: 'evm', reason: 'no_provider', settings: ['CHAIN_HME_RPC'] }]);
    openList('HME');
    const notice = await screen.findByTestId('coin-unserved');
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toContain('HME is not available on this server');
    expect(notice.textContent).toContain('The server has no provider configured for HME');
    expect(screen.getByTestId('coin-unserved-settings').textContent).toBe('CHAIN_HME_RPC');
    // still the coin's account list: its header, nothing to create or refresh, no error anywhere
    expect(screen.getByText('HME portfolio')).toBeTruthy();
    expect((screen.getByTestId('accounts-create') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('discovery-progress')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(LOAD_FAILED)).toBeNull();
    expect(alert).not.toHaveBeenCalled();
    expect(screen.queryByTestId('wallet-home')).toBeNull();
  });

  it('a coin switched off with `none`: says so and names each setting', async () => {
    server([
      {
        chain: 'BTC',
        family: 'bitcoin',
        reason: 'switched_off',
        settings: ['CHAIN_BTC_BLOCKBOOK', 'CHAIN_BTC_BITCOIN_RPC'],
      },
    ]);
    openList('BTC');
    const notice = await screen.findByTestId('coin-unserved');
    expect(notice.textContent).toContain("The server's configuration switches Bitcoin off");
    expect(
      [...screen.getByTestId('coin-unserved-settings').querySelectorAll('li')].map((li) => li.textContent),
    ).toEqual(['CHAIN_BTC_BLOCKBOOK', 'CHAIN_BTC_BITCOIN_RPC']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('a served coin whose load fails still alerts and returns to the wallet', async () => {
    server([]);
    openList('HME');
    await waitFor(() => expect(alert).toHaveBeenCalledWith(LOAD_FAILED));
    await screen.findByTestId('wallet-home');
  });

  it('the notice passes axe in every language', async () => {
    expect(
      await axeInEveryLanguage([
        [
          'coin-unserved',
          <UnservedNotice coinName="HME" unserved={{ reason: 'no_provider', settings: ['CHAIN_HME_RPC'] }} />,
        ],
        [
          'coin-unserved',
          <UnservedNotice
            coinName="Bitcoin"
            unserved={{ reason: 'switched_off', settings: ['CHAIN_BTC_BLOCKBOOK'] }}
          />,
        ],
      ]),
    ).toEqual([]);
  });
});
