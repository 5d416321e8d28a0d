/**
 * NFTs of an account from the product API, every page: GET /api/chains/:chain/nfts/:address?page=N
 * (pages of 50) is followed while the answer says `hasMore`. A route not served (404 on the first page)
 * means no NFTs, as in chain-evm's backend.
 */
import { hasNftTab, parseServerNft, type NftAsset } from '@secux-companion/chain-evm';
import type { ChainSymbol } from '@secux-companion/core';

export interface NftPageAnswer {
  nfts: unknown[];
  hasMore: boolean;
}

/** Upper bound on pages read (50 × 200 = 10 000 NFTs) so a server that always says hasMore cannot loop. */
export const NFT_MAX_PAGES = 200;

export class NftPageError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/** Reads pages from 1 while `hasMore`; returns every NFT parsed. */
export async function collectNftPages(
  fetchPage: (page: number) => Promise<NftPageAnswer | null>,
  maxPages = NFT_MAX_PAGES,
): Promise<NftAsset[]> {
  const out: NftAsset[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await fetchPage(page);
    if (!answer) break;
    for (const n of answer.nfts) out.push(parseServerNft(n));
    if (!answer.hasMore || answer.nfts.length === 0) break;
  }
  return out;
}

async function fetchNftPage(chain: string, address: string, page: number): Promise<NftPageAnswer | null> {
  const res = await fetch(
    `/api/chains/${encodeURIComponent(chain)}/nfts/${encodeURIComponent(address)}?page=${page}`,
    {
      headers: { accept: 'application/json' },
    },
  );
  if (res.status === 404 && page === 1) return null;
  if (!res.ok) throw new NftPageError(res.status);
  const body = (await res.json()) as { nfts?: unknown; hasMore?: unknown };
  if (!Array.isArray(body.nfts)) throw new Error('nfts: not a list');
  return { nfts: body.nfts, hasMore: body.hasMore === true };
}

/** Every NFT of the account (native chains with an NFT tab only). */
export async function fetchAllNfts(symbol: ChainSymbol, address: string): Promise<NftAsset[]> {
  if (!hasNftTab(symbol)) return [];
  return collectNftPages((page) => fetchNftPage(symbol, address, page));
}
