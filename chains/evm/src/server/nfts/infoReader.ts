/** Contract and token metadata of NFTs, read with batched eth_calls and cached. */
import { LruMap } from '@secux-companion/server-kit/lru';
import { encodeFunctionData } from 'viem';
import type {
  NftCollectionInfo,
  NftHolding,
  NftInfo,
  NftInfoQuery,
  NftTokenInfo,
  RpcCall,
  RpcTransport,
} from '../backend.js';
import { abi, batched, call, callResult, decodeStr } from './calls.js';
import { nftKey } from './keys.js';
import { cleanText, decodeNftMetadata, expandIdTemplate } from './metadata.js';

type Collection = NftInfoQuery['collections'][number];

/** name(), symbol() and contractURI() of each collection, then tokenURI(id) / uri(id) of each token. */
function metadataCalls(cols: readonly Collection[], toks: readonly NftHolding[]): RpcCall[] {
  return [
    ...cols.flatMap((c) => [
      call(c.contract, encodeFunctionData({ abi, functionName: 'name' })),
      call(c.contract, encodeFunctionData({ abi, functionName: 'symbol' })),
      call(c.contract, encodeFunctionData({ abi, functionName: 'contractURI' })),
    ]),
    ...toks.map((h) =>
      call(
        h.contract,
        encodeFunctionData({
          abi,
          functionName: h.schemaName === 'ERC721' ? 'tokenURI' : 'uri',
          args: [BigInt(h.tokenId)],
        }),
      ),
    ),
  ];
}

/** A collection's info from its three answers (name, symbol, contractURI). */
function collectionInfo(name: unknown, sym: unknown, uri: unknown): NftCollectionInfo {
  const n = cleanText(decodeStr('name', callResult(name)));
  const symbol = cleanText(decodeStr('symbol', callResult(sym)));
  const curi = decodeStr('contractURI', callResult(uri));
  const meta = curi ? decodeNftMetadata(curi) : undefined;
  return {
    name: n || meta?.name || symbol,
    symbol,
    ...(meta?.description ? { description: meta.description } : {}),
  };
}

/** A token's info from its tokenURI / uri answer. */
function tokenInfo(h: NftHolding, answer: unknown): NftTokenInfo {
  const uri = decodeStr(h.schemaName === 'ERC721' ? 'tokenURI' : 'uri', callResult(answer));
  const meta = uri ? decodeNftMetadata(expandIdTemplate(uri, h.tokenId)) : undefined;
  return {
    ...(meta?.name ? { name: meta.name } : {}),
    ...(meta?.imageUrl ? { imageUrl: meta.imageUrl } : {}),
    traits: meta?.traits ?? [],
  };
}

/** Contract and token metadata with batched eth_calls; cached for `ttlMs` (tokenURIs may change). */
export function createNftInfoReader(t: RpcTransport, ttlMs = 10 * 60_000) {
  // Bounded (LRU): a token's metadata may hold a 300 kB data: image, so at most 2000 tokens are kept.
  const colCache = new LruMap<string, { at: number; v: NftCollectionInfo }>(5000);
  const tokCache = new LruMap<string, { at: number; v: NftTokenInfo }>(2000);
  const fresh = <V>(m: LruMap<string, { at: number; v: V }>, k: string) => {
    const e = m.get(k);
    return e && Date.now() - e.at < ttlMs ? e.v : undefined;
  };
  const put = <V>(m: LruMap<string, { at: number; v: V }>, k: string, v: V) => {
    m.set(k, { at: Date.now(), v });
  };

  return async function nftInfo(q: NftInfoQuery, signal: AbortSignal): Promise<NftInfo> {
    const out: NftInfo = { collections: {}, tokens: {} };
    const cols = [...new Map(q.collections.map((c) => [c.contract.toLowerCase(), c])).values()].filter(
      (c) => {
        const hit = fresh(colCache, c.contract.toLowerCase());
        if (hit) out.collections[c.contract.toLowerCase()] = hit;
        return !hit;
      },
    );
    const toks = q.tokens.filter((h) => {
      const hit = fresh(tokCache, nftKey(h.contract, h.tokenId));
      if (hit) out.tokens[nftKey(h.contract, h.tokenId)] = hit;
      return !hit;
    });
    const res = await batched(t, metadataCalls(cols, toks), signal);
    cols.forEach((c, i) => {
      const v = collectionInfo(res[3 * i], res[3 * i + 1], res[3 * i + 2]);
      put(colCache, c.contract.toLowerCase(), v);
      out.collections[c.contract.toLowerCase()] = v;
    });
    toks.forEach((h, i) => {
      const v = tokenInfo(h, res[3 * cols.length + i]);
      put(tokCache, nftKey(h.contract, h.tokenId), v);
      out.tokens[nftKey(h.contract, h.tokenId)] = v;
    });
    return out;
  };
}
