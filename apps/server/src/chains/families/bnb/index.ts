/** The BNB Beacon Chain family (retired, read-only): its chain from the configuration, no extra endpoints. */
import type { Family } from '../../facade.js';
import { BNB_SYMBOLS, BnbGlobalEnv, BnbPerChainEnv, bnbChains } from './config.js';
import { BnbFacade } from './facade.js';

export const bnbFamily: Family<BnbFacade, 'bnb'> = {
  id: 'bnb',
  env: { global: BnbGlobalEnv, perChain: BnbPerChainEnv, symbols: BNB_SYMBOLS },
  chains: bnbChains,
  routes: [],
  owns: (f): f is BnbFacade => f instanceof BnbFacade,
  notMine: (chain) => `Not a BNB Beacon Chain chain: ${chain}`,
};
