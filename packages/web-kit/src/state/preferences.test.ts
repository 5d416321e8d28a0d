/** What the user hides (issue 33): coins, dust below a threshold, unverified tokens; kept per wallet. */
import { beforeEach, describe, expect, it } from 'vitest';
import { WALLET_STORAGE_KEYS, resetWalletData } from './walletStorage';
import {
  hiddenCoins,
  parseDustThreshold,
  preferencesStore,
  reloadPreferencesForTests,
  setCoinHidden,
  setPreferences,
  tokenHiddenBy,
  visibleCoins,
} from './preferences';

beforeEach(() => {
  localStorage.clear();
  reloadPreferencesForTests();
});

describe('hidden coins', () => {
  it('are kept in storage, and a coin the wallet does not know is dropped', () => {
    setCoinHidden('DOGE', true);
    setCoinHidden('LTC', true);
    setCoinHidden('DOGE', false);
    expect(hiddenCoins()).toEqual(['LTC']);
    localStorage.setItem(
      WALLET_STORAGE_KEYS.preferences,
      JSON.stringify({ hiddenCoins: ['LTC', 'NOPE', 'LTC'], hideDust: 'abc', hideUnverified: 'yes' }),
    );
    reloadPreferencesForTests();
    expect(preferencesStore.get()).toEqual({ hiddenCoins: ['LTC'], hideDust: null, hideUnverified: false });
  });

  it('leave the menu in its order', () => {
    expect(visibleCoins(['BTC', 'ETH', 'EVM', 'LTC', 'XRP'], ['LTC', 'BTC'])).toEqual(['ETH', 'EVM', 'XRP']);
  });

  it('Reset shows every coin again', () => {
    setCoinHidden('LTC', true);
    resetWalletData();
    expect(hiddenCoins()).toEqual([]);
  });
});

describe('dust threshold', () => {
  it('is decimal text between 0 and 1,000,000', () => {
    expect(parseDustThreshold('1')).toBe('1');
    expect(parseDustThreshold(' 0,5 ')).toBe('0.5');
    expect(parseDustThreshold('0')).toBeNull();
    expect(parseDustThreshold('-1')).toBeNull();
    expect(parseDustThreshold('1e3')).toBeNull();
    expect(parseDustThreshold('1000001')).toBeNull();
    expect(parseDustThreshold('')).toBeNull();
  });
});

describe('the token rule', () => {
  const token = (balance: bigint, unverified?: boolean) => ({ balance, decimals: 6, unverified });
  const dust = { hideDust: '1', hideUnverified: false };

  it('hides a token worth less than the threshold, shows one worth it', () => {
    expect(tokenHiddenBy(token(999_999n), '1', dust)).toBe('dust'); // 0.999999 × 1 < 1
    expect(tokenHiddenBy(token(1_000_000n), '1', dust)).toBeNull(); // exactly 1: shown
    expect(tokenHiddenBy(token(10n), '200000', dust)).toBeNull(); // 0.00001 × 200000 = 2: a small balance of a dear token
    expect(tokenHiddenBy(token(10n), '90000', dust)).toBe('dust'); // 0.9
  });

  it('a token without a price is never dust (its value is missing, not zero), unless it holds nothing', () => {
    expect(tokenHiddenBy(token(5n), null, dust)).toBeNull();
    expect(tokenHiddenBy(token(0n), null, dust)).toBe('dust');
  });

  it('without a threshold nothing is dust; unverified hidden only when asked', () => {
    const off = { hideDust: null, hideUnverified: false };
    expect(tokenHiddenBy(token(1n), '0.01', off)).toBeNull();
    expect(tokenHiddenBy(token(10n ** 12n, true), '1', off)).toBeNull();
    expect(tokenHiddenBy(token(10n ** 12n, true), '1', { hideDust: null, hideUnverified: true })).toBe(
      'unverified',
    );
    setPreferences({ hideUnverified: true, hideDust: '0.5' });
    expect(preferencesStore.get()).toMatchObject({ hideUnverified: true, hideDust: '0.5' });
  });
});
