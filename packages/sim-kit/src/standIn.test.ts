import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { deadUrl, startStandIn, type StandIn } from './standIn.js';

let hits = 0;
const upstream = createServer((req, res) => {
  hits += 1;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ path: req.url }));
});
await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', () => ok()));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
const standIns: StandIn[] = [];
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  upstream.close();
});

describe('mainnet provider stand-in', () => {
  it("forwards to the local chain, then refuses in the provider's own shape past its limit, penalty included", async () => {
    const s = await startStandIn({
      upstream: upstreamUrl,
      behaviour: {
        name: 'limited',
        limits: [
          {
            max: 2,
            windowMs: 60_000,
            penaltyMs: 30_000,
            answer: (_r, wait) => ({
              status: 403,
              headers: { 'retry-after': String(wait) },
              body: { Error: 'suspended' },
            }),
          },
        ],
      },
    });
    standIns.push(s);
    expect(await (await fetch(`${s.url}/a?x=1`)).json()).toEqual({ path: '/a?x=1' });
    expect((await fetch(`${s.url}/b`)).status).toBe(200);
    const refused = await fetch(`${s.url}/c`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toEqual({ Error: 'suspended' });
    expect(s.requests.map((r) => r.path)).toEqual(['/a', '/b', '/c']);
    s.reset();
    expect((await fetch(`${s.url}/d`)).status).toBe(200);
  });

  it('lets the upstream act on a request and never answers (a submit that landed while the client timed out)', async () => {
    const s = await startStandIn({ upstream: upstreamUrl, behaviour: { name: 'drop' } });
    standIns.push(s);
    s.fault = 'dropAfterForward';
    const before = hits;
    await expect(
      fetch(`${s.url}/submit`, { method: 'POST', body: 'x', signal: AbortSignal.timeout(500) }),
    ).rejects.toThrow();
    expect(hits).toBe(before + 1);
    expect(s.requests[0]!.body).toBe('x');
  });

  it('names a dead host: nothing listens there', async () => {
    await expect(fetch(await deadUrl())).rejects.toThrow();
  });
});
