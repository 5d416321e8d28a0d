/**
 * The Solana chain as the web app keeps it: chain-solana's adapter over the product API, the display unit (core's
 * table), and whether the server serves it from the localnet node (then there is no public explorer to link).
 */
import { CHAINS } from '@secux-companion/core';
import { createSolanaProductApiChain, type SolanaAdapter } from '@secux-companion/chain-solana';
import type { FamilyChain } from '@secux-companion/web-kit/family/types';
import { servedLocally } from '@secux-companion/web-kit/family/served';

export interface SolanaChain extends FamilyChain {
  adapter: SolanaAdapter;
}

let cached: Promise<SolanaChain> | null = null;

export function getSolanaChain(): Promise<SolanaChain> {
  const pending = (cached ??= servedLocally('SOL').then((local) => ({
    adapter: createSolanaProductApiChain(),
    unit: { symbol: 'SOL', decimals: CHAINS.SOL.decimals, digits: CHAINS.SOL.displayDigits },
    local,
  })));
  pending.catch(() => {
    if (cached === pending) cached = null;
  });
  return pending;
}
