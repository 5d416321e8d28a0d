/**
 * The XRP chain as the web app uses it: the adapter over OUR product API (/api/chains/XRP/…). The network layer stays
 * private to logic/; callers get the adapter only.
 */
import { createXrpProductApiBackend, type XrpProductApiOptions } from '../network/productApi';
import { createXrpChain, type XrpAdapter } from './adapter';

export type XrpChainOptions = XrpProductApiOptions;

export function createXrpProductApiChain(options: XrpChainOptions = {}): XrpAdapter {
  return createXrpChain(createXrpProductApiBackend(options));
}

export { XrpNetworkError } from '../network/productApi';
