import type { ChainSymbol } from '@secux-companion/core';

/** Coins of the EVM family with their own account screens (src/evm). */
export const EVM_NATIVE_COINS: readonly ChainSymbol[] = ['ETH', 'TETH', 'BSC', 'TBSC', 'XDC', 'HME'];
