/** The EVM family (ETH, BSC, XDC, …, EVM-<chainId>): its chains from the configuration and its own endpoints. */
import type { Family } from '@secux-companion/server-kit/facade';
import { EVM_SYMBOLS, EvmGlobalEnv, EvmPerChainEnv, evmChains, evmResolver } from './config.js';
import { EvmFacade } from './facade.js';
import { registerEvmChainRoutes } from './evmChains/routes.js';
import { evmRoutes } from './routes.js';

export const evmFamily: Family<EvmFacade, 'evm'> = {
  id: 'evm',
  env: { global: EvmGlobalEnv, perChain: EvmPerChainEnv, symbols: EVM_SYMBOLS },
  chains: evmChains,
  // An RPC serves a chain (ETHERSCAN_API_KEY only adds the explorer); the local profile's ETH is localnet's node.
  settings: (chain, local) => [`CHAIN_${chain}_RPC`, ...(local && chain === 'ETH' ? ['LOCAL_EVM_RPC'] : [])],
  resolver: evmResolver,
  routes: evmRoutes,
  // The EVM chains area: the chains a user may add (/evm/chains, /evm/blacklist).
  register: (api, deps) => registerEvmChainRoutes(api, deps),
  owns: (f): f is EvmFacade => f instanceof EvmFacade,
  notMine: (chain) => `not an EVM chain: ${chain}`,
};

/** The family's server side, as the server's composition root loads it from the manifest. */
export { evmFamily as family };
