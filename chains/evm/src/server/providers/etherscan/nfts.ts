/** The NFTs an address holds: from the transfer lists, or Blockscout's REST v2 list. */
import { getAddress } from 'viem';
import { z } from 'zod';
import { ProviderError, getJson, validate } from '@secux-companion/server-kit/failover';
import type { NftHolding } from '../../backend.js';
import { nftKey } from '../../nfts.js';
import type { Explorer } from './client.js';
import { NFT_V2_MAX_PAGES, NftPageV2, NftTxItem } from './shapes.js';

/**
 * NFT holdings from the transfer lists (`tokennfttx`, `token1155tx`; oldest first, first 10000 of each):
 * ERC-721 held when the last transfer of the id came to the address, ERC-1155 by the sum of the amounts.
 * An explorer without `token1155tx` (unknown action) lists ERC-721 only.
 */
export async function getNftHoldings(
  ex: Explorer,
  address: string,
  signal: AbortSignal,
): Promise<NftHolding[]> {
  const list = async (action: string) =>
    validate(
      z.array(NftTxItem),
      await ex.call({ module: 'account', action, address, page: '1', offset: '10000', sort: 'asc' }, signal),
      action,
    );
  const erc721 = await list('tokennfttx');
  let erc1155: z.infer<typeof NftTxItem>[] = [];
  try {
    erc1155 = await list('token1155tx');
  } catch (e) {
    if (!(e instanceof ProviderError) || !/action/i.test(e.message)) throw e;
  }
  const me = address.toLowerCase();
  const held = new Map<string, NftHolding>();
  for (const x of erc721) {
    const k = nftKey(x.contractAddress, x.tokenID);
    if (x.to.toLowerCase() === me)
      held.set(k, {
        contract: getAddress(x.contractAddress),
        tokenId: x.tokenID,
        schemaName: 'ERC721',
        balance: '1',
      });
    else if (x.from.toLowerCase() === me) held.delete(k);
  }
  const sums = new Map<string, { c: string; id: string; n: bigint }>();
  for (const x of erc1155) {
    const k = nftKey(x.contractAddress, x.tokenID);
    const e = sums.get(k) ?? { c: x.contractAddress, id: x.tokenID, n: 0n };
    const v = BigInt(x.tokenValue ?? '0');
    if (x.to.toLowerCase() === me) e.n += v;
    if (x.from.toLowerCase() === me) e.n -= v;
    sums.set(k, e);
  }
  for (const [k, e] of sums)
    if (e.n > 0n)
      held.set(k, {
        contract: getAddress(e.c),
        tokenId: e.id,
        schemaName: 'ERC1155',
        balance: e.n.toString(),
      });
  return [...held.values()];
}

/** The ERC-721 / ERC-1155 token instances the address holds (REST v2, every page up to the cap). */
export async function blockscoutNfts(
  ex: Explorer,
  address: string,
  signal: AbortSignal,
): Promise<NftHolding[]> {
  const base = `${ex.o.url.replace(/\/+$/, '')}/v2/addresses/${encodeURIComponent(address)}/nft`;
  const held = new Map<string, NftHolding>();
  let next: Record<string, string> = { type: 'ERC-721,ERC-1155' };
  for (let page = 0; page < NFT_V2_MAX_PAGES; page++) {
    const q = new URLSearchParams({ ...next, ...(ex.o.apiKey ? { apikey: ex.o.apiKey } : {}) });
    const r = await getJson(ex.o.fetch, `${base}?${q}`, NftPageV2, 'nft list', { signal, resetUnit: 'ms' });
    for (const x of r.items) {
      const type = x.token_type ?? x.token.type;
      const contract = x.token.address_hash ?? x.token.address;
      if (!contract || (type !== 'ERC-721' && type !== 'ERC-1155')) continue;
      const erc721 = type === 'ERC-721';
      if (!erc721 && (!x.value || x.value === '0')) continue;
      held.set(nftKey(contract, x.id), {
        contract: getAddress(contract),
        tokenId: x.id,
        schemaName: erc721 ? 'ERC721' : 'ERC1155',
        balance: erc721 ? '1' : x.value!,
      });
    }
    if (!r.next_page_params) break;
    next = {
      type: 'ERC-721,ERC-1155',
      ...Object.fromEntries(
        Object.entries(r.next_page_params).map(([k, v]) => [k, v === null ? '' : String(v)]),
      ),
    };
  }
  return [...held.values()];
}
