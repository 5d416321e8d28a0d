/** The XRP Ledger family: its chain from the configuration and its own endpoint (`/ledger`). */
import type { Family } from '@secux-companion/server-kit/facade';
import { XRP_SYMBOLS, XrpGlobalEnv, XrpPerChainEnv, xrpChains } from './config.js';
import { XrpFacade } from './facade.js';
import { xrpRoutes } from './routes.js';

export const xrpFamily: Family<XrpFacade, 'xrp'> = {
  id: 'xrp',
  env: { global: XrpGlobalEnv, perChain: XrpPerChainEnv, symbols: XRP_SYMBOLS },
  chains: xrpChains,
  settings: (_chain, local) => ['CHAIN_XRP_RIPPLED', ...(local ? ['LOCAL_XRPL_RPC_URL'] : [])],
  routes: xrpRoutes,
  owns: (f): f is XrpFacade => f instanceof XrpFacade,
  notMine: (chain) => `Not an XRP Ledger chain: ${chain}`,
};

/** The family's server side, as the server's composition root loads it from the manifest. */
export { xrpFamily as family };
