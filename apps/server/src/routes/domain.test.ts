/**
 * Domain resolution's supported-TLD call (spec 03 §5, §7, §8; reference apis/unstoppable-domains.md): UD's
 * GET /supported_tlds is read once an hour; when it cannot be read, resolution fails with 'Can not get supported
 * tlds', and a garbled or oversized list is not taken for one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { makeTestConfig } from '../test/harness.js';
import { startFakeUpstream, type FakeUpstream } from '../test/fake-upstream.js';
import { parseSupportedTlds } from './domain.js';

const ETH_ADDR = '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8';
let tlds: { status?: number; body: unknown } = { body: { tlds: ['crypto'] } };
let ud: FakeUpstream;
beforeAll(async () => {
  ud = await startFakeUpstream((req) => {
    if (req.path === '/resolve/supported_tlds') return tlds;
    return {
      body: { meta: { domain: 'brad.crypto', owner: ETH_ADDR }, records: { 'crypto.ETH.address': ETH_ADDR } },
    };
  });
});
afterAll(async () => ud?.close());

const apps: { close(): Promise<unknown> }[] = [];
const tmps: string[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const d of tmps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
async function app() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-domain-'));
  tmps.push(tmp);
  const a = await buildApp(makeTestConfig(tmp, { UD_API_URL: `${ud.url}/resolve`, UD_API_KEY: 'k' }), {
    logger: false,
  });
  apps.push(a);
  return a;
}
const resolve = (a: Awaited<ReturnType<typeof app>>, domain: string) =>
  a.inject({ url: `/api/domain/resolve?domain=${domain}&coin=ETH` });

describe('domain resolution: supported TLDs', () => {
  it('asks UD for its TLDs once, then resolves a domain under one of them', async () => {
    tlds = { body: { tlds: ['Crypto', 'nft'] } };
    const a = await app();
    const before = ud.requests.filter((r) => r.path === '/resolve/supported_tlds').length;
    expect((await resolve(a, 'brad.crypto')).json()).toMatchObject({ address: ETH_ADDR });
    expect((await resolve(a, 'brad.crypto')).statusCode).toBe(200);
    expect(ud.requests.filter((r) => r.path === '/resolve/supported_tlds').length - before).toBe(1);
    expect(ud.requests.at(-1)?.headers.authorization).toBe('Bearer k');
  });

  it.each([
    ['an error', { status: 500, body: { error: 'boom' } }],
    ['no list', { body: { meta: {} } }],
    ['an empty list', { body: { tlds: [] } }],
    ['a name that is not a TLD', { body: { tlds: ['crypto', 'a b'] } }],
  ])('answers %s: "Can not get supported tlds"', async (_what, answer) => {
    tlds = answer;
    const res = await resolve(await app(), 'brad.crypto');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Can not get supported tlds', reason: 'tlds_unavailable' });
  });

  it('reads a list as lower-case labels, refusing more than 5000', () => {
    expect(parseSupportedTlds({ tlds: ['Crypto', 'x', 'crypto'] })).toEqual(['crypto', 'x']);
    expect(parseSupportedTlds({ tlds: Array.from({ length: 5001 }, (_, i) => `t${i}`) })).toBeNull();
    expect(parseSupportedTlds({ tlds: [1] })).toBeNull();
  });
});

describe('local profile: the TLDs are those of the local domain table', () => {
  it('a domain under another TLD is refused before the table is read', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-domain-'));
    tmps.push(tmp);
    const a = await buildApp(makeTestConfig(tmp, {}), { logger: false });
    apps.push(a);
    const { setRemoteConfig } = await import('../content/remote-config.js');
    await setRemoteConfig(a.deps.dbh, 'localDomains', { 'alice.crypto': { 'crypto.ETH.address': ETH_ADDR } });
    expect((await resolve(a, 'alice.crypto')).json()).toMatchObject({ provider: 'local', address: ETH_ADDR });
    expect((await resolve(a, 'alice.nft')).json()).toMatchObject({ reason: 'unsupported_tld' });
    expect((await resolve(a, 'bob.crypto')).json()).toMatchObject({ reason: 'not_registered' });
  });
});
