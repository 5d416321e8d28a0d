/** The Stellar family: its chain from the configuration and its own endpoint (`/network`). */
import type { Family } from '@secux-companion/server-kit/facade';
import { STELLAR_SYMBOLS, StellarGlobalEnv, StellarPerChainEnv, stellarChains } from './config.js';
import { StellarFacade } from './facade.js';
import { stellarRoutes } from './routes.js';

export const stellarFamily: Family<StellarFacade, 'stellar'> = {
  id: 'stellar',
  env: { global: StellarGlobalEnv, perChain: StellarPerChainEnv, symbols: STELLAR_SYMBOLS },
  chains: stellarChains,
  settings: (_chain, local) => ['CHAIN_XLM_HORIZON', ...(local ? ['LOCAL_STELLAR_HORIZON_URL'] : [])],
  routes: stellarRoutes,
  owns: (f): f is StellarFacade => f instanceof StellarFacade,
  notMine: (chain) => `Not a Stellar chain: ${chain}`,
};

/** The family's server side, as the server's composition root loads it from the manifest. */
export { stellarFamily as family };
