/** What every XRP operation shares: the network and the chain's constants. */
import { CHAINS } from '@secux-companion/core';
import type { XrpBackend } from '../types';

export interface XrpContext {
  backend: XrpBackend;
  chain: 'XRP';
  coinType: number;
  decimals: number;
}

export function createXrpContext(backend: XrpBackend): XrpContext {
  return { backend, chain: 'XRP', coinType: CHAINS.XRP.coinType, decimals: CHAINS.XRP.decimals };
}
