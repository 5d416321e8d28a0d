import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearWalletStorage,
  isWalletStorageKey,
  onWalletReset,
  resetWalletData,
  tokenSettingsKey,
  WALLET_STORAGE_KEYS,
} from './walletStorage';

// Test files share one module graph and one jsdom per worker: start from empty storage too.
const clearAll = () => {
  localStorage.clear();
  sessionStorage.clear();
};
beforeEach(clearAll);
afterEach(clearAll);

describe('wallet storage keys', () => {
  it('reset removes every wallet key (added chains, token lists, flags, accounts) and keeps language and currency', () => {
    const wallet = [
      'secux.evm.addedChains',
      'secux.evm.tokenTutorialHidden',
      'secux.evm.tokens.1.0xabc',
      'secux.evm.tokens.31338.0x9858efed232b4033e47d90003d41ec34ecaeda94',
      'authorized',
      'accounts',
    ];
    for (const k of wallet) localStorage.setItem(k, '1');
    localStorage.setItem('user-language', 'pt');
    localStorage.setItem('user-multiple-currency', 'EUR');
    localStorage.setItem('mantine-color-scheme-value', 'light');
    sessionStorage.setItem('secux.somethingNew', 'x');

    const removed = clearWalletStorage();

    expect(removed.sort()).toEqual([...wallet, 'secux.somethingNew'].sort());
    for (const k of wallet) expect(localStorage.getItem(k)).toBeNull();
    expect(sessionStorage.getItem('secux.somethingNew')).toBeNull();
    expect(localStorage.getItem('user-language')).toBe('pt');
    expect(localStorage.getItem('user-multiple-currency')).toBe('EUR');
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('light');
  });

  it('names the keys the stores write today, identically', () => {
    expect(WALLET_STORAGE_KEYS.addedEvmChains).toBe('secux.evm.addedChains');
    expect(WALLET_STORAGE_KEYS.tokenTutorialHidden).toBe('secux.evm.tokenTutorialHidden');
    expect(WALLET_STORAGE_KEYS.authorized).toBe('authorized');
    expect(tokenSettingsKey(56, '0xABCdef')).toBe('secux.evm.tokens.56.0xabcdef');
    for (const k of Object.values(WALLET_STORAGE_KEYS)) expect(isWalletStorageKey(k)).toBe(true);
    expect(isWalletStorageKey('user-language')).toBe(false);
    expect(isWalletStorageKey('user-multiple-currency')).toBe(false);
  });

  it('runs the in-memory reset hooks after clearing the storage', () => {
    localStorage.setItem('secux.evm.addedChains', '[]');
    const seen: (string | null)[] = [];
    const off = onWalletReset(() => seen.push(localStorage.getItem('secux.evm.addedChains')));
    const failing = onWalletReset(() => {
      throw new Error('boom');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resetWalletData()).toEqual(['secux.evm.addedChains']);
    expect(seen).toEqual([null]);
    off();
    failing();
    resetWalletData();
    expect(seen).toHaveLength(1);
    warn.mockRestore();
  });
});
