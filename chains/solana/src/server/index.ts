/** The Solana family: SOL with SPL and Token-2022 tokens, its chain from the configuration and its own endpoints. */
import type { Family } from '@secux-companion/server-kit/facade';
import { SOL_SYMBOLS, SolGlobalEnv, SolPerChainEnv, solanaChains } from './config.js';
import { SolanaFacade } from './facade.js';
import { solanaRoutes } from './routes.js';

export const solanaFamily: Family<SolanaFacade, 'solana'> = {
  id: 'solana',
  env: { global: SolGlobalEnv, perChain: SolPerChainEnv, symbols: SOL_SYMBOLS },
  chains: solanaChains,
  settings: (_chain, local) => ['CHAIN_SOL_RPC', ...(local ? ['LOCAL_SOLANA_RPC_URL'] : [])],
  routes: solanaRoutes,
  owns: (f): f is SolanaFacade => f instanceof SolanaFacade,
  notMine: (chain) => `Not a Solana chain: ${chain}`,
};

/** The family's server side, as the server's composition root loads it from the manifest. */
export { solanaFamily as family };
