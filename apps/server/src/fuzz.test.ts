/**
 * Fuzz: a few thousand malformed bodies, query strings and path params; nothing may answer 5xx.
 */
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './test/harness.js';

/** Deterministic PRNG (mulberry32) so failures are reproducible. */
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

const ENDPOINTS = [
  ['GET', '/api/firmware/latest'],
  ['GET', '/api/firmware/latest/2.24'],
  ['GET', '/api/firmware/downloadMcu'],
  ['POST', '/api/firmware/downloadSE'],
  ['GET', '/api/content/news'],
  ['GET', '/api/content/banner'],
  ['GET', '/api/content/mcu-log'],
  ['GET', '/api/content/se-log'],
  ['GET', '/api/content/faq'],
  ['GET', '/api/config'],
  ['POST', '/api/txlog'],
  ['GET', '/api/prices/coins'],
  ['GET', '/api/prices/tokens'],
  ['GET', '/api/prices/token-images'],
  ['GET', '/api/prices/fiat'],
  ['GET', '/api/buy/widget-url'],
  ['GET', '/api/domain/resolve'],
  ['GET', '/healthz'],
  ['GET', '/'],
] as const;

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
  '__proto__',
  'constructor',
  '',
];
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
  'pt',
  'usd',
  'bitcoin',
  'ethereum',
  '0xdac17f958d2ee523a2206206994597c13d831ec7',
  'ETH',
  'brad.crypto',
  'se-1.97.bin',
  ',,,',
  'a,b,,c',
  '\r\nX-Injected: 1',
];
const JSON_ATOMS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  '',
  'x',
  [],
  {},
  [null],
  { a: { b: { c: [] } } },
  '0x' + 'f'.repeat(64),
];

export function randomRequest(r: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const [method0, path0] = pick(ENDPOINTS);
  let method: string = method0;
  if (r() < 0.1) method = pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
  let path: string = path0;
  const mut = r();
  if (mut < 0.15) path += '/' + encodeURIComponent(pick(ATOMS)).slice(0, 300);
  else if (mut < 0.25) path = path.replace(/\/[^/]*$/, '/' + pick(ATOMS).slice(0, 300));
  else if (mut < 0.3)
    path = path + pick(['%', '%2', '%zz', '%00', '%ff', '//', '/./', '/..', ';x', '%2e%2e']);
  const params: string[] = [];
  const n = Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    const k = pick(KEYS);
    const v = pick(ATOMS);
    const enc = r() < 0.8 ? encodeURIComponent(v) : v.replace(/[\r\n #]/g, '');
    params.push(r() < 0.1 ? `${k}[]=${enc}` : `${k}=${enc}`);
  }
  const url = params.length ? `${path}?${params.join('&')}` : path;
  let payload: string | undefined;
  const headers: Record<string, string> = {};
  if (method !== 'GET' && method !== 'HEAD') {
    const b = r();
    if (b < 0.4) {
      const obj: Record<string, unknown> = {};
      const m = Math.floor(r() * 5);
      for (let i = 0; i < m; i++)
        obj[pick(['hash', 'chain', 'context', 'fileName', '__proto__', 'x'])] =
          r() < 0.5 ? pick(JSON_ATOMS) : pick(ATOMS);
      payload = JSON.stringify(r() < 0.1 ? [obj] : obj);
    } else if (b < 0.55)
      payload = pick(['{', '{"a":', '[1,2', 'nul', '"unterminated', '{"hash":"0xabc","chain":}', '\u0000']);
    else if (b < 0.65) payload = '['.repeat(2000) + ']'.repeat(2000);
    else if (b < 0.7)
      payload = JSON.stringify({
        hash: 'a'.repeat(300),
        chain: 'ETH',
        context: { big: 'x'.repeat(300_000) },
      });
    else if (b < 0.8) payload = pick(ATOMS);
    headers['content-type'] = pick([
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/octet-stream',
      'application/json; charset=utf-16',
      '',
    ]);
  }
  if (r() < 0.3) headers.accept = pick(['text/html', 'application/json', '*/*', '']);
  return { method: method as 'GET', url, payload, headers };
}

describe.each(BACKENDS)('fuzz ($name)', (backend) => {
  describe.skipIf(!backend.enabled)('', () => {
    const t = useTestApp(backend);
    it('3000 malformed requests never cause a 5xx', async () => {
      const r = rng(backend.name === 'sqlite' ? 1234 : 5678);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (let i = 0; i < 3000; i++) {
        const req = randomRequest(r);
        const res = await t.app.inject(req);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500)
          failures.push(
            `${res.statusCode} ${req.method} ${req.url.slice(0, 200)} ${String(req.payload).slice(0, 100)} -> ${res.body.slice(0, 200)}`,
          );
      }
      expect(failures.slice(0, 10)).toEqual([]);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(300);
    });
  });
});
