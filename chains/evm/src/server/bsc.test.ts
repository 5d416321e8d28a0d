/**
 * BSC per spec 02: the 12 dataseed nodes tried in turn, 20 s per call, and a call every node failed says
 * 'bsc-dataseed server error: …' (other EVM chains keep the generic words).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import type { EvmFacade } from './facade.js';
import { BSC_DATASEED_NODES, BSC_TIMEOUT_MS } from './config.js';
import { evmFamily } from './index.js';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
let node: Server;
let url = '';

beforeAll(async () => {
  // Answers the health check (eth_chainId 56) and fails everything else with a server error.
  node = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const r = JSON.parse(body) as { id: number; method: string };
      if (r.method === 'eth_chainId') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ jsonrpc: '2.0', id: r.id, result: '0x38' }));
      } else {
        res.statusCode = 502;
        res.end('bad gateway');
      }
    });
  });
  await new Promise<void>((r) => node.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
});
afterAll(() => {
  node.close();
});

const registry = (env: Record<string, string>) =>
  createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env,
    families: [evmFamily],
  });

describe('BSC (spec 02)', () => {
  it('serves the 12 dataseed nodes with 20 s per call by default', () => {
    const r = registry({});
    expect(BSC_DATASEED_NODES).toHaveLength(12);
    expect(new Set(BSC_DATASEED_NODES).size).toBe(12);
    expect(
      r
        .list()
        .find((c) => c.chain === 'BSC')
        ?.providers.filter((p) => p.startsWith('rpc#')),
    ).toHaveLength(12);
    const bsc = r.get('BSC') as EvmFacade;
    expect(bsc.cfg.pool.rpcs.map((p) => p.timeoutMs)).toEqual(Array(12).fill(BSC_TIMEOUT_MS));
    expect(BSC_TIMEOUT_MS).toBe(20_000);
  });

  it("a call every node failed says 'bsc-dataseed server error: …'; ETH keeps the generic words", async () => {
    const r = registry({ CHAIN_BSC_RPC: `${url},${url}/b`, CHAIN_ETH_RPC: url, CHAIN_ETH_CHAIN_ID: '56' });
    const bsc = r.get('BSC')!;
    const e = await bsc.account(ME, {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ChainApiError);
    expect((e as Error).message).toMatch(/^bsc-dataseed server error: server 502 \(rpc#2\)$/);
    const eth = await r
      .get('ETH')!
      .account(ME, {})
      .catch((x: unknown) => x);
    expect((eth as Error).message).not.toMatch(/bsc-dataseed/);
  });
});
