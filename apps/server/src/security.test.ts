/**
 * Who the client is behind a proxy (TRUST_PROXY), and the https-only header (HSTS): what a caller sees.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { INDEX_HTML, makeTestConfig } from './test/harness.js';

const apps: FastifyInstance[] = [];
const tmps: string[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const d of tmps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function make(env: Record<string, string>, withWeb = false) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-sec-'));
  tmps.push(tmp);
  if (withWeb) {
    fs.mkdirSync(path.join(tmp, 'web', 'assets'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'web', 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(tmp, 'web', 'assets', 'app-1234.js'), 'console.log("app");');
  }
  const app = await buildApp(makeTestConfig(tmp, env), { logger: false });
  apps.push(app);
  return app;
}

const PROXY = '10.1.2.3';
const CLIENT = '198.51.100.7';
/** A different made-up address on every call: what a client would put in X-Forwarded-For to look new each time. */
const spoofed = (i: number) => `203.0.113.${i % 250}, 192.0.2.${(i * 7) % 250}`;

describe('TRUST_PROXY', () => {
  for (const trust of ['1', PROXY, '10.0.0.0/8']) {
    it(`TRUST_PROXY=${trust}: a client behind the proxy cannot choose its own IP to skip the rate limit`, async () => {
      const app = await make({ TRUST_PROXY: trust, RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '60' });
      const codes: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await app.inject({
          url: '/api/config',
          remoteAddress: PROXY,
          // The client's own (forged) entries first, then the one the proxy appends: the address it saw.
          headers: { 'x-forwarded-for': `${spoofed(i)}, ${CLIENT}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.slice(5).every((c) => c === 429)).toBe(true);
      // Another client behind the same proxy has its own budget (the proxy's address is not the key).
      const other = await app.inject({
        url: '/api/config',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(other.statusCode).toBe(200);
    });
  }

  it('a peer that is not a listed proxy is the client, whatever X-Forwarded-For says', async () => {
    const app = await make({ TRUST_PROXY: PROXY, RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await app.inject({
            url: '/api/config',
            remoteAddress: CLIENT,
            headers: { 'x-forwarded-for': spoofed(i) },
          })
        ).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
  });

  it("the web app's files and shell do not count against the API rate limit", async () => {
    const app = await make({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '60' }, true);
    const get = async (url: string, accept = '*/*') =>
      (await app.inject({ url, remoteAddress: CLIENT, headers: { accept } })).statusCode;
    const pages: number[] = [];
    for (let i = 0; i < 10; i++) {
      pages.push(await get('/'));
      pages.push(await get('/assets/app-1234.js'));
      pages.push(await get('/wallet/account', 'text/html'));
    }
    expect(pages.every((c) => c === 200)).toBe(true);
    const api: number[] = [];
    for (let i = 0; i < 5; i++) api.push(await get('/api/config'));
    expect(api).toEqual([200, 200, 200, 429, 429]);
  });

  it('TRUST_PROXY=true is refused (every hop), naming the variable', async () => {
    const { loadConfig } = await import('./config.js');
    const r = loadConfig({ TRUST_PROXY: 'true' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.join('\n')).toMatch(/^TRUST_PROXY="true": .*every hop/);
  });
});

describe('HSTS', () => {
  const hsts = (res: { headers: Record<string, unknown> }) => res.headers['strict-transport-security'];

  it('is sent when a trusted proxy says the request came over https, not for plain http', async () => {
    const app = await make({ TRUST_PROXY: PROXY });
    const viaHttps = await app.inject({
      url: '/api/config',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': CLIENT },
    });
    expect(hsts(viaHttps)).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    const viaHttp = await app.inject({
      url: '/api/config',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': CLIENT },
    });
    expect(hsts(viaHttp)).toBeUndefined();
    // A direct client cannot claim https for itself.
    const claimed = await app.inject({
      url: '/api/config',
      remoteAddress: CLIENT,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(hsts(claimed)).toBeUndefined();
  });

  it('without a trusted proxy X-Forwarded-Proto is ignored; HSTS=true sends it always', async () => {
    const plain = await make({});
    expect(
      hsts(await plain.inject({ url: '/api/config', headers: { 'x-forwarded-proto': 'https' } })),
    ).toBeUndefined();
    const always = await make({ HSTS: 'true' });
    expect(hsts(await always.inject({ url: '/api/config' }))).toMatch(/^max-age=/);
    expect(hsts(await always.inject({ url: '/nope' }))).toMatch(/^max-age=/);
  });
});
