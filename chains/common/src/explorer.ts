import { explorerAddressUrl, explorerTxUrl, type ChainSymbol } from '@secux-companion/core';
import type { ExplorerLinks } from './adapter';

/** Explorer links from core's chain registry. */
export function explorerLinks(chain: ChainSymbol): ExplorerLinks {
  return {
    tx: (hash) => explorerTxUrl(chain, hash),
    address: (address) => explorerAddressUrl(chain, address),
  };
}
