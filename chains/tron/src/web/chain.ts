/**
 * The TRON chain as the web app keeps it: chain-tron's adapter over the product API, the display unit (6 digits,
 * core's table), and whether the server serves it from the local simulator (then there is no public explorer to link).
 */
import { CHAINS } from '@secux-companion/core';
import { createTronProductApiChain, type TronAdapter } from '@secux-companion/chain-tron';
import type { FamilyChain } from '@secux-companion/web-kit/family/types';
import { servedLocally } from '@secux-companion/web-kit/family/served';

export interface TronChain extends FamilyChain {
  adapter: TronAdapter;
}

let cached: Promise<TronChain> | null = null;

export function getTronChain(): Promise<TronChain> {
  const pending = (cached ??= servedLocally('TRX').then((local) => ({
    adapter: createTronProductApiChain(),
    unit: { symbol: 'TRX', decimals: CHAINS.TRX.decimals, digits: CHAINS.TRX.displayDigits },
    local,
  })));
  pending.catch(() => {
    if (cached === pending) cached = null; // retried on the next use
  });
  return pending;
}
