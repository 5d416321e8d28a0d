/** The options of a plain EVM node's scanner. */
import type { FetchFn } from '@secux-companion/server-kit/failover';

export interface EvmBlockScanOptions {
  name: string;
  url: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** Blocks per range (one getBlock batch + one getLogs pair). Default 100. */
  step?: number;
  /** Blocks scanned at most per page. Default 5000. */
  maxBlocksPerPage?: number;
  /** Depth at which blocks are cached. Default 6. */
  confirmations?: number;
  /** Blocks searched back for token discovery. Default 200000. */
  tokenScanBlocks?: number;
  /**
   * First block searched for NFT transfers: a number (0 = the whole chain, the local chain), or undefined = the
   * last `tokenScanBlocks` blocks.
   */
  nftFromBlock?: number;
  /** Blocks per eth_getLogs range of the NFT search. Default 50000. */
  nftLogStep?: number;
  /** Expected chain id (eth_chainId checked on the first call, every 10 minutes and after a failure). */
  chainId?: number;
  /** Blocks kept in memory (LRU). Default 20000. */
  cacheBlocks?: number;
}
