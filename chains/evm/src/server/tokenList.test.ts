/**
 * The chain's token list (spec 02 "GET /bsc_token_list: reads code (0 is success) and data"): what the route
 * answers by default, from an operator's file, in the local profile, and what a bad file does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { createChainRegistry } from '@secux-companion/server-kit/registry';
import { registerChainRoutes } from '@secux-companion/server-kit/routes';
import { evmFamily } from './index.js';
import { SHIPPED_TOKEN_LISTS_FILE, SERVED_LIST_MAX, tokenListFor } from './tokenList.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-token-list-'));
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  fs.rmSync(tmp, { recursive: true, force: true });
});
const noFetch = (async () => {
  throw new Error('no network in this test');
}) as typeof fetch;
const USDT = '0x55d398326f99059fF775485246999027B3197955';

async function serve(
  env: Record<string, string>,
  config: { profile: 'mainnet' | 'local'; dataDir: string } = { profile: 'mainnet', dataDir: '/nonexistent' },
) {
  const registry = createChainRegistry({ config, fetch: noFetch, env, families: [evmFamily] });
  const app = Fastify({ logger: false });
  await app.register(
    async (api) => registerChainRoutes(api, { config: {} as never, fetch: noFetch }, { registry }),
    { prefix: '/api' },
  );
  await app.ready();
  apps.push(app);
  return async (chain: string) => {
    const r = await app.inject({ method: 'GET', url: `/api/chains/${chain}/token-list` });
    return {
      status: r.statusCode,
      body: r.json() as { code: number; data: { contract: string; symbol: string; decimals: number }[] },
    };
  };
}

const writeList = (name: string, value: unknown) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
};

describe('GET /api/chains/:chain/token-list', () => {
  it('BSC and TBSC serve the shipped lists as { code: 0, data }, every contract a checksummed address; ETH has none', async () => {
    const get = await serve({});
    const bsc = await get('BSC');
    expect(bsc.status).toBe(200);
    expect(bsc.body.code).toBe(0);
    expect(bsc.body.data.map((t) => t.symbol)).toEqual(
      expect.arrayContaining(['USDT', 'USDC', 'BUSD', 'WBNB', 'CAKE']),
    );
    expect(bsc.body.data.find((t) => t.symbol === 'USDT')).toEqual({
      contract: USDT,
      name: 'Tether USD',
      symbol: 'USDT',
      decimals: 18,
    });
    const tbsc = await get('TBSC');
    expect(tbsc.body.data.length).toBeGreaterThan(0);
    for (const t of [...bsc.body.data, ...tbsc.body.data]) expect(getAddress(t.contract)).toBe(t.contract);
    expect((await get('ETH')).body).toEqual({ code: 0, data: [] });
    const shipped = JSON.parse(fs.readFileSync(SHIPPED_TOKEN_LISTS_FILE, 'utf8')) as { sources: string[] };
    expect(shipped.sources.length).toBeGreaterThan(0);
  });

  it("an operator's file replaces a chain's list (deduplicated by contract, case-insensitively); 'none' empties it", async () => {
    const file = writeList('bsc.json', [
      { contract: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 18 },
      { contract: USDT.toLowerCase(), name: 'again', symbol: 'DUP', decimals: 6 },
      { contract: '0x0000000000000000000000000000000000001234', name: 'Mine', symbol: 'MINE', decimals: 0 },
    ]);
    const get = await serve({ CHAIN_BSC_TOKEN_LIST: file, CHAIN_TBSC_TOKEN_LIST: 'none' });
    expect((await get('BSC')).body.data.map((t) => t.symbol)).toEqual(['USDT', 'MINE']);
    expect((await get('TBSC')).body).toEqual({ code: 0, data: [] });
  });

  it('a file that is not a valid list stops the server with the reason (never a silent empty list)', () => {
    expect(() => tokenListFor('BSC', path.join(tmp, 'missing.json'))).toThrow(
      /CHAIN_BSC_TOKEN_LIST: cannot read/,
    );
    const bad = writeList('bad.json', [{ contract: '0x1234', name: 'X', symbol: 'X', decimals: 18 }]);
    expect(() => tokenListFor('BSC', bad)).toThrow(
      /CHAIN_BSC_TOKEN_LIST: 0\.contract: must be a 0x-prefixed/,
    );
    const decimals = writeList('dec.json', [{ contract: USDT, name: 'X', symbol: 'X', decimals: 78 }]);
    expect(() => tokenListFor('BSC', decimals)).toThrow(/decimals/);
    const long = writeList(
      'long.json',
      Array.from({ length: SERVED_LIST_MAX + 1 }, () => ({
        contract: USDT,
        name: 'X',
        symbol: 'X',
        decimals: 1,
      })),
    );
    expect(() => tokenListFor('BSC', long)).toThrow(/CHAIN_BSC_TOKEN_LIST/);
  });

  it("local profile: the local chain lists localnet's LocalUSD from endpoints.json", async () => {
    const dataDir = path.join(tmp, 'local');
    fs.mkdirSync(path.join(dataDir, 'localnet'), { recursive: true });
    const lusd = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';
    fs.writeFileSync(
      path.join(dataDir, 'localnet', 'endpoints.json'),
      JSON.stringify({
        evm: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337, contracts: { erc20: lusd } },
      }),
    );
    const get = await serve({}, { profile: 'local', dataDir });
    expect((await get('ETH')).body).toEqual({
      code: 0,
      data: [{ contract: lusd, name: 'Local USD', symbol: 'LUSD', decimals: 6 }],
    });
  });
});
