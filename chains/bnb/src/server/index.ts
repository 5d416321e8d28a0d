/** The BNB Beacon Chain family (retired, read-only): its chain from the configuration, no extra endpoints. */
import type { Family } from '@secux-companion/server-kit/facade';
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

/** The family's server side, as the server's composition root loads it from the manifest. */
export { bnbFamily as family };
