/** The display currency the user chose in Settings (core's default when none or an unknown one is stored). */
import { CURRENCY_STORAGE_KEY, resolveCurrency, type Currency } from '@secux-companion/core';

export function selectedCurrency(): Currency {
  try {
    return resolveCurrency(localStorage.getItem(CURRENCY_STORAGE_KEY));
  } catch {
    return resolveCurrency(null);
  }
}
