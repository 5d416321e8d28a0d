/** What every Stellar operation shares: the network and the chain's asset. */
import { CHAINS } from '@secux-companion/core';
import type { StellarBackend } from '../types';

export interface StellarContext {
  backend: StellarBackend;
  chain: 'XLM';
  asset: { symbol: string; decimals: number };
}

export function createStellarContext(backend: StellarBackend): StellarContext {
  return { backend, chain: 'XLM', asset: { symbol: 'XLM', decimals: CHAINS.XLM.decimals } };
}
