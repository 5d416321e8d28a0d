/**
 * EVM bounds by meaning (issue 29: ETH 1e30 wei served with 200): a node or explorer that lies — a balance or a
 * transfer above the native coin's supply (bounds.ts NATIVE_MAX_WEI) — is a malformed answer. Before an honest one:
 * its answer, served by it; alone: 502, never the lie. A token's amount is bounded by its type only.
 */
import { describe, expect, it } from 'vitest';
import { liarFirst, lying, type Json } from '@secux-companion/server-kit/testing/liar';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import { rpcHandler, type Handler, type Req } from '@secux-companion/server-kit/testing/servers';
import { NATIVE_MAX_WEI } from './bounds.js';
import { evmFamily } from './index.js';

const over = (chain: string) => (NATIVE_MAX_WEI[chain]! + 1n).toString();
const hex = (v: string) => `0x${BigInt(v).toString(16)}`;

/** One upstream that is both the chain's JSON-RPC node and its Etherscan-compatible explorer. */
const upstream = (chainId: string): Handler => {
  const rpc = rpcHandler({
    eth_chainId: () => chainId,
    eth_getBlockByNumber: () => ({ number: '0x10', hash: `0x${'11'.repeat(32)}` }),
    eth_getBalance: () => '0x2a',
    eth_getTransactionCount: () => '0x3',
  });
  return (r) => {
    if (r.json) return rpc(r);
    const a = r.query.get('action');
    if (a === 'eth_chainId') return { body: { jsonrpc: '2.0', id: 1, result: chainId } };
    if (a === 'txlist') return { body: fx.etherscan.txlist };
    if (a === 'tokentx') return { body: fx.etherscan.tokentx };
    return { body: fx.etherscan.empty };
  };
};
const rpcLie =
  (method: string, result: string) =>
  (r: Req, b: Json): void => {
    if ((r.json as { method?: string } | undefined)?.method === method) b.result = result;
  };
const explorerLie =
  (action: string, lie: (b: Json) => void) =>
  (r: Req, b: Json): void => {
    if (!r.json && r.query.get('action') === action) lie(b);
  };
const run = (chain: string, chainId: string, url: string, lie: (r: Req, b: Json) => void) => {
  const honest = upstream(chainId);
  return liarFirst({
    family: evmFamily,
    env: (urls) => ({
      [`CHAIN_${chain}_RPC`]: urls.join(','),
      [`CHAIN_${chain}_EXPLORER`]: urls.map((u) => `${u}/api`).join(','),
      [`CHAIN_${chain}_EXPLORER_KEY`]: 'k',
    }),
    honest,
    liar: lying(honest, lie),
    url,
  });
};

describe('EVM bounds by meaning', () => {
  it.each([
    ['ETH', '0x1'],
    ['BSC', '0x38'],
    ['XDC', '0x32'],
  ])('%s: a balance above the coin’s supply: the next node answers; alone, 502', async (chain, chainId) => {
    const { alone, first } = await run(
      chain,
      chainId,
      `/api/chains/${chain}/account/${fx.ADDRESS}`,
      rpcLie('eth_getBalance', hex(over(chain))),
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ balance: '42', provider: 'rpc#2' });
    expect(alone.status).toBe(502);
  });

  it('ETH: 1e30 wei (what a lying node served): refused', async () => {
    const { alone } = await run(
      'ETH',
      '0x1',
      `/api/chains/ETH/account/${fx.ADDRESS}`,
      rpcLie('eth_getBalance', hex((10n ** 30n).toString())),
    );
    expect(alone.status).toBe(502);
    expect(JSON.stringify(alone.body)).not.toContain('1000000000000000000000000000000');
  });

  it('ETH: a transfer above the supply in an explorer’s history: the next explorer answers; alone, 502', async () => {
    const { alone, first } = await run(
      'ETH',
      '0x1',
      `/api/chains/ETH/history/${fx.ADDRESS}`,
      explorerLie('txlist', (b) => (b.result[1].value = over('ETH'))),
    );
    expect(first.status).toBe(200);
    expect(first.body.provider).toBe('explorer#2');
    expect(first.body.operations).toHaveLength(2);
    expect(alone.status).toBe(502);
  });

  it('ETH: a token amount above the coin’s supply is not a lie (a token is bounded by its type)', async () => {
    const big = (10n ** 40n).toString();
    const { alone } = await run(
      'ETH',
      '0x1',
      `/api/chains/ETH/history/${fx.ADDRESS}`,
      explorerLie('tokentx', (b) => (b.result[0].value = big)),
    );
    expect(alone.status).toBe(200);
    expect(alone.body.operations).toContainEqual(expect.objectContaining({ value: big }));
  });
});
