/**
 * Everything the app keeps in this browser about the wallet, in one list (issue 18 item 1).
 * Settings → Reset removes all of it and keeps only the language and the display currency, so a store that
 * keeps something new adds its key here (or names it under {@link WALLET_KEY_PREFIX}) and Reset cannot miss it.
 * Nothing on the device is touched: the accounts are read from the device again when a screen needs them.
 */
import { ACCOUNTS_STORAGE_KEY, CURRENCY_STORAGE_KEY } from '@secux-companion/core';
import { LANGUAGE_STORAGE_KEY } from '../i18n/language';

/** Every wallet key of this app starts with this (the token-settings keys are one per chain and address). */
export const WALLET_KEY_PREFIX = 'secux.';

/** The wallet's local-storage keys. */
export const WALLET_STORAGE_KEYS = {
  /** EVM chains the user added, with their accounts (evmChains/addedChains). */
  addedEvmChains: 'secux.evm.addedChains',
  /** The token tutorial overlay was dismissed for good (evm/TokensTab). */
  tokenTutorialHidden: 'secux.evm.tokenTutorialHidden',
  /** The address book: saved recipients with their labels, per chain (addressBook/book). */
  addressBook: 'secux.addressBook',
  /** Transaction and address labels, BIP-329 records (labels/labels). */
  labels: 'secux.labels',
  /** What the wallet hides: coins, dust, unverified tokens (state/preferences). */
  preferences: 'secux.preferences',
  /** The welcome modal was accepted with Continue (screens/Welcome). */
  authorized: 'authorized',
  /** The accounts key the spec removes on reset (spec 01 §3); the app itself keeps accounts on the device. */
  accounts: ACCOUNTS_STORAGE_KEY,
} as const;

/** Known and enabled tokens of one EVM account (evm/tokens). */
export function tokenSettingsKey(chainId: number, address: string): string {
  return `${WALLET_KEY_PREFIX}evm.tokens.${chainId}.${address.toLowerCase()}`;
}

/** What Reset keeps: the interface language and the display currency. */
export const KEPT_STORAGE_KEYS: readonly string[] = [LANGUAGE_STORAGE_KEY, CURRENCY_STORAGE_KEY];

const LISTED: ReadonlySet<string> = new Set(Object.values(WALLET_STORAGE_KEYS));

/** Whether `key` holds wallet data (and so goes on reset). */
export function isWalletStorageKey(key: string): boolean {
  if (KEPT_STORAGE_KEYS.includes(key)) return false;
  return LISTED.has(key) || key.startsWith(WALLET_KEY_PREFIX);
}

type KeyedStorage = Pick<Storage, 'length' | 'key' | 'removeItem'>;

function clearFrom(storage: KeyedStorage | undefined): string[] {
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k !== null && isWalletStorageKey(k)) keys.push(k);
  }
  for (const k of keys) storage.removeItem(k);
  return keys;
}

function storageOf(name: 'localStorage' | 'sessionStorage'): KeyedStorage | undefined {
  try {
    return globalThis[name];
  } catch {
    return undefined; // storage blocked: nothing was kept either
  }
}

/** Removes every wallet key from local and session storage; returns the keys removed. */
export function clearWalletStorage(
  stores: readonly (KeyedStorage | undefined)[] = [storageOf('localStorage'), storageOf('sessionStorage')],
): string[] {
  return stores.flatMap((s) => clearFrom(s));
}

const resetHooks = new Set<() => void>();

/**
 * A store that holds wallet data in memory registers how to forget it; Reset runs every hook after the
 * storage is cleared. Returns the unregister function.
 */
export function onWalletReset(hook: () => void): () => void {
  resetHooks.add(hook);
  return () => resetHooks.delete(hook);
}

/** Clears the stored wallet data and every registered in-memory copy; returns the storage keys removed. */
export function resetWalletData(): string[] {
  const removed = clearWalletStorage();
  for (const hook of resetHooks) {
    try {
      hook();
    } catch (e) {
      console.warn('a wallet reset hook failed', e);
    }
  }
  return removed;
}
