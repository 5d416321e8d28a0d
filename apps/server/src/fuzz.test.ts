/**
 * Bounded fuzz of the whole HTTP surface, over a real socket on loopback: thousands of malformed requests (every
 * registered route with odd parameters, random paths under /api, random methods, bad or huge JSON, odd query strings,
 * wrong content types). None may answer a 5xx of our own (a 502/503/504 that names an upstream failure is the
 * upstream's) and none may hang (each request has a client timeout). Deterministic: a seeded PRNG builds the
 * requests and the fake upstream's answers, and nothing leaves the process — every outbound call (chain providers,
 * prices, domains) goes to an in-process fake that refuses, errs or answers garbage.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { FetchFn } from './deps.js';
import { BACKENDS, INDEX_HTML, makeTestConfig } from './test/harness.js';
import { startPostgres, type PgCluster } from './test/postgres.js';

const REQUESTS = 3000;
/** A request not answered within this is a hang. */
const HANG_MS = 10_000;
const CONCURRENCY = 4;

/** Deterministic PRNG (mulberry32) so a failure is reproducible from its seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rng = () => number;
const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

const ATOMS = [
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '2.30',
  '2.',
  '.2',
  '9'.repeat(400),
  'a'.repeat(5000),
  '../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '%zz',
  '%C0%AF',
  '%E2%80%AE',
  '\u202e',
  '😀',
  '<script>',
  "' OR 1=1 --",
  '${7*7}',
  '{{7*7}}',
  'en',
  'zh-TW',
  'usd',
  'bitcoin',
  'ethereum',
  '0xdac17f958d2ee523a2206206994597c13d831ec7',
  '0x8aaD44321A86b170879d7A244c1e8d360c99DdA8',
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  'xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz',
  'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff',
  '0x' + 'f'.repeat(64),
  'ETH',
  'BTC',
  'brad.crypto',
  'se-1.97.bin',
  ',,,',
  'a,b,,c',
];
const KEYS = [
  'mcu',
  'model',
  'lang',
  'limit',
  'version',
  'ids',
  'currency',
  'platform',
  'contracts',
  'address',
  'coin',
  'domain',
  'fileName',
  'cursor',
  'pageSize',
  'fresh',
  'details',
  'from',
  'to',
  '__proto__',
  'constructor',
  '__proto__[polluted]',
  'a[b][c]',
  '',
];
const JSON_ATOMS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  2 ** 70,
  '',
  'x',
  [],
  {},
  [null],
  { a: { b: { c: [] } } },
  '0x' + 'f'.repeat(64),
  '0x' + '00'.repeat(3000),
];
const BODY_KEYS = [
  'hash',
  'chain',
  'context',
  'fileName',
  'rawTx',
  'method',
  'params',
  'id',
  'jsonrpc',
  'to',
  'data',
  'value',
  '__proto__',
  'x',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/xml',
  'image/png',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND', 'SEARCH'];
const PATH_WORDS = [
  'chains',
  'evm',
  'firmware',
  'content',
  'txlog',
  'prices',
  'buy',
  'domain',
  'emulator',
  'config',
  'latest',
  'rpc',
  'broadcast',
  'account',
  'history',
  'fees',
  'x',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '%00',
  '%zz',
  '%',
  ';x',
  'a'.repeat(300),
];

/** A plausible or a wrong value for a route parameter (`:chain`, `:id`, `:txid`, …). */
function paramValue(r: Rng, name: string, chains: string[]): string {
  if (r() < 0.4) return encodeURIComponent(pick(r, ATOMS)).slice(0, 400);
  if (name === 'chain') return pick(r, [...chains, 'btc', 'eth', 'NOPE', 'x']);
  if (name === 'txid') return pick(r, ['f'.repeat(64), '0x' + 'a'.repeat(64), '00']);
  if (name === 'mcuVersionOrModel') return pick(r, ['2.24', '2.30.1', 'W20', 'V20']);
  return encodeURIComponent(pick(r, ATOMS.slice(28))).slice(0, 400);
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

function randomRequest(r: Rng, routes: { method: string; url: string }[], chains: string[]): FuzzRequest {
  let method: string;
  let p: string;
  if (r() < 0.8) {
    const route = pick(r, routes);
    method = r() < 0.85 ? route.method : pick(r, METHODS);
    p = route.url
      .split('/')
      .map((seg) =>
        seg.startsWith(':')
          ? paramValue(r, seg.slice(1), chains)
          : seg === '*'
            ? pick(r, ['', 'index.html', 'assets/app.js', 'wallet', 'x.y', '..%2f'])
            : seg,
      )
      .join('/');
    if (r() < 0.1) p += pick(r, ['/', '//', '/x', '%', '%zz', '/..', '/%2e%2e', ';x', '.json']);
  } else {
    method = pick(r, METHODS);
    const n = 1 + Math.floor(r() * 4);
    p = '/api';
    for (let i = 0; i < n; i++) p += '/' + pick(r, PATH_WORDS);
  }
  const params: string[] = [];
  const n = Math.floor(r() * 6);
  for (let i = 0; i < n; i++) {
    const k = pick(r, KEYS);
    let v = pick(r, ATOMS);
    if (r() < 0.04) v = 'q'.repeat(4000 + Math.floor(r() * 8000));
    const enc = r() < 0.8 ? encodeURIComponent(v) : v.replace(/[^\x21-\x7e]/g, '');
    params.push(r() < 0.1 ? `${k}[]=${enc}` : r() < 0.05 ? k : `${k}=${enc}`);
  }
  if (r() < 0.03) params.push('&&&==&');
  const url = params.length ? `${p}?${params.join('&')}` : p;

  const headers: Record<string, string> = {};
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD' && r() < 0.9) {
    const b = r();
    let text: string;
    if (b < 0.45) {
      const obj: Record<string, unknown> = {};
      const m = Math.floor(r() * 6);
      for (let i = 0; i < m; i++) obj[pick(r, BODY_KEYS)] = r() < 0.5 ? pick(r, JSON_ATOMS) : pick(r, ATOMS);
      text = JSON.stringify(r() < 0.1 ? [obj] : obj);
    } else if (b < 0.6)
      text = pick(r, [
        '{',
        '{"a":',
        '[1,2',
        'nul',
        '"unterminated',
        '{"hash":"0xabc","chain":}',
        '\u0000',
        '\ufeff{}',
      ]);
    else if (b < 0.67) text = '['.repeat(5000) + ']'.repeat(5000);
    else if (b < 0.72)
      text = JSON.stringify({ rawTx: 'ab'.repeat(150_000), context: { big: 'x'.repeat(100) } });
    else if (b < 0.75)
      text = JSON.stringify({ big: 'x'.repeat(400_000) }); // over BODY_LIMIT
    else if (b < 0.8)
      text = '{"a":1,"a":2,"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}';
    else text = pick(r, ATOMS);
    body = Buffer.from(text);
    headers['content-length'] = String(body.length);
    if (r() < 0.95) headers['content-type'] = pick(r, CONTENT_TYPES);
  }
  if (r() < 0.3) headers.accept = pick(r, ['text/html', 'application/json', '*/*', '', 'text/html;q=0']);
  if (r() < 0.05) headers['x-forwarded-for'] = pick(r, ['1.2.3.4', 'garbage', '::1, 10.0.0.1']);
  return { method, path: url, headers, body };
}

/** Outbound calls answered in-process: refused, an HTML error page, truncated JSON, a JSON-RPC error or `{}`. */
function fakeUpstream(seed: number): { fetch: FetchFn; calls: () => number } {
  const r = rng(seed);
  let calls = 0;
  const json = { 'content-type': 'application/json' };
  const fetch: FetchFn = async () => {
    calls++;
    const k = r();
    if (k < 0.4)
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:9') });
    if (k < 0.55)
      return new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      });
    if (k < 0.7) return new Response('{"result":', { status: 200, headers: json });
    if (k < 0.8) return new Response('{"error":"rate limited"}', { status: 429, headers: json });
    if (k < 0.9)
      return new Response(
        JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'boom' } }),
        {
          status: 200,
          headers: json,
        },
      );
    return new Response('{}', { status: 200, headers: json });
  };
  return { fetch, calls: () => calls };
}

interface Answer {
  status: number;
  body: string;
}

/**
 * One request on a connection of its own (`agent: false`): the server rightly closes a connection after some answers
 * (413, 431), and a pooled socket handed to the next request just then would fail it for the client's reason.
 */
function send(port: number, req: FuzzRequest): Promise<Answer | 'hang' | Error> {
  return new Promise((resolve) => {
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8', 0, 2000) });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          resolve(e);
        });
      },
    );
    const timer = setTimeout(() => {
      r.destroy();
      resolve('hang');
    }, HANG_MS);
    r.on('error', (e) => {
      clearTimeout(timer);
      resolve(e);
    });
    r.end(req.body);
  });
}

/**
 * A 502/503/504 whose body names an upstream failure (the chain routes' error body) is not ours; a HEAD answer has no
 * body, so there a chain route's 502/503/504 counts as the upstream's.
 */
function isOwn5xx(q: FuzzRequest, a: Answer): boolean {
  if (a.status < 500) return false;
  if (![502, 503, 504].includes(a.status)) return true;
  if (q.method === 'HEAD') return !q.path.startsWith('/api/chains/');
  try {
    const body = JSON.parse(a.body) as { code?: unknown };
    return typeof body.code !== 'string' || body.code === 'internal';
  } catch {
    return true;
  }
}

describe.each(BACKENDS)('fuzz over HTTP ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    let app: FastifyInstance;
    let cluster: PgCluster | undefined;
    let tmp: string;
    let port: number;
    const routes: { method: string; url: string }[] = [];
    const upstream = fakeUpstream(backend.name === 'sqlite' ? 11 : 12);

    beforeAll(async () => {
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-fuzz-'));
      fs.mkdirSync(path.join(tmp, 'web', 'assets'), { recursive: true });
      fs.writeFileSync(path.join(tmp, 'web', 'index.html'), INDEX_HTML);
      fs.writeFileSync(path.join(tmp, 'web', 'assets', 'app.js'), 'console.log(1)');
      if (backend.name === 'postgres') cluster = await startPostgres('wallet_fuzz');
      // The per-client daily txlog cap would turn most txlog posts into 429s before their body is checked.
      // The mainnet profile: every chain with its public providers, CoinGecko and Unstoppable Domains configured —
      // all of them answered by the in-process fake above, so nothing leaves the process.
      const config = makeTestConfig(
        tmp,
        {
          WALLET_PROFILE: 'mainnet',
          BUY_WIDGET_HMAC_SECRET: 'fuzz-secret-0123456789',
          UD_API_KEY: 'fuzz-key',
          COINGECKO_API_KEY: 'fuzz-key',
          TXLOG_DAILY_CAP: '0',
        },
        cluster?.url,
      );
      app = await buildApp(config, {
        logger: false,
        fetch: upstream.fetch,
        onRoute: (r) => {
          for (const m of [r.method].flat()) if (m !== 'HEAD') routes.push({ method: m, url: r.url });
        },
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const addr = app.server.address();
      port = typeof addr === 'object' && addr ? addr.port : 0;
    });
    afterAll(async () => {
      await app?.close();
      await cluster?.stop();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    });

    it(
      `${REQUESTS} malformed requests across every route: no 5xx of our own, no hang`,
      { timeout: 240_000 },
      async () => {
        expect(routes.length).toBeGreaterThan(30);
        const listed = await app.inject({ url: '/api/chains' });
        const chains = (listed.json() as { chains: { chain: string }[] }).chains.map((c) => c.chain);

        const r = rng(backend.name === 'sqlite' ? 1234 : 5678);
        const requests = Array.from({ length: REQUESTS }, () => randomRequest(r, routes, chains));
        const own5xx: string[] = [];
        const hangs: string[] = [];
        const dropped: string[] = [];
        const statuses = new Map<number, number>();
        const describeReq = (q: FuzzRequest) =>
          `${q.method} ${q.path.slice(0, 160)} ${q.body ? q.body.toString('utf8', 0, 80) : ''}`;
        let next = 0;
        const worker = async () => {
          while (next < requests.length) {
            const q = requests[next++]!;
            const a = await send(port, q);
            if (a === 'hang') {
              hangs.push(describeReq(q));
              continue;
            }
            if (a instanceof Error) {
              dropped.push(`${a.message} ${describeReq(q)}`);
              continue;
            }
            statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
            if (isOwn5xx(q, a)) own5xx.push(`${a.status} ${describeReq(q)} -> ${a.body.slice(0, 200)}`);
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
        console.info(
          `[fuzz ${backend.name}] ${REQUESTS} requests over ${routes.length} routes, ${upstream.calls()} upstream calls; statuses`,
          Object.fromEntries([...statuses].sort(([x], [y]) => x - y)),
        );
        expect(hangs.slice(0, 10)).toEqual([]);
        expect(dropped.slice(0, 10)).toEqual([]);
        expect(own5xx.slice(0, 10)).toEqual([]);
        // The requests really were malformed, and reached the handlers (not only the router's 404).
        expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 10);
        expect(statuses.get(200) ?? 0).toBeGreaterThan(REQUESTS / 50);
        expect(chains.length).toBeGreaterThan(3);
        expect(upstream.calls()).toBeGreaterThan(30);
        // Still serving afterwards.
        expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      },
    );
  });
});
