/**
 * Blockbook's balance history (issue 33's value chart): the local stand-in answers /api/v2/balancehistory as
 * Blockbook does, the product API's /chains/:chain/balance-history reads it through the mainnet Blockbook provider,
 * and answers that are not plausible are refused.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_MNEMONIC, mnemonicToRoot } from '@secux-companion/sim-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveChains } from '@secux-companion/server-kit/testing/chainServer';
import { UTXO_COINS, startUtxo } from '../sim/index.js';
import { createBlockbook } from './providers/blockbook.js';
import { utxoFamily } from './index.js';

const root = mnemonicToRoot(DEFAULT_MNEMONIC);
let utxo: Awaited<ReturnType<typeof startUtxo>>;
let app: FastifyInstance;
let base: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-utxo-bh-'));

beforeAll(async () => {
  utxo = await startUtxo({
    host: '127.0.0.1',
    port: 0,
    mnemonic: DEFAULT_MNEMONIC,
    blockIntervalMs: 0,
    log: () => undefined,
  });
  fs.mkdirSync(path.join(tmp, 'localnet'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'localnet', 'endpoints.json'), JSON.stringify({ utxo: utxo.info }));
  ({ app, base } = await serveChains({ env: {}, families: [utxoFamily], profile: 'local', dataDir: tmp }));
});
afterAll(async () => {
  await app?.close();
  await utxo?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const get = async (p: string) => {
  const r = await fetch(`${base}${p}`);
  return { status: r.status, body: (await r.json()) as any };
};
const nowS = () => Math.floor(Date.now() / 1000);

describe("Blockbook's balance history", () => {
  it('the stand-in answers buckets as Blockbook does: bucket start times, satoshi as text, oldest first', () => {
    const funded = utxo.info.coins.BTC.funded[0]!;
    const a = utxo.coins.BTC.blockbook.handle(
      'GET',
      `/api/v2/balancehistory/${funded.address}`,
      new URLSearchParams({ from: '0', to: String(nowS() + 86_400), groupBy: '3600' }),
      '',
    );
    expect(a.status).toBe(200);
    const list = a.body as any[];
    expect(list.length).toBeGreaterThan(0);
    for (const b of list) {
      expect(Object.keys(b).sort()).toEqual(['received', 'sent', 'sentToSelf', 'time', 'txs']);
      expect(b.time % 3600).toBe(0);
      expect(b.received).toMatch(/^\d+$/);
    }
    expect(list.map((b) => b.time)).toEqual([...list.map((b) => b.time)].sort((x, y) => x - y));
    const bad = utxo.coins.BTC.blockbook.handle(
      'GET',
      '/api/v2/balancehistory/not-an-address',
      new URLSearchParams(),
      '',
    );
    expect(bad.status).toBe(400);
  });

  it("the product API's balance history of an xpub adds up to the account's balance", async () => {
    const coin = UTXO_COINS.BTC;
    const xpub = root.derive(`m/84'/${coin.coinType}'/0'`).publicExtendedKey;
    const r = await get(
      `/chains/BTC/balance-history/${xpub}?bip=84&from=1300000000&to=${nowS() + 86_400}&groupBy=86400`,
    );
    expect(r.status).toBe(200);
    const buckets = r.body.buckets as { time: number; received: string; sent: string; txs: number }[];
    expect(buckets.length).toBeGreaterThan(0);
    const net = buckets.reduce((s, b) => s + BigInt(b.received) - BigInt(b.sent), 0n);
    expect(net).toBe(BigInt(coin.fundCoins) * 100_000_000n);
    expect(buckets[0]!.time % 86_400_000).toBe(0); // ms, a day bucket's start
    // A window that ends before the account's first transaction: no bucket.
    const early = await get(`/chains/BTC/balance-history/${xpub}?bip=84&from=1300000000&to=1300086400`);
    expect(early.body.buckets).toEqual([]);
  });

  it('refuses a bad window', async () => {
    const xpub = root.derive("m/84'/0'/0'").publicExtendedKey;
    for (const q of [
      'from=5&to=10',
      `from=${nowS()}&to=${nowS() - 100}`,
      'from=1300000000&to=1400000000&groupBy=1',
    ])
      expect((await get(`/chains/BTC/balance-history/${xpub}?${q}`)).status, q).toBe(400);
  });

  describe('answers that are no balance history are refused', () => {
    let server: http.Server;
    let url: string;
    let answer: unknown = [];
    beforeAll(async () => {
      server = http.createServer((req, res) => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/api/' || req.url === '/api')
          return res.end(JSON.stringify({ blockbook: { coin: 'Bitcoin' }, backend: { chain: 'main' } }));
        res.end(JSON.stringify(answer));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    const q = { from: 1_700_000_000, to: 1_700_086_400, groupBy: 3600 };
    const subject = { kind: 'address', address: 'bc1qexample' } as const;
    const read = () =>
      createBlockbook({ name: 'bb', url, fetch, timeoutMs: 5000, network: 'main' }).getBalanceHistory!(
        subject,
        q,
        AbortSignal.timeout(5000),
      );

    it('reads a good answer: times in ms, amounts as text', async () => {
      answer = [
        { time: 1_700_000_000, txs: 1, received: '5000', sent: '0', sentToSelf: '0', rates: { usd: 1 } },
        { time: 1_700_003_600, txs: 2, received: '0', sent: '1200' },
      ];
      expect(await read()).toEqual([
        { time: 1_700_000_000_000, txs: 1, received: '5000', sent: '0' },
        { time: 1_700_003_600_000, txs: 2, received: '0', sent: '1200' },
      ]);
    });

    it.each([
      ['not a list', { error: 'x' }],
      ['a negative amount', [{ time: 1_700_000_000, txs: 1, received: '-5', sent: '0' }]],
      ['a fractional amount', [{ time: 1_700_000_000, txs: 1, received: '0.5', sent: '0' }]],
      ['a time outside the window', [{ time: 1_800_000_000, txs: 1, received: '5', sent: '0' }]],
      [
        'times out of order',
        [
          { time: 1_700_003_600, txs: 1, received: '5', sent: '0' },
          { time: 1_700_000_000, txs: 1, received: '5', sent: '0' },
        ],
      ],
      [
        'too many buckets',
        Array.from({ length: 10_001 }, () => ({ time: 1_700_000_000, txs: 1, received: '1', sent: '0' })),
      ],
    ])('%s', async (_what, body) => {
      answer = body;
      await expect(read()).rejects.toThrow();
    });
  });
});
