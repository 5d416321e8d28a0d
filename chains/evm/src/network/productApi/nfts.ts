/** The NFT call: every page of the server's NFTs of an address, each item checked. */
import type { NftAsset } from '../../logic/nft';
import { EvmNetworkError, arr, dec, obj, str } from '../http';
import type { EvmProductApiBackend, ProductApiClient } from './client';
import { ROUTES } from './routes';

/** Upper bound on NFT pages read (50 × 200 = 10 000 NFTs) so a server that always says hasMore cannot loop. */
export const NFT_MAX_PAGES = 200;

/** Server NFT item (proposed shape, API.md) → NftAsset. */
export function parseServerNft(v: unknown): NftAsset {
  const o = obj(v, 'nft');
  const schema = str(o.schemaName ?? o.standard, 'schemaName')
    .replace('-', '')
    .toUpperCase();
  if (schema !== 'ERC721' && schema !== 'ERC1155')
    throw new EvmNetworkError(200, 'malformed answer: schemaName', 'malformed');
  const traits =
    o.traits === undefined
      ? []
      : arr(o.traits, 'traits').map((t) => {
          const x = obj(t, 'trait');
          return { traitType: String(x.traitType ?? x.trait_type ?? ''), value: String(x.value ?? '') };
        });
  return {
    contract: str(o.contract, 'contract'),
    tokenId: dec(o.tokenId, 'tokenId'),
    schemaName: schema,
    name: typeof o.name === 'string' ? o.name : '',
    collectionName: typeof o.collectionName === 'string' ? o.collectionName : '',
    slug: typeof o.slug === 'string' ? o.slug : '',
    ...(typeof o.collectionDesc === 'string' ? { collectionDesc: o.collectionDesc } : {}),
    ...(typeof o.imageUrl === 'string' ? { imageUrl: o.imageUrl } : {}),
    traits,
    ...(o.balance !== undefined ? { balance: dec(o.balance, 'balance') } : {}),
  };
}

export function nftCalls(c: ProductApiClient): Pick<EvmProductApiBackend, 'getNfts'> {
  return {
    /** Every page (50 each) while the server says `hasMore`, up to {@link NFT_MAX_PAGES}; a 404 on page 1 is no NFTs. */
    async getNfts(address) {
      const out: NftAsset[] = [];
      for (let page = 1; page <= NFT_MAX_PAGES; page++) {
        let o: Record<string, unknown>;
        try {
          o = obj(await c.list(`${ROUTES.nfts(c.chain, address)}${page > 1 ? `?page=${page}` : ''}`), 'nfts');
        } catch (e) {
          if (page === 1 && e instanceof EvmNetworkError && e.status === 404) return [];
          throw e;
        }
        const items = arr(o.nfts, 'nfts');
        for (const n of items) out.push(parseServerNft(n));
        if (o.hasMore !== true || items.length === 0) break;
      }
      return out;
    },
  };
}
