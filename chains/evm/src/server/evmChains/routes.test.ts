import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isForwardableRpc } from '@secux-companion/server-kit/rpcGuard';
import { registerEvmChainRoutes, type EvmChainSource } from './routes.js';
import { EVM_CHAIN_ICON_DIR, type LogoSource } from './logos.js';

type Config = { profile: 'local' | 'mainnet'; dataDir: string };

/** What the server's configuration gives the EVM chains area (DATA_DIR is <tmp>/data). */
function config(tmp: string, profile: 'local' | 'mainnet'): Config {
  return { profile, dataDir: path.join(tmp, 'data') };
}

async function appFor(cfg: Config, opts: Parameters<typeof registerEvmChainRoutes>[2] = {}) {
  const app = Fastify();
  let source!: EvmChainSource;
  await app.register(
    async (api) => {
      source = registerEvmChainRoutes(api, { config: cfg }, { env: {}, ...opts });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return { app, source };
}

describe('GET /api/evm/chains and /api/evm/blacklist', () => {
  let tmp: string;
  let local: FastifyInstance;
  let mainnet: FastifyInstance;
  let localSource: EvmChainSource;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'evmchains-routes-'));
    fs.mkdirSync(path.join(tmp, 'data', 'localnet'), { recursive: true });
    fs.writeFileSync(
      path.join(tmp, 'data', 'localnet', 'endpoints.json'),
      JSON.stringify({
        evm: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 },
        sideEvm: { rpcUrl: 'http://127.0.0.1:8546', chainId: 31338 },
      }),
    );
    ({ app: local, source: localSource } = await appFor(config(tmp, 'local')));
    ({ app: mainnet } = await appFor(config(tmp, 'mainnet')));
  });
  afterAll(async () => {
    await local?.close();
    await mainnet?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('mainnet: the filtered snapshot, cacheable', async () => {
    const res = await mainnet.inject({ method: 'GET', url: '/api/evm/chains' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const body = res.json() as {
      chains: { chainId: number; local?: boolean }[];
      unsupported: { chainId: number }[];
      source: string;
      snapshotChains: number;
    };
    expect(body.source).toBe('snapshot');
    expect(body.chains.some((c) => c.chainId === 137)).toBe(true);
    expect(body.chains.some((c) => c.chainId === 31337 || c.chainId === 1)).toBe(false);
    expect(body.unsupported.length).toBe(3);
    expect(body.snapshotChains).toBeGreaterThan(body.chains.length);
  });

  it('local profile: the local side chain comes first so it can be added as a custom chain', async () => {
    const res = await local.inject({ method: 'GET', url: '/api/evm/chains' });
    const body = res.json() as {
      chains: { chainId: number; rpc: string; name: string; local?: boolean }[];
      source: string;
    };
    expect(body.source).toBe('snapshot+local');
    expect(body.chains[0]).toMatchObject({
      chainId: 31338,
      name: 'Localnet Side Chain',
      rpc: 'http://127.0.0.1:8546',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      local: true,
    });
    // The main local chain backs native ETH: never addable (its device entries would collide).
    expect(body.chains.some((c) => c.chainId === 31337)).toBe(false);
    expect(body.chains.filter((c) => c.local)).toHaveLength(1);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('local profile with an endpoints file from before the side chain: nothing local, cacheable', async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), 'evmchains-routes-old-'));
    fs.mkdirSync(path.join(old, 'data', 'localnet'), { recursive: true });
    fs.writeFileSync(
      path.join(old, 'data', 'localnet', 'endpoints.json'),
      JSON.stringify({ evm: { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 } }),
    );
    const { app, source } = await appFor(config(old, 'local'));
    try {
      const res = await app.inject({ method: 'GET', url: '/api/evm/chains' });
      const body = res.json() as { chains: { chainId: number; local?: boolean }[]; source: string };
      expect(body.source).toBe('snapshot');
      expect(body.chains.some((c) => c.local || c.chainId === 31337)).toBe(false);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      expect(isForwardableRpc('http://127.0.0.1:8545', source.allowList())).toBe(false);
    } finally {
      await app.close();
      fs.rmSync(old, { recursive: true, force: true });
    }
  });

  it('blacklist endpoint', async () => {
    const res = await mainnet.inject({ method: 'GET', url: '/api/evm/blacklist' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      chainIds: [324, 7700, 1666600000],
      rpcs: expect.arrayContaining(['https://rpc.ankr.com/polygon']),
    });
  });

  it('unreadable lists fail soft (empty)', async () => {
    const { app } = await appFor(config(tmp, 'mainnet'), {
      blacklistFiles: { chainIds: '/nope.json', rpcs: '/nope2.json' },
      snapshotFile: '/nope3.json',
    });
    expect((await app.inject({ method: 'GET', url: '/api/evm/blacklist' })).json()).toEqual({
      chainIds: [],
      rpcs: [],
    });
    expect((await app.inject({ method: 'GET', url: '/api/evm/chains' })).json()).toMatchObject({
      chains: [],
      unsupported: [],
    });
    await app.close();
  });

  it("GET /api/evm/chains/:id/logo: the local side chain's shipped logo, as a PNG that may not be sniffed or run", async () => {
    const res = await local.inject({ method: 'GET', url: '/api/evm/chains/31338/logo' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.rawPayload.equals(fs.readFileSync(path.join(EVM_CHAIN_ICON_DIR, 'localnet.png')))).toBe(true);
  });

  it('logo route: 404 for a chain not in the list, a malformed id, or a chain whose icon has no raster logo', async () => {
    const asked: string[] = [];
    const logos: LogoSource = {
      logo: async (icon) => {
        asked.push(icon);
        return null;
      },
    };
    const { app } = await appFor(config(tmp, 'mainnet'), { logos });
    try {
      for (const id of ['31337', '1', 'abc', '99999999999'])
        expect((await app.inject({ method: 'GET', url: `/api/evm/chains/${id}/logo` })).statusCode).toBe(404);
      expect(asked).toEqual([]);
      // Polygon's icon is asked for by its registry name; no logo → 404 (the client shows letters).
      const res = await app.inject({ method: 'GET', url: '/api/evm/chains/137/logo' });
      expect(res.statusCode).toBe(404);
      expect(asked).toEqual(['polygon']);
    } finally {
      await app.close();
    }
  });

  it("allow list for a proxy: snapshot RPCs and the own local side chain's node only", () => {
    const list = localSource.allowList();
    expect(isForwardableRpc('https://polygon-rpc.com/', list)).toBe(true);
    expect(isForwardableRpc('http://127.0.0.1:8546', list)).toBe(true);
    expect(isForwardableRpc('https://rpc.ankr.com/polygon', list)).toBe(false); // blacklisted
    expect(isForwardableRpc('https://user-added.example.org', list)).toBe(false);
    // The main chain's node is reached through the ETH chain routes, never as a custom chain's RPC.
    expect(isForwardableRpc('http://127.0.0.1:8545', list)).toBe(false);
    expect(isForwardableRpc('http://127.0.0.1:8547', list)).toBe(false);
  });
});
