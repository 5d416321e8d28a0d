/** The TRON family: TRX with its own endpoints (chain prices, current block, energy estimate, token lookup). */
import type { Family } from '@secux-companion/server-kit/facade';
import { TRON_SYMBOLS, TronGlobalEnv, TronPerChainEnv, tronChains } from './config.js';
import { TronFacade } from './facade.js';
import { tronRoutes } from './routes.js';

export const tronFamily: Family<TronFacade, 'tron'> = {
  id: 'tron',
  env: { global: TronGlobalEnv, perChain: TronPerChainEnv, symbols: TRON_SYMBOLS },
  chains: tronChains,
  // The full nodes and the index (both default to TronGrid on mainnet; `none` in either switches TRX off).
  settings: (_chain, local) => [
    'CHAIN_TRX_NODES',
    'CHAIN_TRX_INDEXERS',
    ...(local ? ['LOCAL_TRON_URL'] : []),
  ],
  routes: tronRoutes,
  owns: (f): f is TronFacade => f instanceof TronFacade,
  notMine: (chain) => `Not a TRON chain: ${chain}`,
};

/** The family's server side, as the server's composition root loads it from the manifest. */
export { tronFamily as family };
