/**
 * What the user chose to hide (issue 33), kept in this browser under the wallet's storage prefix:
 * - coins hidden from the coin menu and from discovery at connect ({@link hiddenCoins}: the discovery reads it too);
 * - dust: tokens whose value in the display currency is known and below the user's threshold;
 * - unverified tokens: names that are the token's own words, not a known list's (anyone can call a token "USDC").
 * One shared rule ({@link tokenHiddenBy}) is read wherever tokens are listed; a hidden token is counted and can be
 * shown again there, so hiding never loses one.
 */
import { CHAIN_SYMBOLS, tryParseUnits, unitsToDecimal, type ChainSymbol } from '@secux-companion/core';
import { createStore, useStore } from './store';
import { onWalletReset, WALLET_STORAGE_KEYS } from './walletStorage';

export interface Preferences {
  /** Coins left out of the coin menu and of discovery at connect. */
  hiddenCoins: readonly ChainSymbol[];
  /**
   * Tokens worth less than this in the display currency (decimal text) are hidden; null: dust is shown. A token
   * whose price is unknown is never dust (its value is missing, not zero).
   */
  hideDust: string | null;
  /** Tokens whose names are unverified are hidden. */
  hideUnverified: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = { hiddenCoins: [], hideDust: null, hideUnverified: false };

/** Largest dust threshold accepted (in any display currency). */
export const DUST_THRESHOLD_MAX = 1_000_000;
const DUST_TEXT = /^\d{1,7}(\.\d{1,8})?$/;

/** A threshold as typed (decimal text, '.' or ',' as the separator), or null when it is not one. */
export function parseDustThreshold(text: string): string | null {
  const t = text.trim().replace(',', '.');
  if (!DUST_TEXT.test(t)) return null;
  const units = tryParseUnits(t, 8);
  if (units === null || units <= 0n || units > BigInt(DUST_THRESHOLD_MAX) * 10n ** 8n) return null;
  return t;
}

function read(value: unknown): Preferences {
  if (!value || typeof value !== 'object') return DEFAULT_PREFERENCES;
  const v = value as Record<string, unknown>;
  const coins = Array.isArray(v.hiddenCoins)
    ? [...new Set(v.hiddenCoins.filter((c): c is ChainSymbol => CHAIN_SYMBOLS.includes(c as ChainSymbol)))]
    : [];
  return {
    hiddenCoins: coins,
    hideDust: typeof v.hideDust === 'string' ? parseDustThreshold(v.hideDust) : null,
    hideUnverified: v.hideUnverified === true,
  };
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function load(): Preferences {
  try {
    const raw = storage()?.getItem(WALLET_STORAGE_KEYS.preferences);
    return raw ? read(JSON.parse(raw)) : DEFAULT_PREFERENCES;
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export const preferencesStore = createStore<Preferences>(load());

onWalletReset(() => preferencesStore.set(DEFAULT_PREFERENCES));

export function setPreferences(patch: Partial<Preferences>): void {
  const next = read({ ...preferencesStore.get(), ...patch });
  preferencesStore.set(next);
  try {
    storage()?.setItem(WALLET_STORAGE_KEYS.preferences, JSON.stringify(next));
  } catch {
    // Storage blocked: the choice lasts this page.
  }
}

/** The coins the user hid: left out of the coin menu and of discovery at connect. */
export function hiddenCoins(): readonly ChainSymbol[] {
  return preferencesStore.get().hiddenCoins;
}

export function setCoinHidden(coin: ChainSymbol, hidden: boolean): void {
  const rest = hiddenCoins().filter((c) => c !== coin);
  setPreferences({ hiddenCoins: hidden ? [...rest, coin] : rest });
}

export function useHiddenCoins(): readonly ChainSymbol[] {
  return useStore(preferencesStore, (s) => s.hiddenCoins);
}

export function usePreferences(): Preferences {
  return useStore(preferencesStore, (s) => s);
}

/** The coin menu without the hidden coins (the menu's own order kept). */
export function visibleCoins<C extends string>(menu: readonly C[], hidden: readonly string[]): C[] {
  return menu.filter((c) => !hidden.includes(c));
}

/** A listed token as the rule reads it. */
export interface TokenForRule {
  balance: bigint;
  decimals: number;
  unverified?: boolean | undefined;
}

/**
 * Why a token is hidden by the preferences ('dust', 'unverified'), or null when it is shown. Dust needs a known
 * price: value = balance × price below the threshold (a zero balance is worth zero whatever the price).
 */
export function tokenHiddenBy(
  token: TokenForRule,
  price: string | null | undefined,
  prefs: Pick<Preferences, 'hideDust' | 'hideUnverified'>,
): 'dust' | 'unverified' | null {
  if (prefs.hideUnverified && token.unverified) return 'unverified';
  if (prefs.hideDust === null) return null;
  if (token.balance === 0n) return 'dust';
  if (!price) return null;
  try {
    return unitsToDecimal(token.balance, token.decimals).mul(price).lessThan(prefs.hideDust) ? 'dust' : null;
  } catch {
    return null;
  }
}

/** Tests: the preferences as stored now. */
export function reloadPreferencesForTests(): void {
  preferencesStore.set(load());
}
