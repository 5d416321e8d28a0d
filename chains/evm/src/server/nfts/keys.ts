/** NFT page sizes, the transfer event topics and the key of one token. */
import { toEventSelector } from 'viem';

/** Spec 01 §9: collections 300 per page, NFTs 50 per page. */
export const NFT_COLLECTIONS_PAGE = 300;
export const NFT_PAGE = 50;
/** Distinct (contract, id) pairs a node log search checks at most. */
export const NFT_MAX_CANDIDATES = 5000;

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const TRANSFER_SINGLE_TOPIC = toEventSelector(
  'TransferSingle(address,address,address,uint256,uint256)',
);
export const TRANSFER_BATCH_TOPIC = toEventSelector(
  'TransferBatch(address,address,address,uint256[],uint256[])',
);

export const nftKey = (contract: string, tokenId: string) => `${contract.toLowerCase()}:${tokenId}`;
