/**
 * The BNB Beacon Chain as the web app uses it: the read-only adapter over OUR product API (/api/chains/BNB/…). The
 * network layer stays private to logic/; callers get the adapter only.
 */
import { createBnbProductApiBackend, type BnbProductApiOptions } from '../network/productApi';
import { createBnbChain, type BnbAdapter } from './adapter';

export type BnbChainOptions = BnbProductApiOptions;

export function createBnbProductApiChain(options: BnbChainOptions = {}): BnbAdapter {
  return createBnbChain(createBnbProductApiBackend(options));
}

export { BnbNetworkError } from '../network/productApi';
