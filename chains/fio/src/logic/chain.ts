/** The FIO chain as the web app uses it: the adapter over OUR product API. network/ stays private to logic/. */
import { createFioProductApiBackend, type FioProductApiOptions } from '../network/productApi';
import { createFioChain, type FioAdapter } from './adapter';
import type { FioBackend } from './backend';

export function createFioProductApiChain(
  options: FioProductApiOptions & { chain?: 'FIO' | 'TFIO'; tpid?: string } = {},
): FioAdapter {
  return createFioChain(options.chain ?? 'FIO', createFioProductApiBackend(options), {
    ...(options.tpid !== undefined ? { tpid: options.tpid } : {}),
  });
}

/** The name-service reads of the Domain page and the send forms' handle resolution, over the product API. */
export function createFioProductApiReader(options: FioProductApiOptions = {}): FioBackend {
  return createFioProductApiBackend(options);
}

export { FioNetworkError } from '../network/productApi';
export type { FioProductApiOptions } from '../network/productApi';
