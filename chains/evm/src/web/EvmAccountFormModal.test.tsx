import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import type { EvmChain } from './chains';
import type { EvmAccount } from './tab/account';
import { EvmAccountFormModal } from './EvmAccountFormModal';

const createAccount = vi.fn();
vi.mock('@secux-companion/web-kit/accounts/store', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@secux-companion/web-kit/accounts/store')>()),
  createAccount: (...args: unknown[]) => createAccount(...args) as Promise<unknown>,
}));

setupUiTests();
afterEach(() => {
  createAccount.mockReset();
  vi.restoreAllMocks();
});

const chain = {
  spec: { symbol: 'ETH', coin: 'ETH', name: 'Ethereum', decimals: 18, chainId: 1 },
} as unknown as EvmChain;
const account0 = (txCount: number): EvmAccount => ({
  id: "ETH:m/44'/60'/0'",
  index: 0,
  bip: 44,
  path: "m/44'/60'/0'",
  address: '0x0000000000000000000000000000000000000001',
  name: 'Ethereum 1',
  balance: 0n,
  pending: 0n,
  txCount,
});

function show(accounts: EvmAccount[]) {
  renderUi(
    <MemoryRouter initialEntries={['/wallet/accounts']}>
      <Routes>
        <Route path="/" element={<p data-testid="conn-method" />} />
        <Route
          path="/wallet/accounts"
          element={
            <EvmAccountFormModal
              chain={chain}
              accounts={accounts}
              mode={{ kind: 'create' }}
              onClose={() => {}}
            />
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('EVM create account form', () => {
  it('warns warm-002 and keeps Save off while the previous account is empty', () => {
    show([account0(0)]);
    expect(screen.getByTestId('account-form-warning').textContent).toBe(
      'You cannot add a new account while the previous account has no balance or transactions.',
    );
    expect(screen.getByTestId('account-save').hasAttribute('disabled')).toBe(true);
  });

  it("a create that fails on the device alerts 'unexpected error, please retry again' and goes back to ConnMethod", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    createAccount.mockRejectedValue(new Error('device disconnected'));
    show([account0(2)]);
    fireEvent.click(screen.getByTestId('account-save'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('unexpected error, please retry again'));
    await screen.findByTestId('conn-method');
  });
});
