/**
 * The public Blockbook and mempool.space behaviours: Blockbook's 429 `{"error":"rate limit exceeded"}` with
 * Retry-After past its per-client budget; mempool.space's nginx 429 page (no Retry-After) and its plain-text 503 when
 * the backend is out of sync.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { BLOCKBOOK_RATE_LIMIT_BODY, blockbookPublic } from './blockbook.js';
import { NGINX_429_PAGE, mempoolSpace } from './mempool.js';

const upstreamServer = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ path: req.url }));
});
await new Promise<void>((ok) => upstreamServer.listen(0, '127.0.0.1', () => ok()));
const upstream = `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}`;
const standIns: StandIn[] = [];
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  upstreamServer.close();
});

it("Blockbook: 20 a minute, then 429 in Blockbook's JSON with Retry-After", async () => {
  const s = await startStandIn({ upstream, behaviour: blockbookPublic() });
  standIns.push(s);
  for (let i = 0; i < 20; i++) expect((await fetch(`${s.url}/api/v2/address/x?page=${i}`)).status).toBe(200);
  const refused = await fetch(`${s.url}/api/v2/tx/y`);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toEqual(BLOCKBOOK_RATE_LIMIT_BODY);
});

it("mempool.space: nginx's 429 page without Retry-After, and plain-text 503 while out of sync", async () => {
  let outOfSync = false;
  const s = await startStandIn({
    upstream,
    behaviour: mempoolSpace({ perClient: { max: 2, windowMs: 60_000 }, outOfSync: () => outOfSync }),
  });
  standIns.push(s);
  expect(await (await fetch(`${s.url}/v1/fees/recommended`)).json()).toEqual({
    path: '/v1/fees/recommended',
  });
  outOfSync = true;
  const down = await fetch(`${s.url}/v1/fees/recommended`);
  expect([down.status, await down.text()]).toEqual([503, 'Service Unavailable']);
  const refused = await fetch(`${s.url}/v1/fees/recommended`);
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBeNull();
  expect(await refused.text()).toBe(NGINX_429_PAGE);
});
