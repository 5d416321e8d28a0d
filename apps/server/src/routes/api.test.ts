import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRemoteConfig } from '../content/remote-config.js';
import { parseImage, buildImage, samplePayload } from '../firmware/image.js';
import { publishRelease } from '../firmware/store.js';
import { FIAT_CURRENCIES } from '../prices/constants.js';
import { startFakeUpstream, type FakeUpstream } from '../test/fake-upstream.js';
import { BACKENDS, useTestApp } from '../test/harness.js';

const ETH_ADDR = '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8';

describe.each(BACKENDS)('product API ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    let ud: FakeUpstream;
    beforeAll(async () => {
      ud = await startFakeUpstream((req) => {
        if (req.headers.authorization !== 'Bearer test-ud-key')
          return { status: 403, body: { message: 'Please provide a valid API key.' } };
        if (req.path === '/resolve/supported_tlds') return { body: { tlds: ['crypto', 'nft', 'x'] } };
        const domain = decodeURIComponent(req.path.replace('/resolve/domains/', ''));
        if (domain === 'brad.crypto')
          return {
            body: {
              meta: { domain, owner: ETH_ADDR, blockchain: 'ETH', networkId: 1, reverse: false, type: 'Uns' },
              records: { 'crypto.ETH.address': ETH_ADDR, 'crypto.USDT.version.USDT.address': 'TXyzUSDT' },
            },
          };
        if (domain === 'broken.crypto') return { status: 500, body: { error: 'boom' } };
        // A valid answer padded past the size cap: refused while streaming, never parsed.
        if (domain === 'huge.crypto')
          return {
            body: {
              meta: { domain, owner: ETH_ADDR },
              records: { 'crypto.ETH.address': ETH_ADDR },
              pad: 'x'.repeat(2 * 1024 * 1024),
            },
          };
        return { body: { meta: { domain, owner: null, reverse: false, type: 'Uns' }, records: {} } };
      });
    });
    afterAll(async () => ud?.close());

    const t = useTestApp(backend, {
      env: () => ({ UD_API_URL: `${ud.url}/resolve`, UD_API_KEY: 'test-ud-key' }),
    });
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const post = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, payload: payload as object });

    // ---------------------------------------------------------------- firmware
    describe('firmware', () => {
      it('latest: status by device MCU version', async () => {
        const welcome = await get('/api/firmware/latest?mcu=2.24');
        expect(welcome.statusCode).toBe(200);
        expect(welcome.json()).toMatchObject({
          latestFirmwareVersion: '2.30',
          forceUpdate: false,
          status: 'welcome',
          latestSeVersion: '1.97',
        });
        expect((await get('/api/firmware/latest?mcu=2.30')).json()).toMatchObject({ status: 'noNeed' });
        expect((await get('/api/firmware/latest?mcu=2.30.5')).json()).toMatchObject({ status: 'noNeed' });
        expect((await get('/api/firmware/latest/2.9')).json()).toMatchObject({
          status: 'welcome',
          deviceMcuVersion: '2.9',
        });
        expect((await get('/api/firmware/latest')).json()).toMatchObject({
          latestFirmwareVersion: '2.30',
          status: null,
        });
        const zh = (await get('/api/firmware/latest?mcu=2.24&lang=zh-TW')).json();
        expect(zh.features[0]).toBe('支援更多 EVM 網路');
      });

      it('latest: 400 on bad input', async () => {
        for (const url of [
          '/api/firmware/latest?mcu=abc',
          '/api/firmware/latest?lang=fr',
          '/api/firmware/latest/..%2F..',
          '/api/firmware/latest/a%20b',
        ]) {
          const res = await get(url);
          expect(res.statusCode, url).toBe(400);
          expect(res.json().error).toMatch(/invalid/);
        }
      });

      it('a forced newer release makes older devices force-update; a model-specific release only affects that model', async () => {
        const image = buildImage('mcu', '2.31', samplePayload('mcu', '2.31', 256));
        await publishRelease(t.app.deps.dbh, t.config.firmwareDir, {
          kind: 'mcu',
          version: '2.31',
          model: 'W20',
          force: true,
          features: { en: ['Critical fix'] },
          image,
        });
        expect((await get('/api/firmware/latest?mcu=2.24')).json()).toMatchObject({
          latestFirmwareVersion: '2.30',
          status: 'welcome',
        });
        expect((await get('/api/firmware/latest?mcu=2.30&model=W20')).json()).toMatchObject({
          latestFirmwareVersion: '2.31',
          forceUpdate: true,
          status: 'force',
        });
        expect((await get('/api/firmware/latest/W20')).json()).toMatchObject({
          latestFirmwareVersion: '2.31',
          forceUpdate: true,
        });
        const dl = await get('/api/firmware/downloadMcu?model=W20');
        expect(dl.statusCode).toBe(200);
        expect(dl.rawPayload.equals(image)).toBe(true);
      });

      it('downloadMcu: latest image, verifiable, with its SHA-256', async () => {
        const res = await get('/api/firmware/downloadMcu');
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/octet-stream');
        expect(res.headers['x-firmware-version']).toBe('2.30');
        expect(res.headers['x-firmware-sha256']).toBe(
          createHash('sha256').update(res.rawPayload).digest('hex'),
        );
        const img = parseImage(res.rawPayload);
        expect(img).toMatchObject({ kind: 'mcu', version: '2.30' });
        expect((await get('/api/firmware/downloadMcu?version=2.30')).statusCode).toBe(200);
        expect((await get('/api/firmware/downloadMcu?version=9.99')).statusCode).toBe(404);
        expect((await get('/api/firmware/downloadMcu?version=x')).statusCode).toBe(400);
      });

      it('downloadSE: by file name, 404 when missing, 400 on bad names', async () => {
        for (const v of ['1.97', '1.96']) {
          const res = await post('/api/firmware/downloadSE', { fileName: `se-${v}.bin` });
          expect(res.statusCode).toBe(200);
          expect(parseImage(res.rawPayload)).toMatchObject({ kind: 'se', version: v });
        }
        const missing = await post('/api/firmware/downloadSE', { fileName: 'se-1.50.bin' });
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error).toContain('not found');
        // An MCU file name is not an SE image.
        expect((await post('/api/firmware/downloadSE', { fileName: 'mcu-2.30.bin' })).statusCode).toBe(404);
        for (const body of [{}, { fileName: '../wallet.sqlite' }, { fileName: 5 }, { fileName: 'a/b' }, []]) {
          expect((await post('/api/firmware/downloadSE', body)).statusCode).toBe(400);
        }
        const notJson = await t.app.inject({
          method: 'POST',
          url: '/api/firmware/downloadSE',
          payload: '{bad',
          headers: { 'content-type': 'application/json' },
        });
        expect(notJson.statusCode).toBe(400);
      });
    });

    // ---------------------------------------------------------------- content
    describe('content and config', () => {
      it('news: newest first, limited by shownNewsCount, translated', async () => {
        const res = await get('/api/content/news');
        expect(res.statusCode).toBe(200);
        const { news } = res.json();
        expect(news).toHaveLength(4);
        const dates = news.map((n: { date: string }) => n.date);
        expect([...dates].sort().reverse()).toEqual(dates);
        expect(news[0]).toMatchObject({
          date: '2025-03-10',
          displayDate: '03/10/2025',
          title: 'Firmware 2.30 is available',
        });
        expect((await get('/api/content/news?lang=pt')).json().news[0].title).toBe(
          'Firmware 2.30 disponível',
        );
        expect((await get('/api/content/news?lang=zh-TW')).json().news[0].title).toBe('韌體 2.30 已推出');
        expect((await get('/api/content/news?limit=2')).json().news).toHaveLength(2);
        await setRemoteConfig(t.app.deps.dbh, 'shownNewsCount', 3);
        expect((await get('/api/content/news')).json().news).toHaveLength(3);
        await setRemoteConfig(t.app.deps.dbh, 'shownNewsCount', 4);
        expect((await get('/api/content/news?lang=de')).statusCode).toBe(400);
        expect((await get('/api/content/news?limit=0')).statusCode).toBe(400);
      });

      it('banner, faq, mcu-log, se-log', async () => {
        expect((await get('/api/content/banner')).json()).toMatchObject({
          enableBanner: true,
          image: { web: expect.any(String), android: expect.any(String) },
        });
        const faq = (await get('/api/content/faq?lang=pt')).json().faq;
        expect(faq.length).toBeGreaterThanOrEqual(3);
        expect(faq[0].question).toBe('Quais navegadores são suportados?');
        const mcu = (await get('/api/content/mcu-log')).json().logs;
        expect(mcu[0]).toMatchObject({ version: '2.31' });
        expect(mcu.find((l: { version: string }) => l.version === '2.30').features).toHaveLength(3);
        const se = (await get('/api/content/se-log?lang=zh-TW')).json().logs;
        expect(se[0]).toMatchObject({ version: '1.97', features: '安全晶片更新，提升簽署效能' });
        expect(typeof se[0].features).toBe('string');
      });

      it('config: defaults and overrides', async () => {
        const res = await get('/api/config');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          maxFeeLimit: 1000,
          higherFeeLimit: 100,
          feeLimitCurrency: 'USD',
          shownNewsCount: 4,
          extraRpcs: {},
          environments: {},
        });
        // issue 31 item 3: the vendor's public app-store pages are served as defaults.
        expect(res.json().links).toMatchObject({
          iosAppStore: 'https://apps.apple.com/app/id1477437607',
          mobileApp: 'https://play.google.com/store/apps/details?id=com.secuxapp',
        });
        await setRemoteConfig(t.app.deps.dbh, 'extraRpcs', { ETH: ['http://127.0.0.1:8545'] });
        expect((await get('/api/config')).json().extraRpcs).toEqual({ ETH: ['http://127.0.0.1:8545'] });
        await expect(setRemoteConfig(t.app.deps.dbh, 'maxFeeLimit', 'lots')).rejects.toThrow(/number/);
      });
    });

    // ---------------------------------------------------------------- txlog
    describe('txlog', () => {
      it('stores context + hash, idempotent per hash, no IP', async () => {
        const body = {
          hash: '0xabc123def4567890',
          chain: 'eth',
          context: {
            kind: 'coin',
            chainId: 1,
            from: "m/44'/60'/0'/0/0",
            to: ETH_ADDR,
            amount: '1500000000000000000',
            fee: '21000000000000',
            nonce: 4,
            result: 'state-010',
          },
        };
        const first = await t.app.inject({
          method: 'POST',
          url: '/api/txlog',
          payload: body,
          remoteAddress: '203.0.113.9',
        });
        expect(first.statusCode).toBe(201);
        expect(first.json()).toEqual({ ok: true, hash: body.hash, duplicate: false });
        const second = await post('/api/txlog', body);
        expect(second.statusCode).toBe(200);
        expect(second.json().duplicate).toBe(true);
        const rows = await t.app.deps.dbh.db
          .selectFrom('tx_log')
          .selectAll()
          .where('hash', '=', body.hash)
          .execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]!.chain).toBe('ETH');
        const stored = JSON.stringify(rows[0]);
        expect(stored).not.toContain('203.0.113.9');
        expect(JSON.parse(rows[0]!.context)).toEqual(body.context);
      });

      it('400 on bad bodies', async () => {
        for (const body of [
          {},
          { hash: 'x', chain: 'ETH' },
          { hash: '0xabc123def4567890', chain: 'E TH' },
          { hash: '0xabc123def4567890', chain: 'ETH', context: [1] },
          // Only the fields the app sends: an IP (or anything else) has no place to go.
          { hash: '0xabc123def4567890', chain: 'ETH', context: { ip: '1.2.3.4' } },
          'str',
          null,
        ]) {
          expect([400, 415]).toContain((await post('/api/txlog', body)).statusCode);
        }
      });
    });

    // ---------------------------------------------------------------- prices (local profile)
    describe('prices (local table)', () => {
      it('coins', async () => {
        const res = await get('/api/prices/coins?ids=ethereum,bitcoin,nope&currency=usd');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          source: 'local',
          currency: 'usd',
          prices: { bitcoin: 65000, ethereum: 3500 },
        });
        expect(res.json().prices.nope).toBeUndefined();
        expect((await get('/api/prices/coins?ids=bitcoin&currency=TWD')).json().prices.bitcoin).toBe(2086500);
        expect((await get('/api/prices/coins?ids=bitcoin')).json().currency).toBe('usd');
      });
      it('tokens', async () => {
        const res = await get(
          '/api/prices/tokens?platform=ethereum&contracts=0xDAC17F958D2ee523a2206206994597C13D831ec7&currency=usd',
        );
        expect(res.json()).toMatchObject({
          source: 'local',
          platform: 'ethereum',
          prices: { '0xdac17f958d2ee523a2206206994597c13d831ec7': 1 },
        });
        const bad = await get(
          '/api/prices/tokens?platform=dogechain&contracts=0xdac17f958d2ee523a2206206994597c13d831ec7',
        );
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error).toBe('Invalid coingecko platfrom');
      });
      it('token images from the local table', async () => {
        const res = await get(
          '/api/prices/token-images?platform=ethereum&contracts=0x9AD50244681e313eeF77adD770A9F3dBE000406b,0x1111111111111111111111111111111111111111',
        );
        expect(res.json()).toMatchObject({
          source: 'local',
          images: { '0x9ad50244681e313eef77add770a9f3dbe000406b': '/tokens/lusd.svg' },
        });
        expect(Object.keys(res.json().images)).toHaveLength(1);
        expect((await get('/api/prices/token-images?platform=ethereum')).statusCode).toBe(400);
      });
      it('fiat: 37 currencies', async () => {
        const { rates, base } = (await get('/api/prices/fiat')).json();
        expect(base).toBe('USD');
        expect(Object.keys(rates).sort()).toEqual([...FIAT_CURRENCIES].sort());
        expect(rates.USD).toBe(1);
      });
      it('400 on bad queries', async () => {
        for (const url of [
          '/api/prices/coins',
          '/api/prices/coins?ids=',
          '/api/prices/coins?ids=bitcoin&currency=xyz',
          '/api/prices/coins?ids=BIT%20COIN',
          `/api/prices/coins?ids=${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}`,
          '/api/prices/tokens?platform=ethereum',
          '/api/prices/tokens?platform=ethereum&contracts=0x12',
        ]) {
          expect((await get(url)).statusCode, url).toBe(400);
        }
      });
    });

    // ---------------------------------------------------------------- buy widget
    describe('buy widget', () => {
      it('returns a signed widget URL', async () => {
        const res = await get(`/api/buy/widget-url?address=${ETH_ADDR}&coin=eth&currency=eur`);
        expect(res.statusCode).toBe(200);
        const { url, coin } = res.json();
        expect(coin).toBe('ETH');
        const u = new URL(url);
        // The local profile points at the stand-in widget on another origin of this server (routes/buy.test.ts).
        expect(u.origin).toBe(`http://localhost:${t.config.port}`);
        expect(u.searchParams.get('address')).toBe(ETH_ADDR);
        expect(u.searchParams.get('addressSignature')).toBe(
          createHmac('sha256', t.config.buyWidget.hmacSecret!).update(ETH_ADDR).digest('hex'),
        );
        expect(u.searchParams.get('transferInMedia')).toBe('card,bank');
        expect(u.searchParams.get('addressConfirmation')).toBe('true');
        expect(u.searchParams.get('defaultFiatCurrency')).toBe('EUR');
        expect(u.searchParams.get('cryptoCurrencies')).toBe('ETH');
        expect(url).not.toContain(t.config.buyWidget.hmacSecret!);
      });
      it('400 on bad input', async () => {
        for (const q of [
          '',
          `address=${ETH_ADDR}`,
          `address=${ETH_ADDR}&coin=XRP`,
          'address=short&coin=ETH',
          `address=${ETH_ADDR}&coin=ETH&currency=ABC`,
        ]) {
          expect((await get(`/api/buy/widget-url?${q}`)).statusCode, q).toBe(400);
        }
      });
    });

    // ---------------------------------------------------------------- domains
    describe('domain resolve', () => {
      it('resolves crypto.{COIN}.address and the versioned fallback', async () => {
        const res = await get('/api/domain/resolve?domain=Brad.Crypto&coin=eth');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          domain: 'brad.crypto',
          coin: 'ETH',
          address: ETH_ADDR,
          record: 'crypto.ETH.address',
        });
        const v = await get('/api/domain/resolve?domain=brad.crypto&coin=USDT');
        expect(v.json()).toMatchObject({ address: 'TXyzUSDT', record: 'crypto.USDT.version.USDT.address' });
        const auth = ud.requests.find((r) => r.path.endsWith('brad.crypto'));
        expect(auth?.headers.authorization).toBe('Bearer test-ud-key');
      });
      it('spec wording on failures', async () => {
        for (const [domain, coin, reason, error] of [
          ['brad.crypto', 'BTC', 'not_found', 'can not resolve domain from brad.crypto'],
          ['nobody.crypto', 'ETH', 'not_registered', 'can not resolve domain from nobody.crypto'],
          ['brad.com', 'ETH', 'unsupported_tld', 'can not resolve domain from brad.com'],
          ['broken.crypto', 'ETH', 'upstream_error', 'Can not get address'],
          ['huge.crypto', 'ETH', 'upstream_error', 'Can not get address'],
        ] as const) {
          const res = await get(`/api/domain/resolve?domain=${domain}&coin=${coin}`);
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ error, reason });
        }
        // A TLD UD does not list is never looked up.
        expect(ud.requests.some((r) => r.path.endsWith('brad.com'))).toBe(false);
      });
      it('400 on bad input', async () => {
        for (const q of [
          '',
          'domain=brad.crypto',
          'domain=nodot&coin=ETH',
          'domain=a..b&coin=ETH',
          'domain=brad.crypto&coin=E-T-H',
        ]) {
          expect((await get(`/api/domain/resolve?${q}`)).statusCode, q).toBe(400);
        }
      });
    });
  });
});
