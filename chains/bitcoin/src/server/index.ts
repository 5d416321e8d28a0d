/** The bitcoin family (BTC, LTC, BCH, …): its chains from the configuration and its own endpoints. */
import type { Family } from '@secux-companion/server-kit/facade';
import { UTXO_SYMBOLS, UtxoGlobalEnv, UtxoPerChainEnv, utxoChains } from './config.js';
import { UtxoFacade } from './facade.js';
import { utxoRoutes } from './routes.js';

export const utxoFamily: Family<UtxoFacade, 'bitcoin'> = {
  id: 'bitcoin',
  env: { global: UtxoGlobalEnv, perChain: UtxoPerChainEnv, symbols: UTXO_SYMBOLS },
  chains: utxoChains,
  // Either source serves a chain in either profile; the local profile's LTC also comes from localnet's litecoind.
  settings: (chain, local) => [
    `CHAIN_${chain}_BLOCKBOOK`,
    `CHAIN_${chain}_BITCOIN_RPC`,
    ...(local && chain === 'LTC' ? ['LOCAL_LTC_RPC_URL'] : []),
  ],
  routes: utxoRoutes,
  owns: (f): f is UtxoFacade => f instanceof UtxoFacade,
  notMine: (chain) => `Not Utxo base: ${chain}`,
};

/** The family's server side, as the server's composition root loads it from the manifest. */
export { utxoFamily as family };
