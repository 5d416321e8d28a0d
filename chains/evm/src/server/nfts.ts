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
 */
import { LruMap } from '@secux-companion/server-kit/lru';
import {
  decodeAbiParameters,
  decodeFunctionResult,
  encodeFunctionData,
  getAddress,
  parseAbi,
  toEventSelector,
  type Hex,
} from 'viem';
import { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type {
  NftCollectionInfo,
  NftHolding,
  NftInfo,
  NftInfoQuery,
  NftSchema,
  NftTokenInfo,
  RpcCall,
  RpcTransport,
} from './backend.js';

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

const abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function contractURI() view returns (string)',
  'function tokenURI(uint256 id) view returns (string)',
  'function uri(uint256 id) view returns (string)',
  'function ownerOf(uint256 id) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
]);

export const nftKey = (contract: string, tokenId: string) => `${contract.toLowerCase()}:${tokenId}`;

// ---- text, URIs and metadata (pure) ----

const MAX_TEXT = 200;
const MAX_JSON = 1_000_000;
const MAX_IMAGE = 300_000;

/** Printable text: no control or bidi-override characters, trimmed, at most `max` characters. */
export function cleanText(v: unknown, max = MAX_TEXT): string {
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return '';
  return (
    String(v)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim()
      .slice(0, max)
  );
}

/** The text of a `data:` URI (base64 or percent-encoded / raw utf8), or undefined. */
export function dataUriText(uri: string, maxBytes = MAX_JSON): string | undefined {
  const m = /^data:([^,]*),/i.exec(uri);
  if (!m) return undefined;
  const payload = uri.slice(m[0].length);
  if (payload.length > maxBytes * 1.4) return undefined;
  if (/;base64$/i.test(m[1]!)) {
    const b = payload.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(b)) return undefined;
    return Buffer.from(b, 'base64').toString('utf8');
  }
  try {
    return decodeURIComponent(payload);
  } catch {
    return payload; // `data:application/json;utf8,{"name":"100%"}`: not percent-encoded
  }
}

/** An image URL fit for an <img>: https:// or data:image/…; anything else is dropped. */
export function safeImageUrl(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim();
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(s)) return s.length <= MAX_IMAGE ? s : undefined;
  if (!/^https:\/\//i.test(s) || s.length > 2048) return undefined;
  try {
    return new URL(s).protocol === 'https:' ? s : undefined;
  } catch {
    return undefined;
  }
}

/** Metadata JSON of a data: token URI → name, image, traits. Undefined when it is not a data: JSON URI. */
export function decodeNftMetadata(uri: string): (NftTokenInfo & { description?: string }) | undefined {
  const text = dataUriText(uri.trim());
  if (text === undefined) return undefined;
  let j: unknown;
  try {
    j = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!j || typeof j !== 'object' || Array.isArray(j)) return undefined;
  const o = j as Record<string, unknown>;
  const name = cleanText(o.name);
  const description = cleanText(o.description, 1000);
  let imageUrl = safeImageUrl(o.image ?? o.image_url);
  if (!imageUrl && typeof o.image_data === 'string' && /^\s*<svg[\s>]/i.test(o.image_data))
    imageUrl = safeImageUrl(
      `data:image/svg+xml;base64,${Buffer.from(o.image_data.trim()).toString('base64')}`,
    );
  const traits = Array.isArray(o.attributes)
    ? o.attributes
        .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object' && !Array.isArray(a))
        .map((a) => ({ traitType: cleanText(a.trait_type ?? a.traitType), value: cleanText(a.value) }))
        .filter((a) => a.traitType || a.value)
        .slice(0, 50)
    : [];
  return {
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(imageUrl ? { imageUrl } : {}),
    traits,
  };
}

/** ERC-1155 `{id}` substitution: the id as 64 lowercase hex digits. */
export const expandIdTemplate = (uri: string, tokenId: string) =>
  uri.replace(/\{id\}/g, BigInt(tokenId).toString(16).padStart(64, '0'));

// ---- on-chain reads ----

const hexData = z.string().regex(/^0x[0-9a-fA-F]*$/);
const hexQty = z.string().regex(/^0x[0-9a-fA-F]+$/);
const Log = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  topics: z.array(z.string()),
  data: z.string(),
  blockNumber: hexQty.optional().nullable(),
  logIndex: hexQty.optional().nullable(),
});

const pad = (a: string) => `0x${a.toLowerCase().replace(/^0x/, '').padStart(64, '0')}`;
const hex = (n: number) => `0x${n.toString(16)}`;
const call = (to: string, data: Hex): RpcCall => ({ method: 'eth_call', params: [{ to, data }, 'latest'] });

/** Result of an eth_call in a batch, or undefined when it failed / reverted / returned nothing. */
function callResult(v: unknown): Hex | undefined {
  if (v instanceof ProviderError) {
    if (v.kind === 'rejected' || v.kind === 'badRequest' || v.kind === 'notFound') return undefined; // revert
    throw v;
  }
  const p = hexData.safeParse(v);
  return p.success && p.data !== '0x' ? (p.data as Hex) : undefined;
}

function decodeStr(fn: 'name' | 'symbol' | 'contractURI' | 'tokenURI' | 'uri', data: Hex | undefined) {
  if (!data) return undefined;
  try {
    return decodeFunctionResult({ abi, functionName: fn, data }) as string;
  } catch {
    return undefined;
  }
}

/** Batches in slices (nodes limit batch sizes). */
async function batched(t: RpcTransport, calls: RpcCall[], signal: AbortSignal, size = 100) {
  const out: unknown[] = [];
  for (let i = 0; i < calls.length; i += size) out.push(...(await t.batch(calls.slice(i, i + size), signal)));
  return out;
}

/**
 * (contract, id) pairs the address received in blocks [from, to] (ERC-721 Transfer with 4 topics, ERC-1155
 * TransferSingle/TransferBatch), in ranges of `step` blocks.
 */
export async function nftCandidatesFromLogs(
  t: RpcTransport,
  address: string,
  from: number,
  to: number,
  signal: AbortSignal,
  step = 50_000,
): Promise<{ contract: string; tokenId: string; schemaName: NftSchema }[]> {
  const found = new Map<string, { contract: string; tokenId: string; schemaName: NftSchema }>();
  const add = (contract: string, id: bigint, schemaName: NftSchema) => {
    if (found.size >= NFT_MAX_CANDIDATES) return; // airdrop spam: the first ones only (documented)
    const c = getAddress(contract);
    const k = nftKey(c, id.toString());
    if (!found.has(k)) found.set(k, { contract: c, tokenId: id.toString(), schemaName });
  };
  for (let lo = from; lo <= to; lo += step) {
    const range = { fromBlock: hex(lo), toBlock: hex(Math.min(to, lo + step - 1)) };
    const res = await t.batch(
      [
        { method: 'eth_getLogs', params: [{ ...range, topics: [TRANSFER_TOPIC, null, pad(address)] }] },
        {
          method: 'eth_getLogs',
          params: [{ ...range, topics: [TRANSFER_SINGLE_TOPIC, null, null, pad(address)] }],
        },
        {
          method: 'eth_getLogs',
          params: [{ ...range, topics: [TRANSFER_BATCH_TOPIC, null, null, pad(address)] }],
        },
      ],
      signal,
    );
    const [t721, single, multi] = res.map((r) => {
      if (r instanceof ProviderError) throw r;
      return validate(z.array(Log), r, 'eth_getLogs');
    });
    for (const l of t721!) if (l.topics.length === 4) add(l.address, BigInt(l.topics[3]!), 'ERC721');
    for (const l of single!) {
      try {
        const [id] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], l.data as Hex);
        add(l.address, id, 'ERC1155');
      } catch {
        /* not a standard TransferSingle */
      }
    }
    for (const l of multi!) {
      try {
        const [ids] = decodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], l.data as Hex);
        for (const id of ids.slice(0, 1000)) add(l.address, id, 'ERC1155');
      } catch {
        /* not a standard TransferBatch */
      }
    }
  }
  return [...found.values()];
}

/** The candidates the address holds now: ownerOf(id) = address (ERC-721), balanceOf(address, id) > 0 (ERC-1155). */
export async function verifyNftHoldings(
  t: RpcTransport,
  address: string,
  candidates: { contract: string; tokenId: string; schemaName: NftSchema }[],
  signal: AbortSignal,
): Promise<NftHolding[]> {
  const calls = candidates.map((c) =>
    call(
      c.contract,
      c.schemaName === 'ERC721'
        ? encodeFunctionData({ abi, functionName: 'ownerOf', args: [BigInt(c.tokenId)] })
        : encodeFunctionData({
            abi,
            functionName: 'balanceOf',
            args: [address as Hex, BigInt(c.tokenId)],
          }),
    ),
  );
  const res = await batched(t, calls, signal);
  const out: NftHolding[] = [];
  candidates.forEach((c, i) => {
    const data = callResult(res[i]);
    if (!data) return;
    try {
      if (c.schemaName === 'ERC721') {
        const owner = decodeFunctionResult({ abi, functionName: 'ownerOf', data });
        if (owner.toLowerCase() === address.toLowerCase()) out.push({ ...c, balance: '1' });
      } else {
        const bal = decodeFunctionResult({ abi, functionName: 'balanceOf', data });
        if (bal > 0n) out.push({ ...c, balance: bal.toString() });
      }
    } catch {
      /* not an answer of the standard: not counted */
    }
  });
  return out;
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
    const calls: RpcCall[] = [
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
    const res = await batched(t, calls, signal);
    cols.forEach((c, i) => {
      const name = cleanText(decodeStr('name', callResult(res[3 * i])));
      const symbol = cleanText(decodeStr('symbol', callResult(res[3 * i + 1])));
      const curi = decodeStr('contractURI', callResult(res[3 * i + 2]));
      const meta = curi ? decodeNftMetadata(curi) : undefined;
      const v: NftCollectionInfo = {
        name: name || meta?.name || symbol,
        symbol,
        ...(meta?.description ? { description: meta.description } : {}),
      };
      put(colCache, c.contract.toLowerCase(), v);
      out.collections[c.contract.toLowerCase()] = v;
    });
    toks.forEach((h, i) => {
      const uri = decodeStr(
        h.schemaName === 'ERC721' ? 'tokenURI' : 'uri',
        callResult(res[3 * cols.length + i]),
      );
      const meta = uri ? decodeNftMetadata(expandIdTemplate(uri, h.tokenId)) : undefined;
      const v: NftTokenInfo = {
        ...(meta?.name ? { name: meta.name } : {}),
        ...(meta?.imageUrl ? { imageUrl: meta.imageUrl } : {}),
        traits: meta?.traits ?? [],
      };
      put(tokCache, nftKey(h.contract, h.tokenId), v);
      out.tokens[nftKey(h.contract, h.tokenId)] = v;
    });
    return out;
  };
}

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
