/** The FIO family: FIO and TFIO from the configuration and the name-service endpoints (`/fio/*`). */
import type { Family } from '@secux-companion/server-kit/facade';
import { FIO_SYMBOLS, FioGlobalEnv, FioPerChainEnv, fioChains } from './config.js';
import { FioFacade } from './facade.js';
import { fioRoutes } from './routes.js';

export const fioFamily: Family<FioFacade, 'fio'> = {
  id: 'fio',
  env: { global: FioGlobalEnv, perChain: FioPerChainEnv, symbols: FIO_SYMBOLS },
  chains: fioChains,
  settings: (chain, local) => [`CHAIN_${chain}_NODES`, ...(local ? ['LOCAL_FIO_API_URL'] : [])],
  routes: fioRoutes,
  owns: (f): f is FioFacade => f instanceof FioFacade,
  notMine: (chain) => `Not a FIO chain: ${chain}`,
};

/** The family's server side, as the server's composition root loads it from the manifest. */
export { fioFamily as family };
