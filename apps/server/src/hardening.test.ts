import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { makeTestConfig } from './test/harness.js';

const apps: { close(): Promise<unknown> }[] = [];
const tmps: string[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  for (const d of tmps.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

async function make(env: Record<string, string>, extra: Parameters<typeof buildApp>[1] = { logger: false }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-hard-'));
  tmps.push(tmp);
  const app = await buildApp(makeTestConfig(tmp, env), extra);
  apps.push(app);
  return app;
}

describe('local domain table (local profile without UD key)', () => {
  it('resolves from remote config localDomains', async () => {
    const app = await make({});
    const { setRemoteConfig } = await import('./content/remote-config.js');
    await setRemoteConfig(app.deps.dbh, 'localDomains', {
      'alice.crypto': { 'crypto.ETH.address': '0x1111111111111111111111111111111111111111' },
    });
    const ok = await app.inject({ url: '/api/domain/resolve?domain=alice.crypto&coin=ETH' });
    expect(ok.json()).toMatchObject({
      provider: 'local',
      address: '0x1111111111111111111111111111111111111111',
    });
    const miss = await app.inject({ url: '/api/domain/resolve?domain=bob.crypto&coin=ETH' });
    expect(miss.statusCode).toBe(404);
    expect(miss.json()).toMatchObject({
      error: 'can not resolve domain from bob.crypto',
      reason: 'not_registered',
    });
  });
  it('mainnet without a key answers 404 not_configured', async () => {
    const app = await make({ WALLET_PROFILE: 'mainnet' });
    const res = await app.inject({ url: '/api/domain/resolve?domain=alice.crypto&coin=ETH' });
    expect(res.statusCode).toBe(404);
    expect(res.json().reason).toBe('not_configured');
  });
});

describe('hardening', () => {
  it('rate limits per client with 429 JSON (healthz exempt)', async () => {
    const app = await make({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_SECONDS: '60' });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push(
        (await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.0.0.1' })).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const limited = await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.0.0.1' });
    expect(limited.json()).toMatchObject({ statusCode: 429 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/config', remoteAddress: '10.0.0.2' })).statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.0.0.1' })).statusCode).toBe(
      200,
    );
  });

  it('CORS: only allowlisted origins get CORS headers', async () => {
    const app = await make({ CORS_ORIGINS: 'https://wallet.example.com' });
    const ok = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://wallet.example.com' },
    });
    expect(ok.headers['access-control-allow-origin']).toBe('https://wallet.example.com');
    const bad = await app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(bad.headers['access-control-allow-origin']).toBeUndefined();
    const none = await make({});
    const r = await none.inject({
      method: 'GET',
      url: '/api/config',
      headers: { origin: 'https://wallet.example.com' },
    });
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('body limit gives 413', async () => {
    const app = await make({ BODY_LIMIT: '2048' });
    const res = await app.inject({
      method: 'POST',
      url: '/api/txlog',
      payload: { hash: '0xabcdef0123456789', chain: 'ETH', context: { x: 'y'.repeat(5000) } },
    });
    expect(res.statusCode).toBe(413);
  });

  it('logs contain no client IPs, host names or query strings (addresses)', async () => {
    const lines: string[] = [];
    const app = await make(
      { LOG_LEVEL: 'info' },
      { logStream: { write: (m: string) => void lines.push(m) } },
    );
    const addr = '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8';
    await app.inject({
      method: 'GET',
      url: `/api/buy/widget-url?address=${addr}&coin=ETH`,
      remoteAddress: '198.51.100.23',
      headers: { host: 'secret-host.example' },
    });
    await app.inject({
      method: 'GET',
      url: `/api/domain/resolve?domain=brad.crypto&coin=ETH`,
      remoteAddress: '198.51.100.23',
    });
    await app.inject({
      method: 'POST',
      url: '/api/txlog',
      payload: { hash: '0xfeedfacecafebeef', chain: 'ETH', context: { from: addr } },
      remoteAddress: '198.51.100.23',
    });
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    expect(text).toContain('/api/buy/widget-url');
    for (const secret of [
      '198.51.100.23',
      'secret-host',
      addr,
      addr.toLowerCase(),
      'brad.crypto',
      'remoteAddress',
      'hostname',
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});
