/**
 * Settings → Hide in the EVM Tokens tab (issue 33): a token worth less than the user's dust threshold is hidden and
 * counted, a token without a price is never taken for dust, and the hidden ones can be shown again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderUi, setupUiTests } from '@secux-companion/web-kit/test/ui';
import { reloadPreferencesForTests, setPreferences } from '@secux-companion/web-kit/state/preferences';
import type { EvmChain } from '../chains';
import type { EvmAccount } from './account';
import { TokensTab, type useAccountTokens } from './TokensTab';

setupUiTests();

const chain = { spec: { symbol: 'ETH', chainId: 1 } } as unknown as EvmChain;
const account = { id: 'ETH:0', address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' } as EvmAccount;
const BIG = '0x00000000000000000000000000000000000000b1';
const DUST = '0x00000000000000000000000000000000000000d5';
const NOPRICE = '0x00000000000000000000000000000000000000e0';

function state(): ReturnType<typeof useAccountTokens> {
  const tokens = [
    // 5 × 1.00 = 5.00
    { contract: BIG, name: 'Big', symbol: 'BIG', decimals: 6, balance: 5_000_000n, price: '1' },
    // 0.5 × 1.50 = 0.75
    { contract: DUST, name: 'Dust', symbol: 'DST', decimals: 6, balance: 500_000n, price: '1.5' },
    // no price: its value is missing, not zero
    { contract: NOPRICE, name: 'Unpriced', symbol: 'UNP', decimals: 6, balance: 1n, price: null },
  ];
  return {
    settings: { known: tokens, enabled: tokens.map((x) => x.contract) },
    setSettings: () => {},
    deviceCount: 3,
    tokens,
    balances: { isPending: false, isError: false },
    found: [],
  } as unknown as ReturnType<typeof useAccountTokens>;
}

const listed = () => screen.getAllByTestId('token-item').map((i) => i.getAttribute('data-contract'));

beforeEach(() => {
  localStorage.clear();
  reloadPreferencesForTests();
});
afterEach(() => localStorage.clear());

describe('EVM Tokens tab with dust hidden', () => {
  it('lists every token while dust is shown', () => {
    renderUi(<TokensTab chain={chain} account={account} state={state()} onSend={() => {}} />);
    expect(listed()).toEqual([BIG, DUST, NOPRICE]);
    expect(screen.queryByTestId('tokens-hidden-note')).toBeNull();
  });

  it('hides a token worth less than the threshold, keeps an unpriced one, and shows them again on demand', () => {
    setPreferences({ hideDust: '1' });
    renderUi(<TokensTab chain={chain} account={account} state={state()} onSend={() => {}} />);
    expect(listed()).toEqual([BIG, NOPRICE]);
    expect(screen.getByTestId('tokens-hidden-count').textContent).toBe('Tokens hidden by your settings: 1.');
    fireEvent.click(screen.getByTestId('tokens-hidden-toggle'));
    expect(listed()).toEqual([BIG, DUST, NOPRICE]);
    // a higher threshold hides the bigger one too, at once
    act(() => setPreferences({ hideDust: '10' }));
    fireEvent.click(screen.getByTestId('tokens-hidden-toggle'));
    expect(listed()).toEqual([NOPRICE]);
  });
});
