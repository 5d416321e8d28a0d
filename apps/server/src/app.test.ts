import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { BACKENDS, INDEX_HTML, makeTestConfig, useTestApp } from './test/harness.js';

function expectSecurityHeaders(h: Record<string, unknown>) {
  const csp = String(h['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("img-src 'self' data: https:");
  // User-added EVM RPCs are called from the browser: any https origin, plus loopback in the local profile.
  expect(csp).toMatch(/connect-src 'self'[^;]* https:/);
  // The local profile frames the stand-in buy widgets served by this server under the host name localhost.
  expect(csp).toMatch(/frame-src http:\/\/localhost:\d+(;|$)/);
  const policy = Object.fromEntries(
    String(h['permissions-policy'])
      .split(/,\s*/)
      .map((d) => d.split('=') as [string, string]),
  );
  // The device (WebUSB, Bluetooth) and the QR scanner's camera on our own origin only; what the app never uses, nowhere.
  expect(policy).toMatchObject({ usb: '(self)', bluetooth: '(self)', camera: '(self)' });
  for (const denied of [
    'geolocation',
    'microphone',
    'payment',
    'hid',
    'serial',
    'display-capture',
    'clipboard-read',
  ])
    expect(policy[denied]).toBe('()');
  expect(Object.values(policy).every((v) => v === '()' || v === '(self)')).toBe(true);
  expect(h['x-content-type-options']).toBe('nosniff');
  expect(h['referrer-policy']).toBe('no-referrer');
}

describe.each(BACKENDS)('app foundation ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    const t = useTestApp(backend);

    it('GET /healthz pings the database', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', db: backend.name });
      expectSecurityHeaders(res.headers);
    });

    it('sends security headers on API, static, SPA and error responses', async () => {
      for (const req of [
        { url: '/api/config' },
        { url: '/assets/app-1234.js' },
        { url: '/wallet/accounts', headers: { accept: 'text/html' } },
        { url: '/api/does-not-exist' },
        { url: '/api/prices/coins?ids=' },
      ]) {
        const res = await t.app.inject({ method: 'GET', ...req });
        expectSecurityHeaders(res.headers);
      }
    });

    it('adds HSTS only for https requests', async () => {
      const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    });

    it('serves index.html at / and static assets', async () => {
      const root = await t.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(200);
      expect(root.body).toBe(INDEX_HTML);
      expect(root.headers['content-type']).toMatch(/text\/html/);
      const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
    });

    it('falls back to index.html for app routes that accept HTML', async () => {
      for (const url of ['/wallet', '/account/btc/0', '/settings?tab=update']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,application/xhtml+xml' },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toBe(INDEX_HTML);
      }
    });

    it('does not fall back for files, non-HTML requests, POST, or /api paths', async () => {
      const missingFile = await t.app.inject({
        method: 'GET',
        url: '/assets/missing.js',
        headers: { accept: 'text/html' },
      });
      expect(missingFile.statusCode).toBe(404);
      const json = await t.app.inject({
        method: 'GET',
        url: '/wallet',
        headers: { accept: 'application/json' },
      });
      expect(json.statusCode).toBe(404);
      const post = await t.app.inject({ method: 'POST', url: '/wallet', headers: { accept: 'text/html' } });
      expect(post.statusCode).toBe(404);
      const api = await t.app.inject({
        method: 'GET',
        url: '/api/unknown/thing',
        headers: { accept: 'text/html' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toMatch(/application\/json/);
      expect(api.json()).toMatchObject({
        statusCode: 404,
        error: 'no such API endpoint: GET /api/unknown/thing',
      });
    });
  });
});

describe('app without a built web app', () => {
  it('answers / with a clear 503', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-noweb-'));
    const app = await buildApp(makeTestConfig(tmp), { logger: false });
    try {
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toMatch(/web app has not been built.*npm run build/s);
      const route = await app.inject({ method: 'GET', url: '/wallet', headers: { accept: 'text/html' } });
      expect(route.statusCode).toBe(503);
      const api = await app.inject({ method: 'GET', url: '/healthz' });
      expect(api.statusCode).toBe(200);
    } finally {
      await app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('honours FRAME_ANCESTORS, EXTRA_CONNECT_SRC and HSTS', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-csp-'));
    const app = await buildApp(
      makeTestConfig(tmp, {
        FRAME_ANCESTORS: 'https://embed.example.com',
        EXTRA_CONNECT_SRC: 'http://127.0.0.1:8545',
        TRUST_PROXY: 'loopback',
      }),
      { logger: false },
    );
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('frame-ancestors https://embed.example.com');
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:8545 https:");
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await app.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
