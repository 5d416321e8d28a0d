/* eslint-disable @typescript-eslint/no-explicit-any -- Horizon JSON read loosely in tests */
/**
 * The Horizon stand-in in front of the Horizon simulator (posing as the public network) answers as SDF's Horizon
 * does: the submit only after the ledger closes (a client that gives up first loses the answer, yet the payment
 * lands), 504 with the hash past the submission timeout, 415 for a JSON body, 429 problem JSON over the hourly limit,
 * at most 200 records a page, and 410 `before_history` beyond its retention.
 */
import {
  Account,
  Asset,
  Networks,
  Operation,
  TimeoutInfinite,
  TransactionBuilder,
} from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MNEMONIC, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { HorizonSimulator, stellarAddressOf, stellarGenesis, stellarKeypairOf } from './simulator.js';
import { horizonBehaviour } from './mainnet.js';

const alice = stellarKeypairOf(DEFAULT_MNEMONIC, 0);
const BOB = stellarAddressOf(DEFAULT_MNEMONIC, 1);

let sim: HorizonSimulator;
let upstream: string;
const standIns: StandIn[] = [];
beforeAll(async () => {
  sim = new HorizonSimulator({
    accounts: stellarGenesis(DEFAULT_MNEMONIC),
    networkPassphrase: Networks.PUBLIC,
  });
  upstream = await sim.start();
});
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await sim.stop();
});

const start = async (b: Parameters<typeof horizonBehaviour>[0]) => {
  const s = await startStandIn({ upstream, behaviour: horizonBehaviour(b) });
  standIns.push(s);
  return s;
};

/** A signed payment of `stroops` from alice to bob on the public network's passphrase. */
function payment(stroops: number): string {
  const seq = sim.accounts.get(alice.publicKey())!.sequence;
  const tx = new TransactionBuilder(new Account(alice.publicKey(), seq.toString()), {
    fee: '100',
    networkPassphrase: Networks.PUBLIC,
  })
    .addOperation(
      Operation.payment({ destination: BOB, asset: Asset.native(), amount: (stroops / 1e7).toFixed(7) }),
    )
    .setTimeout(TimeoutInfinite)
    .build();
  tx.sign(alice);
  return tx.toEnvelope().toXDR('base64');
}
const submit = (s: StandIn, env: string, init: RequestInit = {}) =>
  fetch(`${s.url}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tx: env }).toString(),
    ...init,
  });

describe('Horizon stand-in', () => {
  it('answers the submit only after the ledger closes: the payment lands while the client still waits', async () => {
    const s = await start({ submitDelayMs: 5000 });
    const env = payment(1_000_000);
    const ac = new AbortController();
    let answered = false;
    const call = submit(s, env, { signal: ac.signal }).then(() => {
      answered = true;
    });
    const hash = await landed(env);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    // In the ledger, yet Horizon has not answered: a client that gives up now never hears of it.
    expect(answered).toBe(false);
    ac.abort();
    await expect(call).rejects.toThrow();
    expect(s.requests).toHaveLength(1);
  });

  it("answers 504 transaction_submission_timeout with the hash past Horizon's submission timeout; the payment lands", async () => {
    const s = await start({ submitDelayMs: 0, submitTimeout: true });
    const before = sim.accounts.get(BOB)!.balance;
    const r = await submit(s, payment(2_000_000));
    expect(r.status).toBe(504);
    const body = (await r.json()) as any;
    expect(body).toMatchObject({ type: 'https://stellar.org/horizon-errors/transaction_submission_timeout' });
    expect(body.extras.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(sim.accounts.get(BOB)!.balance).toBe(before + 2_000_000n);
  });

  it('refuses a JSON body with 415 and forwards nothing', async () => {
    const s = await start({ submitDelayMs: 0 });
    const seq = sim.accounts.get(alice.publicKey())!.sequence;
    const r = await fetch(`${s.url}/transactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tx: payment(3_000_000) }),
    });
    expect(r.status).toBe(415);
    expect(await r.json()).toMatchObject({
      type: 'https://stellar.org/horizon-errors/unsupported_media_type',
    });
    expect(sim.accounts.get(alice.publicKey())!.sequence).toBe(seq);
  });

  it('refuses over its hourly limit with the 429 problem JSON and X-RateLimit headers', async () => {
    const s = await start({ perHour: 2 });
    expect((await fetch(`${s.url}/fee_stats`)).status).toBe(200);
    expect((await fetch(`${s.url}/fee_stats`)).status).toBe(200);
    const r = await fetch(`${s.url}/fee_stats`);
    expect(r.status).toBe(429);
    expect(r.headers.get('x-ratelimit-limit')).toBe('2');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await r.json()).toMatchObject({
      type: 'https://stellar.org/horizon-errors/rate_limit_exceeded',
      title: 'Rate Limit Exceeded',
      status: 429,
    });
  });

  it('serves at most 200 records a page', async () => {
    const s = await start({});
    const ok = await fetch(`${s.url}/accounts/${alice.publicKey()}/payments?limit=200`);
    expect(ok.status).toBe(200);
    const r = await fetch(`${s.url}/accounts/${alice.publicKey()}/payments?limit=201`);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ extras: { invalid_field: 'limit' } });
  });

  it('keeps only its retention: older records are missing, a cursor before it is 410 before_history', async () => {
    sim.closeLedger();
    expect(
      sim.handle('POST', '/transactions', new URLSearchParams({ tx: payment(4_000_000) }).toString()).status,
    ).toBe(200);
    const all = (await (
      await fetch(`${upstream}/accounts/${alice.publicKey()}/payments?order=desc&limit=200`)
    ).json()) as any;
    const records = all._embedded.records as { paging_token: string }[];
    const ledgerOf = (t: string) => Number(BigInt(t) >> 32n);
    const newest = ledgerOf(records[0]!.paging_token);
    const oldest = records.at(-1)!.paging_token;
    expect(ledgerOf(oldest)).toBeLessThan(newest);
    const s = await start({ retainFromLedger: () => newest });
    const page = (await (
      await fetch(`${s.url}/accounts/${alice.publicKey()}/payments?order=desc&limit=200`)
    ).json()) as any;
    expect(
      page._embedded.records.every((x: { paging_token: string }) => ledgerOf(x.paging_token) >= newest),
    ).toBe(true);
    expect(page._embedded.records.length).toBeLessThan(records.length);
    const gone = await fetch(`${s.url}/accounts/${alice.publicKey()}/payments?order=desc&cursor=${oldest}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ type: 'https://stellar.org/horizon-errors/before_history' });
  });
});

/** Polls the simulator (not the stand-in) until the envelope's transaction is in a ledger; its hash. */
async function landed(env: string): Promise<string> {
  const hash = Buffer.from(TransactionBuilder.fromXDR(env, Networks.PUBLIC).hash()).toString('hex');
  for (let i = 0; i < 80; i++) {
    if ((await fetch(`${upstream}/transactions/${hash}`)).status === 200) return hash;
    await new Promise((ok) => setTimeout(ok, 50));
  }
  return '';
}
