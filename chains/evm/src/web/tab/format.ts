import type { EvmChain } from '../chains';
import { amountText } from '@secux-companion/web-kit/lib/format';

/** A coin amount of the chain with its symbol (core's display digits: 9 for ETH and BSC, 8 elsewhere). */
export function evmCoinText(value: bigint, chain: Pick<EvmChain, 'unit'>): string {
  return amountText(value, chain.unit);
}

/** Only https and data URLs are shown as images. */
export function safeImageUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  return /^(https:\/\/|data:image\/)/i.test(url.trim()) ? url.trim() : undefined;
}
