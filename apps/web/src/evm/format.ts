import { formatUnits, toFiat } from '@secux-companion/core';
import type { EvmChain } from '../chains/evm';

/** Display digits of EVM coins (9 for ETH and BSC). */
export const EVM_DISPLAY_DIGITS = 9;

export function evmCoinText(value: bigint, chain: EvmChain): string {
  return `${formatUnits(value, chain.spec.decimals, { maxDigits: EVM_DISPLAY_DIGITS })} ${chain.spec.coin}`;
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
