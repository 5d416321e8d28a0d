/**
 * The Etherscan V2 behaviour: every refusal is HTTP 200 with status "0" and the reason in `result` — no key, past 3
 * calls a second per key, a chain the free plan does not cover — and a keyed call within the rate reaches the explorer.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { startStandIn } from '@secux-companion/sim-kit';
import { ETHERSCAN_BAD_KEY, ETHERSCAN_NOT_FREE, ETHERSCAN_RATE_LIMIT, etherscanV2 } from './etherscan.js';

const explorer = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: '1', message: 'OK', result: '42' }));
});
await new Promise<void>((ok) => explorer.listen(0, '127.0.0.1', () => ok()));
const s = await startStandIn({
  upstream: `http://127.0.0.1:${(explorer.address() as AddressInfo).port}`,
  behaviour: etherscanV2({ keys: ['k1', 'k2'] }),
});
afterAll(async () => {
  await s.close();
  explorer.close();
});

const get = async (q: string) => {
  const r = await fetch(`${s.url}/v2/api?module=account&action=balance&address=0x0&${q}`);
  return { status: r.status, body: (await r.json()) as unknown };
};

it('refuses a call without a valid key, and a chain outside the free plan, inside a 200', async () => {
  expect(await get('chainid=1')).toEqual({
    status: 200,
    body: { status: '0', message: 'NOTOK', result: ETHERSCAN_BAD_KEY },
  });
  expect(await get('chainid=1&apikey=nope')).toMatchObject({ body: { result: ETHERSCAN_BAD_KEY } });
  expect(await get('chainid=56&apikey=k2')).toMatchObject({
    status: 200,
    body: { status: '0', result: ETHERSCAN_NOT_FREE },
  });
});

it('serves 3 calls a second per key, then says so in its own words', async () => {
  for (let i = 0; i < 3; i++)
    expect(await get('chainid=1&apikey=k1')).toMatchObject({ body: { result: '42' } });
  expect(await get('chainid=1&apikey=k1')).toEqual({
    status: 200,
    body: { status: '0', message: 'NOTOK', result: ETHERSCAN_RATE_LIMIT },
  });
});
