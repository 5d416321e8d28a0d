/* eslint-disable @typescript-eslint/no-explicit-any -- raw node JSON and tronweb protobuf objects */
/**
 * The TronGrid stand-in in front of the TRON simulator answers as TronGrid does: keyless callers are suspended after
 * going over the limit (403 in the path's own shape: `{Error}` on /wallet, `{success:false,error}` on /v1), a
 * `TRON-PRO-API-KEY` caller has its own higher limit and is not caught by the suspension, and v1 lists take at most
 * 200 a page and page with `fingerprint` (and `meta.links.next`).
 */
import { SigningKey, pkToAddress, sha256, toHex, txJsonToPb } from 'tronweb/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronSimulator } from './simulator.js';
import { startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { tronGridBehaviour } from './mainnet.js';

const KEY = '0x' + '66'.repeat(32);
const ME = pkToAddress(KEY.slice(2));
const TO = pkToAddress('77'.repeat(32));

let sim: TronSimulator;
let upstream: string;
const standIns: StandIn[] = [];
beforeAll(async () => {
  sim = new TronSimulator({
    accounts: [
      { address: ME, balance: 100_000_000n },
      { address: TO, balance: 1_000_000n },
    ],
  });
  upstream = await sim.start();
  // Five TRX transfers for the paging test, applied in-process.
  for (let i = 1; i <= 5; i++) {
    const head = sim.head;
    const pb = txJsonToPb({
      visible: false,
      raw_data: {
        contract: [
          {
            type: 'TransferContract',
            parameter: {
              value: {
                owner_address: toHex(ME).toLowerCase(),
                to_address: toHex(TO).toLowerCase(),
                amount: i,
              },
              type_url: 'type.googleapis.com/protocol.TransferContract',
            },
          },
        ],
        ref_block_bytes: (head.number & 0xffff).toString(16).padStart(4, '0'),
        ref_block_hash: head.id.slice(16, 32),
        expiration: head.timestamp + 60_000,
        timestamp: head.timestamp,
      },
    }) as any;
    const sig = new SigningKey(KEY).sign(sha256(pb.getRawData().serializeBinary()));
    pb.addSignature(
      Buffer.from(`${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`, 'hex'),
    );
    expect(sim.broadcast(pb.serializeBinary())).toMatchObject({ result: true });
  }
  sim.produceBlock();
});
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await sim.stop();
});

const start = async (b: Parameters<typeof tronGridBehaviour>[0]) => {
  const s = await startStandIn({ upstream, behaviour: tronGridBehaviour(b) });
  standIns.push(s);
  return s;
};
const node = (s: StandIn, key?: string) =>
  fetch(`${s.url}/wallet/getnowblock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { 'TRON-PRO-API-KEY': key } : {}) },
    body: '{}',
  });
const v1 = (s: StandIn, path: string, key?: string) =>
  fetch(`${s.url}/v1/accounts/${ME}${path}`, { headers: key ? { 'TRON-PRO-API-KEY': key } : {} });

describe('TronGrid stand-in', () => {
  it('suspends a keyless caller over the limit with 403 in the path’s shape; a keyed caller goes on', async () => {
    const s = await start({ keyless: { max: 2, windowMs: 60_000 }, suspendMs: 60_000 });
    expect((await node(s)).status).toBe(200);
    expect((await v1(s, '')).status).toBe(200);
    const refused = await node(s);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      Error: 'The key exceeds the frequency limit(2), and the query server is suspended for 60s',
    });
    const index = await v1(s, '/transactions');
    expect(index.status).toBe(403);
    expect(await index.json()).toMatchObject({
      success: false,
      statusCode: 403,
      error: expect.stringMatching(/suspended/),
    });
    // The key has its own limit and is not suspended.
    for (let i = 0; i < 5; i++) expect((await node(s, 'k1')).status).toBe(200);
  });

  it('lifts the suspension after suspendMs', async () => {
    const s = await start({ keyless: { max: 1, windowMs: 100 }, suspendMs: 300 });
    expect((await node(s)).status).toBe(200);
    expect((await node(s)).status).toBe(403);
    await new Promise((ok) => setTimeout(ok, 350));
    expect((await node(s)).status).toBe(200);
  });

  it("limits a key's calls at the key's own rate", async () => {
    const s = await start({ keyed: { max: 3, windowMs: 60_000 } });
    for (let i = 0; i < 3; i++) expect((await node(s, 'k2')).status).toBe(200);
    expect((await node(s, 'k2')).status).toBe(503);
    expect((await node(s, 'k3')).status).toBe(200);
  });

  it('pages v1 lists with fingerprint and links.next, at most 200 a page', async () => {
    const s = await start({});
    expect((await v1(s, '/transactions?limit=201')).status).toBe(400);
    const ids: string[] = [];
    let url: string | undefined = `${s.url}/v1/accounts/${ME}/transactions?limit=2`;
    let pages = 0;
    while (url && pages < 10) {
      const j = (await (await fetch(url)).json()) as any;
      pages += 1;
      ids.push(...j.data.map((t: { txID: string }) => t.txID));
      const fp = j.meta.fingerprint as string | undefined;
      if (fp) expect(j.meta.links.next).toContain(`fingerprint=${fp}`);
      url = fp
        ? `${s.url}/v1/accounts/${ME}/transactions?limit=2&fingerprint=${encodeURIComponent(fp)}`
        : undefined;
    }
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(5);
  });
});
