/**
 * Token discovery on the Tokens tab (spec 02 "bsc_token_list"): the tokens of the server's list that the account
 * holds are offered with their balance; Show writes the token to the device and lists it like any token.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Device } from '@secux-companion/device';
import type { HeldToken } from '@secux-companion/chain-evm';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { runtime } from '@secux-companion/web-kit/device/runtime';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { TokensTab, useAccountTokens } from './TokensTab';
import { readTokenSettings } from './tokens';

setupUiTests();
afterEach(() => {
  runtime.set({ device: null, emulator: null });
  localStorage.clear();
});

const account = {
  id: "BSC:m/44'/60'/0'",
  index: 0,
  bip: 44,
  path: "m/44'/60'/0'",
  address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  name: 'Account 1',
  balance: 0n,
  pending: 0n,
  txCount: 0,
} as EvmAccount;
const CAKE: HeldToken = {
  contract: '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82',
  name: 'PancakeSwap Token',
  symbol: 'CAKE',
  decimals: 18,
  balance: 2_500_000_000_000_000_000n,
};

function setup(held: HeldToken[]) {
  const setToken = vi.fn(async () => {});
  runtime.set({ device: { getTokens: async () => [], setToken } as unknown as Device, emulator: null });
  const chain = {
    spec: { symbol: 'BSC', coin: 'BNB', name: 'BNB Smart Chain', decimals: 18, chainId: 56 },
    adapter: {
      discoverListedTokens: vi.fn(async () => held),
      getTokenBalances: vi.fn(
        async (_a: string, contracts: readonly string[]) =>
          new Map(contracts.map((c) => [c, held.find((h) => h.contract === c)?.balance ?? 0n])),
      ),
    },
  } as unknown as EvmChain;
  function Tab() {
    const state = useAccountTokens(chain, account);
    return <TokensTab chain={chain} account={account} state={state} onSend={() => {}} />;
  }
  renderUi(<Tab />);
  return { chain, setToken };
}

describe('Tokens tab: tokens found through the token list', () => {
  it('writes a balance grouped, as every amount on screen (1,000,000 LUSD, not 1000000 LUSD)', async () => {
    setup([{ ...CAKE, symbol: 'LUSD', decimals: 6, balance: 1_000_000_500_000n }]);
    const balance = await screen.findByTestId('token-found-balance', {}, { timeout: 5_000 });
    expect(balance.textContent).toBe('1,000,000.5 LUSD');
  });

  it('offers a listed token the account holds, with its balance; Show writes it to the device and lists it', async () => {
    const { setToken } = setup([CAKE]);
    const found = await screen.findByTestId('token-found', {}, { timeout: 5_000 });
    expect(found.getAttribute('data-contract')).toBe(CAKE.contract);
    expect(screen.getByTestId('token-found-balance').textContent).toBe('2.5 CAKE');
    expect(screen.getByText('Found on this account')).toBeTruthy();
    fireEvent.click(screen.getByTestId('token-found-show'));
    await waitFor(() => expect(setToken).toHaveBeenCalledTimes(1));
    expect(setToken).toHaveBeenCalledWith(
      expect.objectContaining({
        contract: CAKE.contract,
        symbol: 'CAKE',
        decimal: 18,
        chainId: 56,
        path: "m/44'/60'/0'/0/0",
      }),
    );
    const item = await screen.findByTestId('token-item', {}, { timeout: 5_000 });
    expect(item.getAttribute('data-contract')).toBe(CAKE.contract);
    // shown now: no longer offered, and kept as a known, enabled token of the account
    await waitFor(() => expect(screen.queryByTestId('tokens-found')).toBeNull());
    expect(readTokenSettings(56, account.address)).toEqual({
      known: [{ contract: CAKE.contract, name: 'PancakeSwap Token', symbol: 'CAKE', decimals: 18 }],
      enabled: [CAKE.contract],
    });
  });

  it('nothing held from the list: no panel', async () => {
    const { chain } = setup([]);
    await waitFor(() => expect(chain.adapter.discoverListedTokens).toHaveBeenCalledWith(account.address));
    expect(screen.queryByTestId('tokens-found')).toBeNull();
  });
});
