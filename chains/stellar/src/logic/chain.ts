/**
 * The Stellar chain as the web app uses it: the adapter over OUR product API (/api/chains/XLM/…). The network layer
 * stays private to logic/; callers get the adapter only.
 */
import { createStellarProductApiBackend, type StellarProductApiOptions } from '../network/productApi';
import { createStellarChain, type StellarAdapter } from './adapter';

export type StellarChainOptions = StellarProductApiOptions;

export function createStellarProductApiChain(options: StellarChainOptions = {}): StellarAdapter {
  return createStellarChain(createStellarProductApiBackend(options));
}

export { StellarNetworkError } from '../network/productApi';
