/** The EVM facade's NFT listing: the holdings grouped by collection, one page of them with their metadata. */
import { ChainApiError, having } from '@secux-companion/server-kit/failover';
import type { NftHolding, NftSchema } from '../backend.js';
import { evmBounds } from '../bounds.js';
import {
  NFT_COLLECTIONS_PAGE,
  NFT_PAGE,
  nftKey,
  nftLinks,
  type NftAssetEntry,
  type NftCollectionEntry,
  type NftPage,
} from '../nfts.js';
import type { EvmContext } from './context.js';

type Group = { contract: string; schemaName: NftSchema; items: NftHolding[] };

/** The holdings by collection (contract, lower case), sorted by contract. */
function groupsOf(held: readonly NftHolding[]): [string, Group][] {
  const groups = new Map<string, Group>();
  for (const h of held) {
    const k = h.contract.toLowerCase();
    const g = groups.get(k) ?? { contract: h.contract, schemaName: h.schemaName, items: [] };
    g.items.push(h);
    groups.set(k, g);
  }
  return [...groups.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/** The shown collections with their names (metadata read for them only), by name; unnamed ones last. */
async function collectionsOf(c: EvmContext, shown: [string, Group][]): Promise<NftCollectionEntry[]> {
  const colInfo = shown.length
    ? (
        await c.run('getNftInfo', 'NFT metadata', (p, s) =>
          p.getNftInfo({ collections: shown.map(([, g]) => g), tokens: [] }, s),
        )
      ).value.collections
    : {};
  return (
    shown
      .map(([k, g]) => {
        const i = colInfo[k];
        return {
          slug: k,
          collectionName: i?.name || `${g.contract.slice(0, 6)}…${g.contract.slice(-4)}`,
          contract: g.contract,
          schemaName: g.schemaName,
          ...(i?.symbol ? { symbol: i.symbol } : {}),
          ...(i?.description ? { collectionDesc: i.description } : {}),
          count: g.items.length,
        };
      })
      // by name; collections without a name (shortened contract) last
      .sort(
        (a, b) =>
          Number(!colInfo[a.slug]?.name) - Number(!colInfo[b.slug]?.name) ||
          a.collectionName.localeCompare(b.collectionName) ||
          (a.slug < b.slug ? -1 : 1),
      )
  );
}

/** One page's NFTs with their metadata (read for the page only). */
async function pageEntries(
  c: EvmContext,
  pageItems: { h: NftHolding; c: NftCollectionEntry }[],
): Promise<NftAssetEntry[]> {
  const tokInfo = pageItems.length
    ? (
        await c.run('getNftInfo', 'NFT metadata', (p, s) =>
          p.getNftInfo({ collections: [], tokens: pageItems.map((x) => x.h) }, s),
        )
      ).value.tokens
    : {};
  return pageItems.map(({ h, c: col }) => {
    const t = tokInfo[nftKey(h.contract, h.tokenId)];
    return {
      contract: h.contract,
      tokenId: h.tokenId,
      schemaName: h.schemaName,
      name: t?.name || `${col.collectionName} #${h.tokenId}`,
      collectionName: col.collectionName,
      slug: col.slug,
      ...(col.collectionDesc ? { collectionDesc: col.collectionDesc } : {}),
      ...(t?.imageUrl ? { imageUrl: t.imageUrl } : {}),
      traits: t?.traits ?? [],
      balance: h.balance,
      ...nftLinks(c.cfg.chainId, h.contract, h.tokenId),
    };
  });
}

/**
 * NFTs held by the address: the collections (up to 300, or only `collection`) and page `page` of the NFTs
 * (50 per page; all collections or one), spec 01 §9. Metadata is read for the page only.
 */
export async function nfts(
  c: EvmContext,
  address: string,
  q: { collection?: string; page: number },
): Promise<NftPage> {
  const chain = c.cfg.chain;
  if (!having(await c.providers(), 'getNftHoldings').length)
    throw new ChainApiError(404, 'not_found', `NFT listing is not available on ${chain}`, { chain });
  const held = await c.run('getNftHoldings', 'NFTs', (p, s) => p.getNftHoldings(address, s), evmBounds.nfts, {
    cls: 'history',
  });
  const all = groupsOf(held.value);
  const groups = new Map(all);
  const wanted = q.collection?.toLowerCase();
  const shown = (wanted ? all.filter(([k]) => k === wanted) : all).slice(0, NFT_COLLECTIONS_PAGE);
  const collections = await collectionsOf(c, shown);
  const items = collections.flatMap((col) =>
    [...groups.get(col.slug)!.items]
      .sort((a, b) => {
        const d = BigInt(a.tokenId) - BigInt(b.tokenId);
        return d < 0n ? -1 : d > 0n ? 1 : 0;
      })
      .map((h) => ({ h, c: col })),
  );
  const start = (q.page - 1) * NFT_PAGE;
  const nftList = await pageEntries(c, items.slice(start, start + NFT_PAGE));
  return {
    chain,
    address,
    collections,
    collectionsTotal: wanted ? collections.length : all.length,
    nfts: nftList,
    page: q.page,
    pageSize: NFT_PAGE,
    total: items.length,
    hasMore: start + NFT_PAGE < items.length,
    provider: held.provider,
  };
}
