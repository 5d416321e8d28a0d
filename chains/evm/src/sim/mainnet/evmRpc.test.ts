/**
 * The public EVM node behaviour: over its rate the refusal comes inside an HTTP 200 as a JSON-RPC error (one per call
 * of a batch, each with its id) in the shape chosen; eth_getLogs may be disabled.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { EVM_GETLOGS_DISABLED, EVM_RATE_LIMIT_ERRORS, evmPublicRpc } from './evmRpc.js';

const node = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const j = JSON.parse(body) as { id: unknown } | { id: unknown }[];
    const one = (c: { id: unknown }) => ({ jsonrpc: '2.0', id: c.id, result: '0x1' });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(Array.isArray(j) ? j.map(one) : one(j)));
  });
});
await new Promise<void>((ok) => node.listen(0, '127.0.0.1', () => ok()));
const upstream = `http://127.0.0.1:${(node.address() as AddressInfo).port}`;
const standIns: StandIn[] = [];
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  node.close();
});

const post = async (url: string, body: unknown) => {
  const r = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as unknown };
};

it('answers -32005 "Limit exceeded" inside a 200 past the limit, per call of a batch', async () => {
  const s = await startStandIn({
    upstream,
    behaviour: evmPublicRpc({ perClient: { max: 1, windowMs: 60_000 } }),
  });
  standIns.push(s);
  expect(await post(s.url, { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] })).toMatchObject({
    status: 200,
    body: { result: '0x1' },
  });
  const batch = await post(s.url, [
    { jsonrpc: '2.0', id: 7, method: 'eth_blockNumber', params: [] },
    { jsonrpc: '2.0', id: 8, method: 'eth_chainId', params: [] },
  ]);
  expect(batch).toEqual({
    status: 200,
    body: [
      { jsonrpc: '2.0', id: 7, error: EVM_RATE_LIMIT_ERRORS.limitExceeded },
      { jsonrpc: '2.0', id: 8, error: EVM_RATE_LIMIT_ERRORS.limitExceeded },
    ],
  });
});

it('answers -32016 or the wrapped 429 as asked, and refuses eth_getLogs when disabled', async () => {
  const s = await startStandIn({
    upstream,
    behaviour: evmPublicRpc({
      shape: 'wrapped429',
      getLogsDisabled: true,
      perClient: { max: 2, windowMs: 60_000 },
    }),
  });
  standIns.push(s);
  expect(await post(s.url, { jsonrpc: '2.0', id: 2, method: 'eth_getLogs', params: [{}] })).toEqual({
    status: 200,
    body: { jsonrpc: '2.0', id: 2, error: EVM_GETLOGS_DISABLED },
  });
  await post(s.url, { jsonrpc: '2.0', id: 3, method: 'eth_chainId', params: [] });
  const refused = await post(s.url, { jsonrpc: '2.0', id: 4, method: 'eth_chainId', params: [] });
  expect(refused).toMatchObject({ status: 200, body: { id: 4, error: { code: -32000 } } });
  expect(JSON.stringify(refused.body)).toContain('over rate limit');
});
