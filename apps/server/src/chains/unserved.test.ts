/**
 * A coin of a family that this configuration does not serve (mainnet HME without an RPC, BTC switched off, every coin
 * but BNB in the local profile before localnet wrote its endpoints) is not an unknown chain: `GET /api/chains` lists it
 * under `unserved` and every chain route answers 404 `chain_not_configured` with the settings that would serve it —
 * variable names only, never a configured value.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { CHAIN_ENV_KEYS, createChainRegistry, registerChainRoutes } from './registry.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-chains-unserved-'));
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

const noFetch = (async () => {
  throw new Error('no network in this test');
}) as typeof fetch;

const XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';

async function server(profile: 'mainnet' | 'local', env: Record<string, string>) {
  const registry = createChainRegistry({ config: { profile, dataDir: tmp }, fetch: noFetch, env });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } }); // as in app.ts
  apps.push(app);
  await app.register(
    async (api) => registerChainRoutes(api, { config: {} as never, fetch: noFetch }, { registry }),
    {
      prefix: '/api',
    },
  );
  await app.ready();
  return async (url: string) => {
    const r = await app.inject({ url });
    return { status: r.statusCode, body: r.json() as Record<string, unknown>, text: r.body };
  };
}

describe('a coin the configuration does not serve', () => {
  it('mainnet HME without an RPC: 404 chain_not_configured naming CHAIN_HME_RPC, listed as unserved', async () => {
    const get = await server('mainnet', {});
    expect(await get('/api/chains/HME/account/0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toMatchObject({
      status: 404,
      body: {
        code: 'chain_not_configured',
        statusCode: 404,
        chain: 'HME',
        reason: 'no_provider',
        settings: ['CHAIN_HME_RPC'],
      },
    });
    // the chain's description and its family's own routes answer the same
    expect((await get('/api/chains/hme')).body).toMatchObject({ code: 'chain_not_configured', chain: 'HME' });
    expect(
      (await get('/api/chains/HME/nonce/0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).body,
    ).toMatchObject({
      code: 'chain_not_configured',
      settings: ['CHAIN_HME_RPC'],
    });
    const listed = (await get('/api/chains')).body as { chains: { chain: string }[]; unserved: unknown[] };
    expect(listed.chains.map((c) => c.chain)).toContain('ETH');
    // HME, and DASH and DGB whose public Blockbooks are gone (below)
    expect(listed.unserved).toContainEqual({
      chain: 'HME',
      family: 'evm',
      reason: 'no_provider',
      settings: ['CHAIN_HME_RPC'],
    });
    expect(listed.unserved).toHaveLength(3);
    // a name no family knows stays an unknown chain
    expect((await get('/api/chains/NOPE/fees')).body).toMatchObject({ code: 'unknown_chain', chain: 'NOPE' });
  });

  it('a coin switched off with `none`: switched_off, the settings named and no configured value in any answer', async () => {
    const get = await server('mainnet', {
      CHAIN_BTC_BLOCKBOOK: 'none',
      CHAIN_TRX_NODES: 'none',
      ETHERSCAN_API_KEY: 'etherscan-secret-key',
      TRON_PRO_API_KEY: 'tron-secret-key',
      CHAIN_HME_RPC: 'https://operator:hme-secret@hme.example.com',
    });
    const btc = await get(`/api/chains/BTC/xpub/${XPUB}?bip=44`);
    expect(btc).toMatchObject({
      status: 404,
      body: {
        code: 'chain_not_configured',
        chain: 'BTC',
        reason: 'switched_off',
        settings: ['CHAIN_BTC_BLOCKBOOK', 'CHAIN_BTC_BITCOIN_RPC'],
      },
    });
    const listed = await get('/api/chains');
    const unservedList = (listed.body as { unserved: { reason: string }[] }).unserved;
    expect(unservedList.filter((u) => u.reason === 'switched_off')).toEqual([
      {
        chain: 'BTC',
        family: 'bitcoin',
        reason: 'switched_off',
        settings: ['CHAIN_BTC_BLOCKBOOK', 'CHAIN_BTC_BITCOIN_RPC'],
      },
      {
        chain: 'TRX',
        family: 'tron',
        reason: 'switched_off',
        settings: ['CHAIN_TRX_NODES', 'CHAIN_TRX_INDEXERS'],
      },
    ]);
    for (const text of [btc.text, listed.text, (await get('/api/chains/TRX/account/x')).text])
      expect(text).not.toMatch(/secret|example\.com|none/);
  });

  it('local profile before localnet: every coin but BNB unserved, each served by the first setting it names', async () => {
    const get = await server('local', {});
    const { unserved } = (await get('/api/chains')).body as {
      unserved: { chain: string; reason: string; settings: string[] }[];
    };
    expect(unserved.map((u) => u.chain).sort()).toEqual(
      ['BTC', 'TBTC', 'LTC', 'BCH', 'GRS', 'DASH', 'DGB', 'DOGE', 'ETH', 'TETH', 'BSC', 'TBSC', 'XDC', 'HME']
        .concat(['XRP', 'FIO', 'TFIO', 'XLM', 'TRX', 'SOL'])
        .sort(),
    );
    expect(unserved.find((u) => u.chain === 'LTC')?.settings).toEqual([
      'CHAIN_LTC_BLOCKBOOK',
      'CHAIN_LTC_BITCOIN_RPC',
      'LOCAL_LTC_RPC_URL',
    ]);
    expect(unserved.find((u) => u.chain === 'ETH')?.settings).toEqual(['CHAIN_ETH_RPC', 'LOCAL_EVM_RPC']);
    for (const u of unserved) {
      expect(u.reason).toBe('no_provider');
      expect(u.settings.length).toBeGreaterThan(0);
      // every name is a variable the server reads, and the first one alone serves the coin
      for (const k of u.settings) expect(CHAIN_ENV_KEYS).toContain(k);
      const served = createChainRegistry({
        config: { profile: 'local', dataDir: tmp },
        fetch: noFetch,
        env: { [u.settings[0]!]: 'http://127.0.0.1:9' },
      });
      expect(served.get(u.chain), `${u.chain} with ${u.settings[0]}`).toBeDefined();
      expect(served.unserved().map((x) => x.chain)).not.toContain(u.chain);
    }
  });
});

describe('dead public hosts are not defaults', () => {
  it('mainnet DASH and DGB (Trezor switched their Blockbooks off) name the setting that would serve them', async () => {
    const get = await server('mainnet', {});
    const { body } = await get('/api/chains');
    const unserved = new Map(
      (body.unserved as { chain: string; settings: string[] }[]).map((u) => [u.chain, u]),
    );
    for (const sym of ['DASH', 'DGB'])
      expect(unserved.get(sym)?.settings, sym).toContain(`CHAIN_${sym}_BLOCKBOOK`);
    const eth = (body.chains as { chain: string; providers: string[] }[]).find((c) => c.chain === 'ETH');
    // two live public RPCs (cloudflare-eth.com is gone), Blockscout's keyless explorer and Trezor's Blockbooks
    expect(eth?.providers).toEqual(['rpc#1', 'rpc#2', 'blockscout#1', 'blockbook#1', 'blockbook#2']);
  });
});
