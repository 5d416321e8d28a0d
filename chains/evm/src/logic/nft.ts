/**
 * NFTs on ETH, TETH and XDC (spec 01 §2 "NFTs", §3 "NFT collection / NFT asset"; spec 02 §7 XDC's NFT calls):
 * collections shown as an accordion of asset cards; the asset modal has Properties (traits) and Details, a marketplace
 * link and a block-explorer link; an empty list shows info-06; a failed load the collections-error text.
 */
import { CHAINS, type ChainSymbol } from '@secux-companion/core';
import type { NftStandard } from './tx';

/** NFT page sizes (spec 01 §9): collections 300, NFTs 50. */
export const NFT_COLLECTIONS_PAGE = 300;
export const NFT_ASSETS_PAGE = 50;

export interface NftTrait {
  traitType: string;
  value: string;
}

export interface NftAsset {
  contract: string;
  tokenId: bigint;
  schemaName: NftStandard;
  name: string;
  collectionName: string;
  slug: string;
  collectionDesc?: string;
  imageUrl?: string;
  traits: NftTrait[];
  /** ERC-1155: how many the account holds. */
  balance?: bigint;
}

export interface NftCollection {
  slug: string;
  collectionName: string;
  assets: NftAsset[];
}

/** The NFT tab: ETH and TETH (spec 01 §2) and XDC (spec 02 §7 lists its NFT collections and NFTs by owner). */
export function hasNftTab(chain: ChainSymbol): boolean {
  return CHAINS[chain].nft;
}

/** Groups assets into collections (by slug, else contract), in first-seen order. */
export function groupNftCollections(assets: readonly NftAsset[]): NftCollection[] {
  const map = new Map<string, NftCollection>();
  for (const a of assets) {
    const key = (a.slug || a.contract).toLowerCase();
    let c = map.get(key);
    if (!c) {
      c = {
        slug: a.slug || a.contract.toLowerCase(),
        collectionName: a.collectionName || a.slug || a.contract,
        assets: [],
      };
      map.set(key, c);
    }
    c.assets.push(a);
  }
  return [...map.values()];
}

/** What the NFT tab shows: the list, info-06 when empty, or the collections-error text. */
export function nftTabState(
  result: { ok: true; collections: readonly NftCollection[] } | { ok: false },
): 'list' | 'info-06' | 'collectionsError' {
  if (!result.ok) return 'collectionsError';
  return result.collections.some((c) => c.assets.length > 0) ? 'list' : 'info-06';
}

/** Marketplace page of an asset (OpenSea; testnets on its testnet site). */
export function marketplaceLink(
  chain: ChainSymbol,
  contract: string,
  tokenId: bigint | string,
): string | undefined {
  if (chain === 'ETH') return `https://opensea.io/assets/ethereum/${contract}/${String(tokenId)}`;
  if (chain === 'TETH') return `https://testnets.opensea.io/assets/sepolia/${contract}/${String(tokenId)}`;
  return undefined;
}

/** Asset modal tabs: Properties when the asset has traits, always Details. */
export function nftModalTabs(asset: Pick<NftAsset, 'traits'>): ('Properties' | 'Details')[] {
  return asset.traits.length ? ['Properties', 'Details'] : ['Details'];
}
