/**
 * The HTTP plumbing the in-process simulators share: a port that is already taken makes start() reject with the
 * reason (startLocalnet then stops the other chains and reports it) instead of an unhandled 'error' event that ends
 * the process; a stopped simulator frees its port; a body is read whole, multi-byte characters across chunks intact.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC, serve } from '@secux-companion/sim-kit';
import { FioSimulator, fioGenesis } from '@secux-companion/chain-fio/sim';
import { SolanaSimulator } from '@secux-companion/chain-solana/sim';
import { HorizonSimulator, stellarGenesis } from '@secux-companion/chain-stellar/sim';
import { TronSimulator, tronGenesis } from '@secux-companion/chain-tron/sim';
import { XrplSimulator, xrplGenesis } from '@secux-companion/chain-xrp/sim';

let taken: Server;
let port: number;
beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
  port = (taken.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => taken.close(() => r())));

const simulators: [string, () => { start(port: number): Promise<unknown>; stop(): Promise<void> }][] = [
  ['XRP Ledger', () => new XrplSimulator({ accounts: xrplGenesis(DEFAULT_MNEMONIC) })],
  ['Stellar', () => new HorizonSimulator({ accounts: stellarGenesis(DEFAULT_MNEMONIC) })],
  ['TRON', () => new TronSimulator({ accounts: tronGenesis(DEFAULT_MNEMONIC) })],
  ['FIO', () => new FioSimulator({ genesis: fioGenesis(DEFAULT_MNEMONIC) })],
  [
    'Solana',
    () => {
      const s = new SolanaSimulator({ slotMs: 0 });
      return { start: (p: number) => s.start([p]), stop: () => s.stop() };
    },
  ],
];

describe('simulator HTTP servers', () => {
  it.each(simulators)('the %s simulator refuses a taken port and frees its own on stop', async (_, make) => {
    const sim = make();
    await expect(sim.start(port)).rejects.toThrow(/EADDRINUSE/);
    await sim.stop();
    const ok = make();
    const url = String(await ok.start(0)).split(',')[0]!;
    const own = Number(new URL(url).port);
    await ok.stop();
    const again = createServer();
    await new Promise<void>((resolve, reject) => {
      again.once('error', reject);
      again.listen(own, '127.0.0.1', resolve);
    });
    await new Promise<void>((r) => again.close(() => r()));
  });

  it('reads a body whole: a multi-byte character split across chunks arrives intact', async () => {
    const served = await serve({
      ports: [0],
      host: '127.0.0.1',
      handle: (_req, body, res) => {
        res.end(JSON.stringify({ body }));
      },
    });
    try {
      const bytes = Buffer.from('{"memo":"€"}');
      const split = bytes.indexOf(0xe2) + 1;
      const r = await fetch(served.urls[0]!, {
        method: 'POST',
        body: new ReadableStream({
          start(c) {
            c.enqueue(bytes.subarray(0, split));
            c.enqueue(bytes.subarray(split));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
      expect(await r.json()).toEqual({ body: '{"memo":"€"}' });
    } finally {
      await served.stop();
    }
  });
});
