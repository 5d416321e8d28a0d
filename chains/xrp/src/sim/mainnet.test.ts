/* eslint-disable @typescript-eslint/no-explicit-any -- rippled JSON read loosely in tests */
/**
 * The rippled stand-in in front of the XRP Ledger simulator answers as the public servers do: the rate limit in
 * rippled's (503 text) or Clio's (`slowDown`) shape, pages of fewer rows than asked with a marker, and a server that is
 * not full history (s1) that has no older ledgers.
 */
import { Wallet } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { XrplSimulator, xrpAddressOf, xrplGenesis } from './simulator.js';
import { rippledBehaviour } from './mainnet.js';

const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const BOB = xrpAddressOf(DEFAULT_MNEMONIC, 1);

let sim: XrplSimulator;
let upstream: string;
const standIns: StandIn[] = [];
/** The ledger of each of alice's five payments (oldest first). */
const ledgers: number[] = [];

beforeAll(async () => {
  sim = new XrplSimulator({
    accounts: [...xrplGenesis(DEFAULT_MNEMONIC), { address: alice.classicAddress, balance: 100_000_000n }],
  });
  upstream = await sim.start();
  for (let i = 0; i < 5; i++) {
    const tx = alice.sign({
      TransactionType: 'Payment',
      Account: alice.classicAddress,
      Destination: BOB,
      Amount: String(1000 + i),
      Fee: '12',
      Sequence: sim.accounts.get(alice.classicAddress)!.sequence,
    }).tx_blob;
    expect(sim.handle('submit', { tx_blob: tx })).toMatchObject({ engine_result: 'tesSUCCESS' });
    ledgers.push(sim.validatedLedger + 1);
    sim.closeLedger();
  }
});
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await sim.stop();
});

const start = async (b: Parameters<typeof rippledBehaviour>[0]) => {
  const s = await startStandIn({ upstream, behaviour: rippledBehaviour(b) });
  standIns.push(s);
  return s;
};
const call = (s: StandIn, method: string, params: Record<string, unknown> = {}) =>
  fetch(s.url, { method: 'POST', body: JSON.stringify({ method, params: [{ api_version: 2, ...params }] }) });
const result = async (s: StandIn, method: string, params: Record<string, unknown> = {}) =>
  ((await (await call(s, method, params)).json()) as { result: Record<string, any> }).result;

describe('rippled stand-in', () => {
  it("refuses over its limit with rippled's 503 'Server is overloaded' text, or Clio's slowDown", async () => {
    const s = await start({ limit: { max: 2, windowMs: 60_000 } });
    expect((await call(s, 'fee')).status).toBe(200);
    expect((await call(s, 'fee')).status).toBe(200);
    const refused = await call(s, 'fee');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await refused.text()).toBe('Server is overloaded');

    const clio = await start({ limit: { max: 1, windowMs: 60_000 }, limitAnswer: 'slowDown' });
    await call(clio, 'fee');
    const slow = await call(clio, 'fee');
    expect(slow.status).toBe(503);
    expect(await slow.json()).toMatchObject({
      result: { error: 'slowDown', error_code: 10, status: 'error' },
    });
  });

  it('gives fewer rows than asked with a marker that pages through every row once', async () => {
    const s = await start({ rowsPerCall: 2 });
    const seen: string[] = [];
    let marker: unknown;
    let calls = 0;
    do {
      const r = await result(s, 'account_tx', {
        account: alice.classicAddress,
        limit: 20,
        ...(marker ? { marker } : {}),
      });
      calls += 1;
      expect(r.transactions.length).toBeLessThanOrEqual(2);
      seen.push(...r.transactions.map((t: { hash: string }) => t.hash));
      marker = r.marker;
    } while (marker && calls < 10);
    expect(calls).toBe(3);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
  });

  it('clamps limit to 400 as rippled does', async () => {
    const s = await start({});
    expect((await result(s, 'account_tx', { account: alice.classicAddress, limit: 5000 })).limit).toBe(400);
  });

  it('is not full history: older rows are missing, older ranges and markers are refused', async () => {
    const s = await start({ firstLedger: () => ledgers[2]! });
    const recent = await result(s, 'account_tx', { account: alice.classicAddress, ledger_index_min: -1 });
    expect(recent.status).toBe('success');
    expect(recent.ledger_index_min).toBe(ledgers[2]);
    expect(recent.transactions.map((t: { ledger_index: number }) => t.ledger_index)).toEqual(
      [...ledgers.slice(2)].reverse(),
    );
    expect(recent.marker).toBeUndefined();
    expect(
      await result(s, 'account_tx', { account: alice.classicAddress, ledger_index_min: ledgers[0] }),
    ).toMatchObject({ error: 'lgrIdxsInvalid', status: 'error' });
    expect(
      await result(s, 'account_tx', {
        account: alice.classicAddress,
        marker: { ledger: ledgers[0], seq: 4 },
      }),
    ).toMatchObject({ error: 'lgrNotFound', status: 'error' });
  });
});
