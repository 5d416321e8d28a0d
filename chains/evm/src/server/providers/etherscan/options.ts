import type { FetchFn } from '@secux-companion/server-kit/failover';

/** An Etherscan-compatible explorer's settings (a leaf: the provider's modules and its composer both read it). */
export interface EtherscanOptions {
  name: string;
  /** API URL: https://api.etherscan.io/v2/api (V2, with chainId), or a V1/Blockscout …/api URL. */
  url: string;
  /** `blockscout`: a Blockscout instance's /api (account module only, REST v2 NFTs); default `etherscan`. */
  dialect?: 'etherscan' | 'blockscout';
  /** Sent as `chainid` (Etherscan V2). */
  chainId?: number;
  apiKey?: string;
  fetch: FetchFn;
  timeoutMs: number;
  /** Token holdings page size (spec: 10000). */
  tokenPageSize?: number;
  /**
   * The chain it must serve: `proxy eth_chainId` is compared on the first call, every 10 minutes and after a
   * failure (an explorer without that proxy action cannot be checked and is taken as it is).
   */
  expectChainId?: number;
}
