import { describe, expect, it } from 'vitest';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import type { EvmProvider, NftHolding, NftInfo } from './backend.js';
import { EvmFacade } from './facade.js';
import {
  cleanText,
  dataUriText,
  decodeNftMetadata,
  expandIdTemplate,
  nftKey,
  nftLinks,
  safeImageUrl,
} from './nfts.js';
import { createEvmRpcPool } from './providers/evmRpc.js';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const SVG = `data:image/svg+xml;base64,${b64('<svg/>')}`;

describe('NFT metadata decoding', () => {
  it('data: JSON URIs in base64, percent-encoded and raw utf8', () => {
    const json = JSON.stringify({
      name: 'Punk #1',
      image: SVG,
      attributes: [{ trait_type: 'Hat', value: 'Cap' }],
    });
    const want = { name: 'Punk #1', imageUrl: SVG, traits: [{ traitType: 'Hat', value: 'Cap' }] };
    expect(decodeNftMetadata(`data:application/json;base64,${b64(json)}`)).toEqual(want);
    expect(decodeNftMetadata(`data:application/json,${encodeURIComponent(json)}`)).toEqual(want);
    expect(decodeNftMetadata(`data:application/json;utf8,${json}`)).toEqual(want);
    expect(
      decodeNftMetadata(
        `data:application/json;utf8,${JSON.stringify({ name: '100% real', attributes: [] })}`,
      ),
    ).toEqual({ name: '100% real', traits: [] });
  });

  it('not data: JSON → undefined (the server never fetches URLs); bad JSON → undefined', () => {
    expect(decodeNftMetadata('https://example.com/1.json')).toBeUndefined();
    expect(decodeNftMetadata('ipfs://Qm/1')).toBeUndefined();
    expect(decodeNftMetadata('data:application/json;base64,!!!')).toBeUndefined();
    expect(decodeNftMetadata('data:application/json,{not json')).toBeUndefined();
    expect(decodeNftMetadata('data:application/json,[1,2]')).toBeUndefined();
    expect(dataUriText('data:text/plain,hello%20world')).toBe('hello world');
  });

  it('images: https and data:image only; image_data SVG becomes a data URI', () => {
    expect(safeImageUrl('https://img.example/1.png')).toBe('https://img.example/1.png');
    expect(safeImageUrl(SVG)).toBe(SVG);
    for (const bad of [
      'http://img.example/1.png',
      'ipfs://Qm/1.png',
      'javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      `data:image/png;base64,${'A'.repeat(400_000)}`,
      42,
      undefined,
    ])
      expect(safeImageUrl(bad)).toBeUndefined();
    const m = decodeNftMetadata(
      `data:application/json,${encodeURIComponent(JSON.stringify({ image_data: '<svg></svg>' }))}`,
    );
    expect(m?.imageUrl).toBe(`data:image/svg+xml;base64,${b64('<svg></svg>')}`);
  });

  it('traits from attributes (numbers and booleans as text, junk skipped); text cleaned and capped', () => {
    const m = decodeNftMetadata(
      `data:application/json,${encodeURIComponent(
        JSON.stringify({
          name: 'A\u0000B\u202e C',
          attributes: [
            { trait_type: 'Level', value: 5 },
            { value: true },
            'junk',
            null,
            { display_type: 'x' },
          ],
        }),
      )}`,
    );
    expect(m).toEqual({
      name: 'AB C',
      traits: [
        { traitType: 'Level', value: '5' },
        { traitType: '', value: 'true' },
      ],
    });
    expect(cleanText('x'.repeat(500))).toHaveLength(200);
    expect(cleanText({})).toBe('');
  });

  it('ERC-1155 {id} substitution and explorer links by chain id', () => {
    expect(expandIdTemplate('https://x/{id}.json', '255')).toBe(`https://x/${'0'.repeat(62)}ff.json`);
    expect(nftLinks(1, '0xC', '7')).toEqual({
      permalink: 'https://opensea.io/assets/ethereum/0xC/7',
      etherScanLink: 'https://etherscan.io/nft/0xC/7',
    });
    expect(nftLinks(31337, '0xC', '7')).toEqual({});
  });
});

describe('EvmFacade.nfts', () => {
  const C1 = '0x1111111111111111111111111111111111111111';
  const C2 = '0x2222222222222222222222222222222222222222';
  const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
  const holdings: NftHolding[] = [
    ...Array.from({ length: 60 }, (_, i) => ({
      contract: C1,
      tokenId: String(60 - i),
      schemaName: 'ERC721' as const,
      balance: '1',
    })),
    { contract: C2, tokenId: '3', schemaName: 'ERC1155', balance: '4' },
  ];
  const asked: { collections: number; tokens: number }[] = [];
  const provider: EvmProvider = {
    name: 'fake',
    kind: 'blockscan',
    timeoutMs: 1000,
    async getNftHoldings() {
      return holdings;
    },
    async getNftInfo(q) {
      asked.push({ collections: q.collections.length, tokens: q.tokens.length });
      const out: NftInfo = { collections: {}, tokens: {} };
      for (const c of q.collections)
        if (c.contract === C2) out.collections[c.contract.toLowerCase()] = { name: 'Alpha', symbol: 'A' };
      for (const t of q.tokens) out.tokens[nftKey(t.contract, t.tokenId)] = { traits: [] };
      return out;
    },
  };
  const facade = (scan?: EvmProvider) =>
    new EvmFacade({
      chain: 'ETH',
      chainId: 1,
      pool: createEvmRpcPool([]),
      explorers: [],
      ...(scan ? { scans: [scan] } : {}),
    });

  it('collections sorted by name, NFTs by collection then id, 50 per page, metadata for the page only', async () => {
    asked.length = 0;
    const p1 = await facade(provider).nfts(ME, { page: 1 });
    expect(p1.collections.map((c) => [c.slug, c.collectionName, c.count])).toEqual([
      [C2, 'Alpha', 1],
      [C1, '0x1111…1111', 60], // no name(): a short contract
    ]);
    expect(p1).toMatchObject({
      total: 61,
      pageSize: 50,
      hasMore: true,
      collectionsTotal: 2,
      provider: 'fake',
    });
    expect(p1.nfts).toHaveLength(50);
    expect(p1.nfts[0]).toMatchObject({ contract: C2, tokenId: '3', name: 'Alpha #3', balance: '4' });
    expect(p1.nfts[1]).toMatchObject({
      tokenId: '1',
      etherScanLink: `https://etherscan.io/nft/${C1}/1`,
      permalink: `https://opensea.io/assets/ethereum/${C1}/1`,
    });
    expect(asked).toEqual([
      { collections: 2, tokens: 0 },
      { collections: 0, tokens: 50 },
    ]);
    const p2 = await facade(provider).nfts(ME, { page: 2 });
    expect(p2.nfts.map((n) => n.tokenId)).toEqual(Array.from({ length: 11 }, (_, i) => String(50 + i)));
    expect(p2.hasMore).toBe(false);
    const one = await facade(provider).nfts(ME, {
      page: 1,
      collection: C2.toUpperCase().replace('0X', '0x'),
    });
    expect(one.collections).toHaveLength(1);
    expect(one.nfts.map((n) => n.tokenId)).toEqual(['3']);
    const none = await facade(provider).nfts(ME, { page: 1, collection: `0x${'3'.repeat(40)}` });
    expect(none).toMatchObject({ collections: [], nfts: [], total: 0 });
  });

  it('a chain without an NFT source answers 404 (the client shows no NFTs)', async () => {
    const e = await facade()
      .nfts(ME, { page: 1 })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ChainApiError);
    expect(e).toMatchObject({ statusCode: 404, code: 'not_found' });
  });
});
