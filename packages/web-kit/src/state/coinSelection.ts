import type { ChainSymbol } from '@secux-companion/core';
import { createStore, useStore } from './store';

/**
 * The coin chosen in the home page's coin menu (spec 01 §4 "Selecting a coin"). The account
 * screens read it to recover that coin's accounts from the device.
 */
export const coinSelection = createStore<{ coin: ChainSymbol | null }>({ coin: null });

export function useSelectedCoin(): ChainSymbol | null {
  return useStore(coinSelection, (s) => s.coin);
}
