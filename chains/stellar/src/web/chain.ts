/**
 * The Stellar chain as the web app keeps it: chain-stellar's adapter over the product API, the display unit (7 digits,
 * core's table), and whether the server serves it from the local Horizon simulator (then there is no public explorer
 * to link).
 */
import { CHAINS } from '@secux-companion/core';
import { createStellarProductApiChain, type StellarAdapter } from '@secux-companion/chain-stellar';
import type { FamilyChain } from '@secux-companion/web-kit/family/types';
import { servedLocally } from '@secux-companion/web-kit/family/served';

export interface StellarChain extends FamilyChain {
  adapter: StellarAdapter;
}

let cached: Promise<StellarChain> | null = null;

export function getStellarChain(): Promise<StellarChain> {
  const pending = (cached ??= servedLocally('XLM').then((local) => ({
    adapter: createStellarProductApiChain(),
    unit: { symbol: 'XLM', decimals: CHAINS.XLM.decimals, digits: CHAINS.XLM.displayDigits },
    local,
  })));
  pending.catch(() => {
    if (cached === pending) cached = null; // retried on the next use
  });
  return pending;
}
