/** What every TRON operation shares: the network and the chain's constants. */
import { CHAINS } from '@secux-companion/core';
import type { TronBackend } from '../types';

export const TRX_DECIMALS = CHAINS.TRX.decimals;

export interface TronContext {
  backend: TronBackend;
  chain: 'TRX';
  coinType: number;
}

export function createTronContext(backend: TronBackend): TronContext {
  return { backend, chain: 'TRX', coinType: CHAINS.TRX.coinType };
}
