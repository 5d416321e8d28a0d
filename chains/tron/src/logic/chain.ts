/**
 * The TRON chain as the web app uses it: the adapter over OUR product API (/api/chains/TRX/…). The network layer stays
 * private to logic/; callers get the adapter only.
 */
import { createTronProductApiBackend, type TronProductApiOptions } from '../network/productApi';
import { createTronChain, type TronAdapter } from './adapter';

export type TronChainOptions = TronProductApiOptions;

export function createTronProductApiChain(options: TronChainOptions = {}): TronAdapter {
  return createTronChain(createTronProductApiBackend(options));
}

export { TronNetworkError } from '../network/productApi';
