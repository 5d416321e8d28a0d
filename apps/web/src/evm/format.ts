import { toFiat } from '@secux-companion/core';
import type { EvmChain } from '../chains/evm';
import { amountText } from '../accounts/format';

/** A coin amount of the chain with its symbol (core's display digits: 9 for ETH and BSC, 8 elsewhere). */
export function evmCoinText(value: bigint, chain: Pick<EvmChain, 'unit'>): string {
  return amountText(value, chain.unit);
}

export function evmFiatText(value: bigint, decimals: number, price: string | null | undefined, digits?: number): string | null {
  if (!price) return null;
  try {
    return toFiat(value, decimals, price, digits ? { digits } : {});
  } catch {
    return null;
  }
}

/** Only https and data URLs are shown as images. */
export function safeImageUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  return /^(https:\/\/|data:image\/)/i.test(url.trim()) ? url.trim() : undefined;
}
