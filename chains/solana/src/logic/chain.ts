/**
 * The Solana chain as the web app uses it: the adapter over OUR product API (/api/chains/SOL/…). The network layer
 * stays private to logic/; callers get the adapter only.
 */
import { createSolanaProductApiBackend, type SolanaProductApiOptions } from '../network/productApi';
import { createSolanaChain, type SolanaAdapter } from './adapter';

export type SolanaChainOptions = SolanaProductApiOptions;

export function createSolanaProductApiChain(options: SolanaChainOptions = {}): SolanaAdapter {
  return createSolanaChain(createSolanaProductApiBackend(options));
}

export { SolanaNetworkError } from '../network/productApi';
