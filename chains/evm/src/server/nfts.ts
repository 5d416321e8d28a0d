/**
 * NFTs (ERC-721 / ERC-1155) of an EVM address (spec 01 §2 NFTs, §3 NFT entities, §9 page sizes).
 *
 * - Holdings: a plain node answers from its logs (ERC-721 `Transfer` with the token id as 4th topic, ERC-1155
 *   `TransferSingle` / `TransferBatch` to the address), then checks each candidate now (`ownerOf` /
 *   `balanceOf(address,id)`); an explorer answers from its `tokennfttx` / `token1155tx` lists.
 * - Metadata: `name()` / `symbol()` / `contractURI()` per contract, `tokenURI(id)` / `uri(id)` per token. Only
 *   `data:` URIs are decoded (JSON, base64 or percent/utf8): the server never fetches a URL a contract names. Images
 *   are kept when they are `https://` or `data:image/…` (other schemes such as ipfs:// or http:// are dropped);
 *   traits come from `attributes`.
 *
 * The pieces live in ./nfts/: keys (page sizes, topics), metadata (pure), calls, logs (a node's holdings) and
 * infoReader (contract and token metadata).
 */
import type { NftSchema } from './backend.js';

export {
  NFT_COLLECTIONS_PAGE,
  NFT_MAX_CANDIDATES,
  NFT_PAGE,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
  nftKey,
} from './nfts/keys.js';
export {
  cleanText,
  dataUriText,
  decodeNftMetadata,
  expandIdTemplate,
  safeImageUrl,
} from './nfts/metadata.js';
export { nftCandidatesFromLogs, verifyNftHoldings } from './nfts/logs.js';
export { createNftInfoReader } from './nfts/infoReader.js';

/** Explorer links of the spec's NFT asset (permalink = marketplace, etherScanLink = explorer), by chain id. */
const EXPLORER_NFT: Record<number, string> = {
  1: 'https://etherscan.io/nft',
  11155111: 'https://sepolia.etherscan.io/nft',
  56: 'https://bscscan.com/nft',
  97: 'https://testnet.bscscan.com/nft',
};
const MARKET: Record<number, string> = {
  1: 'https://opensea.io/assets/ethereum',
  11155111: 'https://testnets.opensea.io/assets/sepolia',
};
export function nftLinks(chainId: number, contract: string, tokenId: string) {
  return {
    ...(MARKET[chainId] ? { permalink: `${MARKET[chainId]}/${contract}/${tokenId}` } : {}),
    ...(EXPLORER_NFT[chainId] ? { etherScanLink: `${EXPLORER_NFT[chainId]}/${contract}/${tokenId}` } : {}),
  };
}

// ---- the endpoint's answer ----

export interface NftCollectionEntry {
  /** The lowercase contract address (what `?collection=` takes). */
  slug: string;
  collectionName: string;
  contract: string;
  schemaName: NftSchema;
  symbol?: string;
  collectionDesc?: string;
  /** Tokens of this collection the address holds. */
  count: number;
}

export interface NftAssetEntry {
  contract: string;
  tokenId: string;
  schemaName: NftSchema;
  name: string;
  collectionName: string;
  slug: string;
  collectionDesc?: string;
  imageUrl?: string;
  traits: { traitType: string; value: string }[];
  balance: string;
  permalink?: string;
  etherScanLink?: string;
}

export interface NftPage {
  chain: string;
  address: string;
  collections: NftCollectionEntry[];
  collectionsTotal: number;
  nfts: NftAssetEntry[];
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
  provider: string;
}
