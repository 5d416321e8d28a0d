import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('applies defaults for an empty environment', () => {
    const r = loadConfig({});
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.config;
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.profile).toBe('local');
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.db).toEqual({ kind: 'sqlite', file: path.join(REPO_ROOT, 'data', 'wallet.sqlite') });
    expect(c.webDist).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
    expect(c.corsOrigins).toEqual([]);
    expect(c.csp.frameAncestors).toEqual([]);
    expect(c.seedSamples).toBe(true);
    expect(c.buyWidget.hmacSecret).toBeTruthy();
  });

  it('reads every variable', () => {
    const r = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/wallet',
      DATABASE_URL: 'postgres://u:p@db:5432/wallet',
      WEB_DIST: '/srv/web',
      CORS_ORIGINS: 'https://a.example.com, https://b.example.com/',
      WALLET_PROFILE: 'mainnet',
      BUY_WIDGET_HMAC_SECRET: 'x'.repeat(32),
      BUY_WIDGET_URL: 'https://trade.example.com/widget',
      BUY_WIDGET_PARTNER_ID: '123',
      UD_API_KEY: 'ud-key',
      UD_API_URL: 'http://127.0.0.1:1234/resolve/',
      COINGECKO_API_KEY: 'cg-key',
      COINGECKO_API_URL: 'https://pro-api.coingecko.com/api/v3',
      FRAME_ANCESTORS: "'self' https://host.example.com",
      EXTRA_CONNECT_SRC: 'https://rpc.example.com wss://ws.example.com',
      RATE_LIMIT_MAX: '50',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback',
      TXLOG_RETENTION_DAYS: '30',
      TXLOG_MAX_ROWS: '5000',
      TXLOG_DAILY_CAP: '20',
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const c = r.config;
    expect(c.port).toBe(9000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe('/var/lib/wallet');
    expect(c.db).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/wallet' });
    expect(c.webDist).toBe('/srv/web');
    expect(c.corsOrigins).toEqual(['https://a.example.com', 'https://b.example.com']);
    expect(c.profile).toBe('mainnet');
    expect(c.seedSamples).toBe(false);
    expect(c.buyWidget.frameOrigins).toEqual(['https://trade.example.com']);
    expect(c.buyWidget.partnerId).toBe('123');
    expect(c.unstoppable).toEqual({ apiUrl: 'http://127.0.0.1:1234/resolve', apiKey: 'ud-key' });
    expect(c.coingecko.apiUrl).toBe('https://pro-api.coingecko.com/api/v3');
    expect(c.csp.frameAncestors).toEqual(["'self'", 'https://host.example.com']);
    expect(c.csp.extraConnectSrc).toEqual(['https://rpc.example.com', 'wss://ws.example.com']);
    expect(c.rateLimit.max).toBe(50);
    expect(c.trustProxy).toEqual({ proxies: ['10.0.0.0/8', '192.168.1.7', 'loopback'] });
    expect(c.txLog).toEqual({ maxAgeMs: 30 * 86_400_000, maxRows: 5000, dailyCap: 20 });
  });

  it('TRUST_PROXY: a hop count or proxy addresses, never every hop', () => {
    const tp = (v: string) => {
      const r = loadConfig({ TRUST_PROXY: v });
      return r.ok ? r.config.trustProxy : r.errors.join('\n');
    };
    expect(tp('')).toBe(false);
    expect(tp('false')).toBe(false);
    expect(tp('0')).toBe(false);
    // `1` is a hop count (the one proxy in front), not "trust everything".
    expect(tp('1')).toEqual({ hops: 1 });
    expect(tp('2')).toEqual({ hops: 2 });
    expect(tp('::1, fd00::/8')).toEqual({ proxies: ['::1', 'fd00::/8'] });
    for (const all of ['true', 'TRUE', 'yes', 'on', 'all', '*'])
      expect(tp(all)).toMatch(/^TRUST_PROXY=.*every hop.*choose its own IP/);
    for (const bad of ['11', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', '1.2.3'])
      expect(tp(bad)).toMatch(/^TRUST_PROXY=/);
  });

  it('treats empty strings as unset', () => {
    const r = loadConfig({ PORT: '', DATABASE_URL: ' ' });
    expect(r.ok && r.config.port).toBe(8080);
    expect(r.ok && r.config.db.kind).toBe('sqlite');
  });

  it('lists every bad variable with a clear message and hides secrets', () => {
    const r = loadConfig({
      PORT: 'eighty',
      WALLET_PROFILE: 'prod',
      DATABASE_URL: 'mysql://x',
      CORS_ORIGINS: 'not a url',
      BUY_WIDGET_HMAC_SECRET: 'short',
      TRUST_PROXY: 'maybe',
      EXTRA_CONNECT_SRC: 'https://ok.example.com; script-src *',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const text = r.errors.join('\n');
    for (const key of [
      'PORT',
      'WALLET_PROFILE',
      'DATABASE_URL',
      'CORS_ORIGINS',
      'BUY_WIDGET_HMAC_SECRET',
      'TRUST_PROXY',
      'EXTRA_CONNECT_SRC',
    ]) {
      expect(text).toContain(key);
    }
    expect(text).toContain("must be 'local' or 'mainnet'");
    expect(text).not.toContain('short');
    expect(text).not.toContain('mysql://x');
  });

  it('rejects out-of-range ports', () => {
    const r = loadConfig({ PORT: '70000' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatch(/PORT.*between 0 and 65535/);
  });

  it('mainnet has no default buy-widget secret', () => {
    const r = loadConfig({ WALLET_PROFILE: 'mainnet' });
    expect(r.ok && r.config.buyWidget.hmacSecret).toBeUndefined();
  });
});
