/**
 * XDC's NFTs on the mainnet profile (issue 31 item 17; spec 02 §7 XDC: NFT collections by owner and a collection's
 * NFTs by owner): with ETHERSCAN_API_KEY, Etherscan V2 serves chain id 50, and its transfer lists (`tokennfttx`,
 * `token1155tx`) give the held NFTs as for ETH. Without any explorer XDC has no NFT source: 404 `not_found`, which the
 * web reads as an empty list.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the answers are checked by the assertions */
import Fastify, { type FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { ADDRESS, OTHER } from '@secux-companion/server-kit/testing/fixtures';
import {
  RpcFail,
  rpcHandler,
  startServer,
  type Req,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';
import { evmFamily } from './index.js';

const NFT = getAddress('0x7f5bf9fc3e8d048947893991358c0a67738484bc');
const GONE = getAddress('0x553df85a8b6b2d5c7a1d4cb1e0bf7d7fa1e9ca12');

const servers: TestServer[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(servers.map((s) => s.close()));
});

/** An XDC node (chain id 50); the NFT contracts revert their metadata calls (listed without metadata). */
const xdcNode = rpcHandler({
  eth_chainId: () => '0x32',
  eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'11'.repeat(32)}` }),
  eth_getBalance: () => '0x2a',
  eth_call: () => new RpcFail(3, 'execution reverted'),
});

const nftTx = (o: Record<string, string>) => ({
  blockNumber: '9315100',
  timeStamp: '1653915500',
  hash: `0x${'ab'.repeat(32)}`,
  from: OTHER,
  to: ADDRESS,
  contractAddress: NFT,
  tokenID: '7',
  tokenName: 'Punks',
  tokenSymbol: 'PNK',
  ...o,
});

/** Etherscan V2 as it answers chain id 50 (`status:"1"` lists); every request carries the key and the chain id. */
const etherscan = (r: Req) => {
  const ok = (result: unknown) => ({ body: { status: '1', message: 'OK', result } });
  if (r.query.get('chainid') !== '50') return ok([]);
  switch (r.query.get('action')) {
    case 'tokennfttx':
      return ok([
        nftTx({}),
        // received and sent on: not held any more
        nftTx({ contractAddress: GONE, tokenID: '1' }),
        nftTx({ contractAddress: GONE, tokenID: '1', from: ADDRESS, to: OTHER, blockNumber: '9315200' }),
      ]);
    case 'token1155tx':
      return ok([nftTx({ contractAddress: GONE, tokenID: '3', tokenValue: '5' })]);
  }
  return ok([]);
};

async function mainnet(env: Record<string, string>, hosts: Record<string, string>) {
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const u = new URL(String(input));
    const to = u.protocol === 'http:' ? u.origin : hosts[u.host];
    if (!to) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    return fetch(`${to}${u.pathname}${u.search}`, init);
  }) as typeof fetch;
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch: f,
    env: { CHAIN_PROVIDER_TIMEOUT_MS: '3000', ...env },
    families: [evmFamily],
  });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  apps.push(app);
  await app.register(
    async (api) => registerChainRoutes(api, { config: {} as never, fetch: f }, { registry }),
    {
      prefix: '/api',
    },
  );
  await app.ready();
  return async (url: string) => {
    const x = await app.inject({ url });
    return { status: x.statusCode, body: x.json() as Record<string, any> };
  };
}

describe('XDC NFTs on the mainnet profile', () => {
  it('with an Etherscan key: the NFTs the address holds, from chain id 50’s transfer lists', async () => {
    const node = await startServer(xdcNode);
    const es = await startServer(etherscan);
    servers.push(node, es);
    const get = await mainnet(
      { CHAIN_XDC_RPC: node.url, ETHERSCAN_API_KEY: 'etherscan-key' },
      { 'api.etherscan.io': es.url },
    );
    const n = await get(`/api/chains/XDC/nfts/${ADDRESS}`);
    expect(n.body.error ?? n.status).toBe(200);
    expect(n.body.nfts.map((x: any) => [x.contract, x.tokenId, x.schemaName, x.balance])).toEqual([
      [GONE, '3', 'ERC1155', '5'],
      [NFT, '7', 'ERC721', '1'],
    ]);
    const asked = es.requests.filter((q) => /^token(nft|1155)tx$/.test(q.query.get('action') ?? ''));
    expect(asked.length).toBeGreaterThan(0);
    expect(
      asked.every((q) => q.query.get('chainid') === '50' && q.query.get('apikey') === 'etherscan-key'),
    ).toBe(true);
  });

  it('without any explorer: 404 not_found (no NFT source, the web shows none), never a 5xx', async () => {
    const node = await startServer(xdcNode);
    servers.push(node);
    const get = await mainnet({ CHAIN_XDC_RPC: node.url }, {});
    const n = await get(`/api/chains/XDC/nfts/${ADDRESS}`);
    expect(n.status).toBe(404);
    expect(n.body.code).toBe('not_found');
  });
});
