import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderUi, setupUiTests } from '../test/ui';
import type { AnyFamily, FamilyChain, SendProps, WalletAccount } from '../family/types';
import { AccountPage } from './AccountInformation';
import { showAccounts } from './store';

setupUiTests();
afterEach(() => vi.restoreAllMocks());

const account: WalletAccount = {
  id: 'a1',
  name: 'Account 1',
  index: 0,
  bip: 44,
  path: "m/44'/60'/0'",
  balance: 0n,
  pending: 0n,
  txCount: 1,
};

/** A family whose send goes straight to its Status step's Done, and whose balance refresh fails. */
const family = {
  id: 'fake',
  descriptor: () => ({}),
  usePage: () => ({ tabs: [] }),
  buy: () => null,
  refresh: () => Promise.reject(new Error('provider down')),
  Send: ({ onDone }: SendProps) => (
    <button type="button" data-testid="fake-send-done" onClick={onDone}>
      done
    </button>
  ),
} as unknown as AnyFamily;

const chain = {
  adapter: { chain: 'ETH', getAccountState: () => new Promise(() => {}) },
  unit: { symbol: 'ETH', decimals: 18, digits: 9 },
  local: false,
} as unknown as FamilyChain;

describe('after the last step of a send (every family, every account page)', () => {
  it.each([
    ['a native coin', '/wallet/account'],
    ['a chain the user added', '/wallet/evm-chains'],
  ])('%s: a failed balance refresh alerts err-40 and returns to the wallet', async (_name, list) => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    showAccounts('ETH', family, chain, [account], account.id);
    renderUi(
      <MemoryRouter initialEntries={['/page']}>
        <Routes>
          <Route path="/page" element={<AccountPage backTo={list} />} />
          <Route path={list} element={<p data-testid="list" />} />
          <Route path="/wallet" element={<p data-testid="wallet" />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('account-send'));
    fireEvent.click(await screen.findByTestId('fake-send-done'));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to load the account data. Please try again.'),
    );
    await screen.findByTestId('wallet');
  });
});
