/**
 * The block scan (CHAIN_<SYM>_BLOCK_SCAN: history, token discovery and NFTs read from the node's blocks and logs) runs
 * on every RPC of the chain's pool with failover, the healthy ones first: a dead first RPC no longer takes the scan's
 * history, tokens and NFTs down with it.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import { evmFamily } from './index.js';
import {
  refusedUrl,
  rpcHandler,
  startServer,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';

const ME = fx.ADDRESS;
/** A plain node at block 2, where ME sent 5 wei to OTHER. */
const node = () =>
  rpcHandler({
    eth_chainId: () => '0x1',
    eth_blockNumber: () => '0x2',
    eth_gasPrice: () => '0x1',
    eth_getBlockByNumber: (p) => ({
      number: p[0] === 'latest' ? '0x2' : p[0],
      hash: `0x${'33'.repeat(32)}`,
      timestamp: '0x6553f100',
      transactions:
        p[0] === '0x2'
          ? [{ hash: fx.H1, from: ME, to: fx.OTHER, value: '0x5', nonce: '0x0', gasPrice: '0x1' }]
          : [],
    }),
    eth_getLogs: () => [],
    eth_getTransactionReceipt: () => ({ status: '0x1', gasUsed: '0x5208' }),
  });

let good: TestServer;
let app: FastifyInstance;
beforeAll(async () => {
  good = await startServer(node());
  ({ app } = await serveChains({
    families: [evmFamily],
    env: {
      // The first RPC is dead: only the second one can scan.
      CHAIN_ETH_RPC: `${await refusedUrl()},${good.url}`,
      CHAIN_ETH_BLOCK_SCAN: 'true',
      CHAIN_ETH_EXPLORER: 'none',
      CHAIN_CONNECT_TIMEOUT_MS: '1000',
      CHAIN_HEALTH_TIMEOUT_MS: '1000',
      CHAIN_REQUEST_BUDGET_MS: '8000',
    },
  }));
});
afterAll(async () => {
  await app?.close();
  await good?.close();
});

describe('the block scan with a dead first RPC', () => {
  it('lists one block scan per RPC', async () => {
    const r = await app.inject({ url: '/api/chains' });
    const eth = (r.json() as { chains: { chain: string; providers: string[] }[] }).chains.find(
      (c) => c.chain === 'ETH',
    );
    expect(eth?.providers).toEqual(['rpc#1', 'rpc#2', 'block-scan#1', 'block-scan#2']);
  });

  it("history, token discovery and NFTs come from the live RPC's scan", async () => {
    for (let i = 0; i < 2; i++) {
      const h = await app.inject({ url: `/api/chains/ETH/history/${ME}` });
      expect(h.statusCode).toBe(200);
      const body = h.json() as { provider: string; operations: { hash: string; value: string }[] };
      expect(body.provider).toBe('block-scan#2');
      expect(body.operations.map((o) => [o.hash, o.value])).toEqual([[fx.H1, '5']]);
    }
    const t = await app.inject({ url: `/api/chains/ETH/tokens?address=${ME}&discover=true` });
    expect(t.statusCode).toBe(200);
    expect(t.json()).toEqual({ tokens: [] });
    const n = await app.inject({ url: `/api/chains/ETH/nfts/${ME}` });
    expect(n.statusCode).toBe(200);
  });
});
