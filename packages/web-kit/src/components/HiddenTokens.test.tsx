/**
 * The shared rule the TRON and Solana Tokens tabs (and EVM's) read (issue 33): unverified tokens hidden when the user
 * asks, dust below the threshold, the hidden ones counted and shown again on demand.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderUi, setupUiTests } from '../test/ui';
import { axeInEveryLanguage } from '../test/axe';
import { reloadPreferencesForTests, setPreferences } from '../state/preferences';
import { useHiddenTokens } from './HiddenTokens';

setupUiTests();

interface Row {
  contract: string;
  balance: bigint;
  decimals: number;
  unverified?: boolean;
  price: string | null;
}
const ROWS: Row[] = [
  { contract: 'USDC', balance: 2_000_000n, decimals: 6, price: '1' },
  { contract: 'FAKE-USDC', balance: 9_000_000_000n, decimals: 6, unverified: true, price: null },
  { contract: 'CRUMB', balance: 10n, decimals: 6, price: '1' },
];

function List() {
  const { shown, note } = useHiddenTokens(ROWS, (r) => r.price);
  return (
    <div data-testid="token-rows">
      {note}
      <ul>
        {shown.map((r) => (
          <li key={r.contract}>{r.contract}</li>
        ))}
      </ul>
    </div>
  );
}

const listed = () => screen.getAllByRole('listitem').map((li) => li.textContent);

beforeEach(() => {
  localStorage.clear();
  reloadPreferencesForTests();
});

describe('tokens hidden by the settings', () => {
  it('unverified tokens leave the list when the user hides them, whatever their balance', () => {
    renderUi(<List />);
    expect(listed()).toEqual(['USDC', 'FAKE-USDC', 'CRUMB']);
    act(() => setPreferences({ hideUnverified: true }));
    expect(listed()).toEqual(['USDC', 'CRUMB']);
    act(() => setPreferences({ hideDust: '0.01' }));
    expect(listed()).toEqual(['USDC']);
    expect(screen.getByTestId('tokens-hidden-count').getAttribute('data-count')).toBe('2');
    fireEvent.click(screen.getByTestId('tokens-hidden-toggle'));
    expect(listed()).toEqual(['USDC', 'FAKE-USDC', 'CRUMB']);
  });

  it('axe: the note and its control in every language', async () => {
    setPreferences({ hideUnverified: true });
    expect(await axeInEveryLanguage([['token-rows', <List key="l" />]])).toEqual([]);
  }, 30_000);
});
