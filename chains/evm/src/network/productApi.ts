/**
 * EvmBackend over OUR product API (/api/chains/{chain}/…; apps/server/src/chains/routes.ts). The browser
 * never calls a third-party chain service for a native chain or a registry chain: the server holds the
 * providers, keys, failover and cache. Raw answer shapes stay in network/; logic/ sees domain types only.
 *
 * Server chain ids: 'ETH', 'TETH', 'BSC', 'TBSC', 'XDC', 'HME', and 'EVM-<chainId>' for a registry chain.
 * The routes used are listed in {@link ROUTES} and in chains/evm/API.md (with what is still missing). The calls
 * are one module per group in productApi/ (account and history, fees, simulation, tokens, NFTs, approvals).
 */
import { accountCalls } from './productApi/account';
import { approvalCalls } from './productApi/approvals';
import { productApiClient, type EvmProductApiBackend, type EvmProductApiOptions } from './productApi/client';
import { feeCalls } from './productApi/fees';
import { nftCalls } from './productApi/nfts';
import { simulationCalls } from './productApi/simulation';
import { tokenCalls } from './productApi/tokens';

export { APPROVALS_MAX, parseApprovals } from './productApi/approvals';
export type { EvmProductApiBackend, EvmProductApiOptions } from './productApi/client';
export { NFT_MAX_PAGES, parseServerNft } from './productApi/nfts';
export { ROUTES, serverChainId } from './productApi/routes';
export { parseEvmSimulation } from './productApi/simulation';
export { parseTokenListAnswer } from './productApi/tokens';

export function createEvmProductApiBackend(options: EvmProductApiOptions): EvmProductApiBackend {
  const c = productApiClient(options);
  return {
    chain: c.chain,
    ...accountCalls(c),
    ...feeCalls(c),
    ...simulationCalls(c),
    ...tokenCalls(c),
    ...nftCalls(c),
    ...approvalCalls(c),
  };
}
