/**
 * The Solana public RPC behaviour: a JSON-RPC node's answers pass through; over the per-method limit (and always for
 * getTokenAccountsByOwner on mainnet-beta) a 429 with the JSON-RPC body of code 429 and the request's id; a disabled
 * getProgramAccounts is 410 / code 410.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { startStandIn } from '@secux-companion/sim-kit';
import { SOLANA_DISABLED_MESSAGE, SOLANA_PER_METHOD_MESSAGE, solanaPublicRpc } from './mainnet.js';

const node = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const { id } = JSON.parse(body) as { id: unknown };
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ jsonrpc: '2.0', id, result: 7 }));
  });
});
await new Promise<void>((ok) => node.listen(0, '127.0.0.1', () => ok()));
const s = await startStandIn({
  upstream: `http://127.0.0.1:${(node.address() as AddressInfo).port}`,
  behaviour: solanaPublicRpc({ perMethod: { max: 2, windowMs: 10_000 } }),
});
afterAll(async () => {
  await s.close();
  node.close();
});

const call = async (method: string, id = 1) => {
  const r = await fetch(s.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: [] }),
  });
  return { status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as unknown };
};

it("refuses past a method's limit in the public endpoint's own shape; other methods still pass", async () => {
  expect((await call('getBalance')).body).toMatchObject({ result: 7 });
  expect((await call('getBalance')).status).toBe(200);
  const refused = await call('getBalance', 42);
  expect(refused).toMatchObject({
    status: 429,
    body: { jsonrpc: '2.0', id: 42, error: { code: 429, message: SOLANA_PER_METHOD_MESSAGE } },
  });
  expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  expect((await call('getSlot')).status).toBe(200);
});

it('answers getTokenAccountsByOwner 429 and getProgramAccounts 410 (disabled)', async () => {
  expect(await call('getTokenAccountsByOwner', 3)).toMatchObject({
    status: 429,
    body: { id: 3, error: { code: 429 } },
  });
  expect(await call('getProgramAccounts', 4)).toMatchObject({
    status: 410,
    body: { id: 4, error: { code: 410, message: SOLANA_DISABLED_MESSAGE } },
  });
});
