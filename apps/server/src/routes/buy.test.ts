import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from '../test/harness.js';

const ETH_ADDR = '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8';
const LTC_ADDR = 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';

describe.each(BACKENDS)('buy widgets, local profile ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    const t = useTestApp(backend, { env: { PORT: '18123' } });
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    it('points both providers at the stand-ins on another origin (localhost) of this server', async () => {
      const primary = await get(`/api/buy/widget-url?address=${ETH_ADDR}&coin=LTC`);
      expect(primary.statusCode).toBe(200);
      expect(primary.json()).toMatchObject({ provider: 'primary', coin: 'LTC' });
      const u = new URL(primary.json().url);
      expect(u.origin).toBe('http://localhost:18123');
      expect(u.pathname).toBe('/api/buy/stand-in/primary.html');
      expect(u.searchParams.get('address')).toBe(ETH_ADDR);

      const secondary = await get('/api/buy/widget-url?provider=secondary&coin=bsc&currency=eur');
      expect(secondary.statusCode).toBe(200);
      expect(secondary.json()).toEqual({
        provider: 'secondary',
        coin: 'BSC',
        currency: 'EUR',
        url: 'http://localhost:18123/api/buy/stand-in/secondary.html',
      });
    });

    it('the second provider needs no address; its URL never carries one', async () => {
      const res = await get(`/api/buy/widget-url?provider=secondary&coin=LTC&address=${LTC_ADDR}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().url).not.toContain(LTC_ADDR);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('400 on coins the chosen provider does not support, or a bad provider', async () => {
      for (const q of [
        'provider=secondary&coin=SOL',
        'provider=secondary&coin=XLM',
        'provider=secondary',
        `provider=primary&coin=XRP&address=${ETH_ADDR}`,
        'provider=primary&coin=ETH',
        `provider=other&coin=ETH&address=${ETH_ADDR}`,
      ]) {
        expect((await get(`/api/buy/widget-url?${q}`)).statusCode, q).toBe(400);
      }
    });

    it('frames both stand-ins (frame-src)', async () => {
      const csp = String((await get('/healthz')).headers['content-security-policy']);
      expect(csp).toMatch(/frame-src http:\/\/localhost:18123(;|$)/);
    });

    it('serves the stand-in pages with their own CSP, frameable by a loopback app', async () => {
      for (const name of ['primary', 'secondary']) {
        const html = await get(`/api/buy/stand-in/${name}.html`);
        expect(html.statusCode).toBe(200);
        expect(html.headers['content-type']).toContain('text/html');
        expect(html.body).toContain(`<script src="${name}.js"></script>`);
        const csp = String(html.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toContain("unsafe-inline'; script");
        expect(csp).toContain('frame-ancestors http://127.0.0.1:* http://localhost:*');
        expect(html.headers['x-frame-options']).toBeUndefined();
        const js = await get(`/api/buy/stand-in/${name}.js`);
        expect(js.statusCode).toBe(200);
        expect(js.headers['content-type']).toContain('javascript');
        // Text only: what the wallet sends is never parsed as HTML.
        expect(js.body).not.toContain('innerHTML');
      }
      expect((await get('/api/buy/stand-in/other.html')).statusCode).toBe(404);
      expect((await get('/api/buy/stand-in/toString')).statusCode).toBe(404);
    });
  });
});

describe('buy widgets, mainnet profile', () => {
  const t = useTestApp(
    { name: 'sqlite', enabled: true },
    { env: { WALLET_PROFILE: 'mainnet', BUY_WIDGET_HMAC_SECRET: 'x'.repeat(32) } },
  );
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('uses the https providers and serves no stand-ins', async () => {
    const primary = await get(`/api/buy/widget-url?address=${ETH_ADDR}&coin=ETH`);
    expect(new URL(primary.json().url).origin).toBe('https://trade-ui.coinify.com');
    const secondary = await get('/api/buy/widget-url?provider=secondary&coin=XRP');
    expect(secondary.statusCode).toBe(200);
    expect(new URL(secondary.json().url).protocol).toBe('https:');
    const csp = String(primary.headers['content-security-policy']);
    expect(csp).toContain(`frame-src https://trade-ui.coinify.com ${new URL(secondary.json().url).origin}`);
    expect(csp).not.toContain('localhost');
    for (const file of ['primary.html', 'primary.js', 'secondary.html', 'secondary.js']) {
      const res = await get(`/api/buy/stand-in/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.body).not.toContain('postMessage');
      expect(res.body).not.toContain('<html');
    }
  });

  it('BUY_WIDGET2_URL sets the second provider and its frame-src origin', async () => {
    const { loadConfig } = await import('../config.js');
    const r = loadConfig({ WALLET_PROFILE: 'mainnet', BUY_WIDGET2_URL: 'https://eu.example.com/w?x=1' });
    expect(r.ok && r.config.buyWidget2).toEqual({
      url: 'https://eu.example.com/w?x=1',
      frameOrigins: ['https://eu.example.com'],
    });
    expect(loadConfig({ BUY_WIDGET2_URL: 'ftp://x' }).ok).toBe(false);
  });
});

describe('buy widgets without the first provider configured', () => {
  const t = useTestApp({ name: 'sqlite', enabled: true }, { env: { WALLET_PROFILE: 'mainnet' } });

  it('answers 503 with the code the web app translates (issue 31 item 13), not only an English text', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/buy/widget-url?address=${ETH_ADDR}&coin=ETH`,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'buy_not_configured', statusCode: 503 });
  });
});
