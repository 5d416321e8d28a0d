/**
 * EVM history, token discovery and NFTs without keys (issue 29, mainnet-behaviour.md §3): on the mainnet profile ETH
 * is served by Blockscout's keyless instance (eth.blockscout.com, its Etherscan-compatible `/api` plus REST v2 for
 * NFTs) through the same explorer provider as a keyed Etherscan; BSC never uses Etherscan's free plan (it does not
 * serve chain id 56 and answers HTTP 200 `status:"0"`); a chain without any history source says so (404
 * `not_configured` with the settings), never a bare 503 that the web shows as a busy server.
 *
 * The public hosts are reached through a fetch that routes them to fake upstreams on loopback answering the
 * providers' shapes (Blockscout: apps/block_scout_web RPC views — empty strings and nulls where Etherscan has values,
 * NFT transfers in `tokentx` without `value`, HTTP 400 "Unknown action" for the proxy and gastracker modules it
 * does not have).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the answers are checked by the assertions */
import Fastify, { type FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { ADDRESS, H1, H2, H3, OTHER, TOKEN } from '@secux-companion/server-kit/testing/fixtures';
import {
  RpcFail,
  rpcHandler,
  startServer,
  type Handler,
  type Req,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';
import { evmFamily } from './index.js';

const NFT = '0x7f5BF9fC3e8d048947893991358c0A67738484bc';
const NFT1155 = getAddress('0x553df85a8b6b2d5c7a1d4cb1e0bf7d7fa1e9ca12');
const H4 = `0x${'f3'.repeat(32)}`;

const servers: TestServer[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(servers.map((s) => s.close()));
});
const serve = async (h: Handler) => {
  const s = await startServer(h);
  servers.push(s);
  return s;
};

/**
 * A node of chain `chainId`: balances and nonces; the ERC-20's calls are not served (its balance comes from the
 * explorer) and the NFT contracts revert their metadata calls (the listing then shows them without metadata).
 */
const node = (chainId: number) =>
  rpcHandler({
    eth_chainId: () => `0x${chainId.toString(16)}`,
    eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'11'.repeat(32)}` }),
    eth_getBalance: () => '0x2a',
    eth_getTransactionCount: () => '0x3',
    eth_gasPrice: () => '0x5',
    eth_call: (p) =>
      String((p[0] as { to?: string }).to).toLowerCase() === TOKEN
        ? new RpcFail(-32601, 'the method eth_call does not exist/is not available')
        : new RpcFail(3, 'execution reverted'),
  });

const ok = (result: unknown) => ({ body: { status: '1', message: 'OK', result } });
const tx = (o: Record<string, string>) => ({
  blockNumber: '9315100',
  timeStamp: '1653915500',
  hash: H1,
  nonce: '4',
  blockHash: '0x4ae6',
  transactionIndex: '0',
  from: ADDRESS,
  to: TOKEN,
  value: '0',
  gas: '60000',
  gasPrice: '1000000',
  isError: '0',
  txreceipt_status: '1',
  input: '0xa9059cbb',
  contractAddress: '',
  cumulativeGasUsed: '51000',
  gasUsed: '51000',
  confirmations: '12345',
  ...o,
});
const transfer = (o: Record<string, unknown>) => ({
  blockNumber: '9315100',
  timeStamp: '1653915500',
  hash: H1,
  nonce: '4',
  blockHash: '0x4ae6',
  from: ADDRESS,
  contractAddress: TOKEN,
  to: OTHER,
  logIndex: '0',
  tokenName: 'Tether USD',
  tokenSymbol: 'USDT',
  tokenDecimal: '6',
  transactionIndex: '0',
  gas: '60000',
  gasPrice: '1000000',
  gasUsed: '51000',
  cumulativeGasUsed: '51000',
  input: '0xa9059cbb',
  confirmations: '12345',
  ...o,
});

/** Blockscout's `/api` and `/api/v2` as the instance answers them. */
const blockscout: Handler = (r: Req) => {
  if (r.path.startsWith('/api/v2/addresses/')) {
    const after = r.query.get('unique_token');
    if (!after)
      return {
        body: {
          items: [
            {
              id: '7',
              token_type: 'ERC-721',
              value: '1',
              token: { address_hash: NFT.toLowerCase(), type: 'ERC-721' },
            },
          ],
          next_page_params: { unique_token: 7, items_count: 50 },
        },
      };
    return {
      body: {
        items: [
          { id: '3', token_type: 'ERC-1155', value: '5', token: { address: NFT1155, type: 'ERC-1155' } },
        ],
        next_page_params: null,
      },
    };
  }
  if (r.path !== '/api') return { status: 404, body: { message: 'Not found' } };
  const module = r.query.get('module');
  const action = r.query.get('action');
  if (module !== 'account')
    return { status: 400, body: { status: '0', message: 'Unknown action', result: null } };
  switch (action) {
    case 'txlist':
      return ok([
        tx({}),
        // Blockscout leaves a missing gas price empty
        tx({
          hash: H2,
          nonce: '3',
          from: OTHER,
          to: ADDRESS,
          value: '5000000000000000',
          gasPrice: '',
          input: '0x',
        }),
        tx({ hash: H3, nonce: '2', to: OTHER, value: '1', isError: '1', txreceipt_status: '0', input: '0x' }),
      ]);
    case 'tokentx':
      return ok([
        transfer({ value: '1500000' }),
        // an NFT transfer: token id instead of value, no name
        transfer({
          hash: H4,
          contractAddress: NFT,
          from: OTHER,
          to: ADDRESS,
          tokenName: null,
          tokenSymbol: null,
          tokenDecimal: '',
          tokenID: '7',
        }),
      ]);
    case 'tokenlist':
      return ok([
        {
          balance: '2500000',
          contractAddress: TOKEN,
          decimals: '6',
          name: 'Tether USD',
          symbol: 'USDT',
          type: 'ERC-20',
        },
        { balance: '1', contractAddress: NFT, decimals: '', name: null, symbol: null, type: 'ERC-721' },
      ]);
    case 'tokenbalance':
      return ok('2500000');
    case 'balance':
      return ok('42');
  }
  return { status: 400, body: { status: '0', message: 'Unknown action', result: null } };
};

/** Upstreams by public host; anything else is refused (no network in this test). */
function routedFetch(routes: Record<string, string>) {
  const asked: URL[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const u = new URL(String(input));
    asked.push(u);
    const to = u.protocol === 'http:' ? u.origin : routes[u.host];
    if (!to) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    return fetch(`${to}${u.pathname}${u.search}`, init);
  }) as typeof fetch;
  return { fetch: f, asked };
}

async function mainnet(env: Record<string, string>, routes: Record<string, string>) {
  const r = routedFetch(routes);
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch: r.fetch,
    env: { CHAIN_PROVIDER_TIMEOUT_MS: '3000', ...env },
    families: [evmFamily],
  });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  apps.push(app);
  await app.register(
    async (api) => registerChainRoutes(api, { config: {} as never, fetch: r.fetch }, { registry }),
    { prefix: '/api' },
  );
  await app.ready();
  const get = async (url: string) => {
    const x = await app.inject({ url });
    return { status: x.statusCode, body: x.json() as Record<string, any> };
  };
  return { get, asked: r.asked, list: registry.list() };
}

describe('ETH without a key: Blockscout', () => {
  it('serves the history through the explorer provider, no key sent, no module Blockscout lacks', async () => {
    const bs = await serve(blockscout);
    const eth = await serve(node(1));
    const m = await mainnet({ CHAIN_ETH_RPC: eth.url }, { 'eth.blockscout.com': bs.url });
    const r = await m.get(`/api/chains/ETH/history/${ADDRESS}?pageSize=10`);
    expect(r.body.error ?? r.status).toBe(200);
    expect(r.body.provider).toBe('blockscout#1');
    // the token transfer merged into its call, the incoming coin; the failed one and the NFT transfer left out
    expect(r.body.operations.map((o: any) => [o.hash, o.direction, o.value, o.token?.symbol])).toEqual([
      [H1, 'out', '1500000', 'USDT'],
      [H2, 'in', '5000000000000000', undefined],
    ]);
    const asked = bs.requests.filter((q) => q.path === '/api');
    expect(asked.map((q) => q.query.get('action')).sort()).toEqual(['tokentx', 'txlist']);
    for (const q of asked) {
      expect(q.query.get('module')).toBe('account');
      expect(q.query.has('apikey')).toBe(false);
    }
    expect(m.asked.some((u) => u.host === 'api.etherscan.io')).toBe(false);
  });

  it('with ETHERSCAN_API_KEY, Etherscan first and Blockscout when Etherscan refuses', async () => {
    const bs = await serve(blockscout);
    const eth = await serve(node(1));
    const etherscan = await serve((q) =>
      q.query.get('action') === 'eth_chainId'
        ? { body: { jsonrpc: '2.0', id: 1, result: '0x1' } }
        : { body: { status: '0', message: 'NOTOK', result: 'Max rate limit reached' } },
    );
    const m = await mainnet(
      { CHAIN_ETH_RPC: eth.url, ETHERSCAN_API_KEY: 'etherscan-key' },
      { 'eth.blockscout.com': bs.url, 'api.etherscan.io': etherscan.url },
    );
    expect(m.list.find((c) => c.chain === 'ETH')?.providers).toEqual([
      'rpc#1',
      'explorer#1',
      'blockscout#1',
      'blockbook#1',
      'blockbook#2',
    ]);
    const r = await m.get(`/api/chains/ETH/history/${ADDRESS}`);
    expect(r.status).toBe(200);
    expect(r.body.provider).toBe('blockscout#1');
    // No pageSize named: an EVM page is spec 02 §9's 100 items (the explorer's offset).
    const lists = bs.requests.filter((q) => q.query.get('action') === 'txlist');
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((q) => q.query.get('offset') === '100')).toBe(true);
    expect(etherscan.requests.length).toBeGreaterThan(0);
    for (const q of etherscan.requests) {
      expect(q.query.get('apikey')).toBe('etherscan-key');
      expect(q.query.get('chainid')).toBe('1');
    }
    expect(bs.requests.every((q) => !q.query.has('apikey'))).toBe(true);
  });

  it('discovers the held ERC-20 tokens from tokenlist and lists NFTs from REST v2 (every page)', async () => {
    const bs = await serve(blockscout);
    const eth = await serve(node(1));
    const m = await mainnet({ CHAIN_ETH_RPC: eth.url }, { 'eth.blockscout.com': bs.url });
    const t = await m.get(`/api/chains/ETH/tokens?discover=true&address=${ADDRESS}`);
    expect(t.body.error ?? t.status).toBe(200);
    expect(t.body.tokens).toEqual([
      { type: 'ERC20', contract: TOKEN, name: 'Tether USD', symbol: 'USDT', decimals: 6, balance: '2500000' },
    ]);
    const n = await m.get(`/api/chains/ETH/nfts/${ADDRESS}`);
    expect(n.body.error ?? n.status).toBe(200);
    expect(n.body.provider).toBe('blockscout#1');
    expect(n.body.nfts.map((x: any) => [x.contract, x.tokenId, x.schemaName, x.balance])).toEqual([
      [NFT1155, '3', 'ERC1155', '5'],
      [NFT, '7', 'ERC721', '1'],
    ]);
    const pages = bs.requests.filter((q) => q.path.startsWith('/api/v2/'));
    expect(pages.map((q) => q.query.get('unique_token'))).toEqual([null, '7']);
    expect(pages.every((q) => q.query.get('type') === 'ERC-721,ERC-1155')).toBe(true);
  });

  it('without any explorer the history is not_configured, naming the settings (not a 503)', async () => {
    const eth = await serve(node(1));
    const m = await mainnet(
      { CHAIN_ETH_RPC: eth.url, CHAIN_ETH_EXPLORER: 'none', CHAIN_ETH_BLOCKBOOK: 'none' },
      {},
    );
    const r = await m.get(`/api/chains/ETH/history/${ADDRESS}`);
    expect(r).toMatchObject({
      status: 404,
      body: {
        code: 'not_configured',
        chain: 'ETH',
        feature: 'history',
        reason: 'no_provider',
        settings: ['CHAIN_ETH_EXPLORER', 'CHAIN_ETH_BLOCKBOOK', 'ETHERSCAN_API_KEY', 'CHAIN_ETH_BLOCK_SCAN'],
      },
    });
    const acc = await m.get(`/api/chains/ETH/account/${ADDRESS}?tokens=true`);
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({ balance: '42', tokensError: { code: 'not_configured' } });
  });
});

/** Trezor's BSC Blockbook (`/api/v2/address`), as blockbook-v2.md describes an EVM Blockbook's answers. */
const bscBlockbook: Handler = (r: Req) => {
  if (!r.path.startsWith('/api/v2/address/')) return { status: 400, body: { error: 'unknown path' } };
  if (r.query.get('details') === 'tokenBalances')
    return {
      body: {
        address: ADDRESS,
        balance: '42',
        tokens: [
          {
            type: 'BEP20',
            standard: 'BEP20',
            contract: TOKEN,
            name: 'Binance-Peg USD',
            symbol: 'USDT',
            decimals: 18,
            balance: '7',
          },
          {
            type: 'BEP721',
            standard: 'BEP721',
            contract: NFT,
            name: 'Pancake Squad',
            symbol: 'PS',
            decimals: 0,
            ids: ['7', '8'],
          },
        ],
      },
    };
  const page = Number(r.query.get('page') ?? '1');
  const one = (txid: string, o: Record<string, unknown>) => ({
    txid,
    vin: [{ n: 0, addresses: [ADDRESS], isAddress: true }],
    vout: [{ n: 0, addresses: [OTHER], isAddress: true, value: '0' }],
    blockHeight: 40_000_000 - page,
    confirmations: page,
    blockTime: 1_730_000_000 - page,
    value: '0',
    fees: '21000000000000',
    ethereumSpecific: { status: 1, nonce: 9 - page, gasLimit: 60000, gasUsed: 21000, gasPrice: '1000000000' },
    ...o,
  });
  return {
    body: {
      page,
      totalPages: 2,
      itemsOnPage: 1,
      address: ADDRESS,
      txs: 2,
      transactions: [
        page === 1
          ? one(H1, {
              vout: [{ n: 0, addresses: [TOKEN], isAddress: true, value: '0' }],
              tokenTransfers: [
                {
                  type: 'BEP20',
                  standard: 'BEP20',
                  from: ADDRESS,
                  to: OTHER,
                  contract: TOKEN,
                  name: 'Binance-Peg USD',
                  symbol: 'USDT',
                  decimals: 18,
                  value: '5',
                },
              ],
            })
          : one(H2, {
              vin: [{ n: 0, addresses: [OTHER] }],
              vout: [{ n: 0, addresses: [ADDRESS] }],
              value: '1000',
            }),
      ],
    },
  };
};

describe("BSC without Etherscan: Trezor's Blockbook, never the free plan", () => {
  const etherscanFree = () =>
    serve(() => ({
      body: {
        status: '0',
        message: 'NOTOK',
        result:
          'Free API access is not supported for this chain. Please upgrade your api plan for full chain coverage.',
      },
    }));

  it('BSC history, tokens and NFTs from bsc1.trezor.io; no Etherscan call for chain id 56 or 97', async () => {
    const etherscan = await etherscanFree();
    const bb = await serve(bscBlockbook);
    const bsc = await serve(node(56));
    const tbsc = await serve(node(97));
    const m = await mainnet(
      { CHAIN_BSC_RPC: bsc.url, CHAIN_TBSC_RPC: tbsc.url, ETHERSCAN_API_KEY: 'free-key' },
      { 'api.etherscan.io': etherscan.url, 'bsc1.trezor.io': bb.url },
    );
    expect(m.list.find((c) => c.chain === 'BSC')?.providers.slice(-2)).toEqual([
      'blockbook#1',
      'blockbook#2',
    ]);
    const first = await m.get(`/api/chains/BSC/history/${ADDRESS}?pageSize=1`);
    expect(first.body.error ?? first.status).toBe(200);
    expect(first.body).toMatchObject({
      provider: 'blockbook#1',
      operations: [
        { hash: H1, direction: 'out', value: '5', token: { contract: TOKEN, symbol: 'USDT', decimals: 18 } },
      ],
    });
    const second = await m.get(
      `/api/chains/BSC/history/${ADDRESS}?pageSize=1&cursor=${String(first.body.cursor)}`,
    );
    expect(second.body).toMatchObject({
      operations: [{ hash: H2, direction: 'in', value: '1000' }],
      cursor: null,
    });
    expect(bb.requests.map((q) => [q.query.get('details'), q.query.get('page')])).toEqual([
      ['txs', '1'],
      ['txs', '2'],
    ]);
    // NFTs from the ids of its token list (BEP721 read as ERC-721)
    const n = await m.get(`/api/chains/BSC/nfts/${ADDRESS}`);
    expect(n.body.error ?? n.status).toBe(200);
    expect(n.body.nfts.map((x: any) => [x.contract, x.tokenId, x.schemaName])).toEqual([
      [NFT, '7', 'ERC721'],
      [NFT, '8', 'ERC721'],
    ]);
    // TBSC has no keyless indexer: its history says which settings would serve it
    expect(await m.get(`/api/chains/TBSC/history/${ADDRESS}`)).toMatchObject({
      status: 404,
      body: {
        code: 'not_configured',
        feature: 'history',
        settings: [
          'CHAIN_TBSC_EXPLORER',
          'CHAIN_TBSC_BLOCKBOOK',
          'ETHERSCAN_API_KEY',
          'ETHERSCAN_PAID_PLAN',
          'CHAIN_TBSC_BLOCK_SCAN',
        ],
      },
    });
    for (const chain of ['BSC', 'TBSC']) {
      // fees come from the nodes; no explorer gas oracle
      expect((await m.get(`/api/chains/${chain}/fees`)).body.provider).toBe('rpc#1');
      expect((await m.get(`/api/chains/${chain}/gas-oracle`)).status).toBe(404);
    }
    expect(etherscan.requests).toEqual([]);
    expect(m.asked.filter((u) => u.host === 'api.etherscan.io')).toEqual([]);
  });

  it('an Etherscan URL named for BSC is refused too; ETHERSCAN_PAID_PLAN=true uses it', async () => {
    const etherscan = await etherscanFree();
    const bsc = await serve(node(56));
    // a chain's own explorer setting replaces the default explorers and Blockbooks alike
    const explorer = { CHAIN_BSC_RPC: bsc.url, CHAIN_BSC_EXPLORER: 'https://api.etherscan.io/v2/api' };
    const free = await mainnet(
      { ...explorer, ETHERSCAN_API_KEY: 'k' },
      { 'api.etherscan.io': etherscan.url },
    );
    expect(free.list.find((c) => c.chain === 'BSC')?.providers).toEqual(['rpc#1']);
    expect((await free.get(`/api/chains/BSC/history/${ADDRESS}`)).body.code).toBe('not_configured');
    expect(etherscan.requests).toEqual([]);

    const paid = await mainnet(
      { ...explorer, ETHERSCAN_API_KEY: 'paid-key', ETHERSCAN_PAID_PLAN: 'true' },
      { 'api.etherscan.io': etherscan.url },
    );
    expect(paid.list.find((c) => c.chain === 'BSC')?.providers).toContain('explorer#1');
    await paid.get(`/api/chains/BSC/history/${ADDRESS}`);
    expect(
      etherscan.requests.some((q) => q.query.get('chainid') === '56' && q.query.get('apikey') === 'paid-key'),
    ).toBe(true);
  });
});
