/**
 * The add-a-family checklist, walked (docs/architecture.md): a toy family is one folder (test/toyFamily: its server
 * side and its local chain, on the contracts of packages/server-kit and chains/common) plus one manifest line. The
 * server's and the local network's loaders take it from the manifest like any family; its chain starts, lands in
 * endpoints.json and the start banner, and the server serves its account from it. Nothing shared names it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLocalChains, startLocalnet, type Localnet } from '@secux-companion/localnet';
import manifest from '../../../../chains/families.json' with { type: 'json' };
import { loadFamilies, type EntryImport, type ManifestFamily } from './families.js';
import { createChainRegistry, registerChainRoutes } from './registry.js';

const TOY: ManifestFamily = { id: 'toy', dir: 'toy', entries: ['server', 'sim'] };
const withToy = [...manifest.families, TOY];
/** The toy's package is a test folder; every other family resolves as the roots resolve it. */
const load: EntryImport = (dir, entry) =>
  dir !== 'toy'
    ? import(`@secux-companion/chain-${dir}/${entry}`)
    : entry === 'server'
      ? import('./test/toyFamily/server.js')
      : import('./test/toyFamily/sim.js');

let tmp: string;
let net: Localnet;
let app: FastifyInstance;
const logs: string[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-toy-family-'));
  const chains = await loadLocalChains(withToy, load);
  // Only the toy's chain is started here (the others' start is the local network's own suite).
  net = await startLocalnet(
    {
      dataDir: path.join(tmp, 'localnet'),
      freePorts: true,
      handleSignals: false,
      log: (m) => logs.push(m),
      env: {},
    },
    chains.filter((c) => c.key === 'toy'),
  );
  const families = await loadFamilies(withToy, load);
  const registry = createChainRegistry({
    families,
    config: { profile: 'local', dataDir: tmp },
    fetch,
    env: {},
  });
  app = Fastify({ logger: false });
  await app.register(
    async (api) =>
      registerChainRoutes(api, { config: { profile: 'local', dataDir: tmp }, fetch }, { registry }),
    { prefix: '/api' },
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await net?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('a new family is its folder and one manifest line', () => {
  it('the loaders take it with every family of the manifest, after them', async () => {
    const ids = (await loadFamilies(withToy, load)).map((f) => f.id);
    expect(ids.at(-1)).toBe('toy');
    expect(ids.slice(0, -1)).toEqual((await loadFamilies()).map((f) => f.id));
    const keys = (await loadLocalChains(withToy, load)).map((c) => c.key);
    expect(keys).toContain('toy');
    expect(keys.filter((k) => k !== 'toy')).toEqual((await loadLocalChains()).map((c) => c.key));
  });

  it('the local network starts its chain: endpoints.json, the log and the banner', () => {
    const written = JSON.parse(fs.readFileSync(path.join(tmp, 'localnet', 'endpoints.json'), 'utf8')) as {
      toy?: { url: string };
    };
    expect(written.toy?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(logs.some((l) => l.startsWith('toy chain at http://127.0.0.1:'))).toBe(true);
    expect(net.summary()).toEqual([{ key: 'toy', lines: [`TOY  ${written.toy!.url}  toy ledger`] }]);
  });

  it('the server serves its chain from the local network and reads an account through the family', async () => {
    const list = (await app.inject({ url: '/api/chains' })).json() as {
      chains: { chain: string; family: string }[];
    };
    expect(list.chains).toContainEqual(
      expect.objectContaining({ chain: 'TOY', family: 'toy', providers: ['toy#1'] }),
    );
    const r = await app.inject({ url: '/api/chains/TOY/account/alice' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ chain: 'TOY', address: 'alice', balance: '1234500' });
  });

  it('its switch leaves it out like any local chain', async () => {
    const chains = (await loadLocalChains(withToy, load)).filter((c) => c.key === 'toy');
    const off = await startLocalnet(
      {
        dataDir: path.join(tmp, 'off'),
        freePorts: true,
        handleSignals: false,
        writeEndpoints: false,
        log: () => undefined,
        env: { LOCALNET_TOY: 'off' },
      },
      chains,
    );
    try {
      expect(off.summary()).toEqual([]);
      expect((off as unknown as Record<string, unknown>).toy).toBeNull();
    } finally {
      await off.stop();
    }
  });
});
