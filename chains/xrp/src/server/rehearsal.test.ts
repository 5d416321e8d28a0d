/* eslint-disable @typescript-eslint/no-explicit-any -- product-API answers are read loosely and asserted */
/**
 * XRP mainnet rehearsal (issue 29): the server on its mainnet profile against rippled stand-ins in front of localnet's
 * XRP Ledger simulator — a dead host first (as in the wild), then a full-history cluster (xrplcluster.com) that gives
 * fewer rows than asked with a marker, then s1.ripple.com, which is not full history. Every user path through the
 * product API: account and reserves, history pages, fees, a signed payment broadcast and its confirmation; then the
 * providers' own failures: rippled's 503 "Server is overloaded" and Clio's slowDown (the next provider serves, never a
 * 500), and a submit that reaches the ledger but never answers (the same bytes go to the next server; one payment).
 */
import { deadUrl, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { rippledBehaviour, XrplSimulator } from '@secux-companion/chain-xrp/sim';
import { Wallet } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRehearsal } from '@secux-companion/server-kit/testing/rehearsal';
import { xrpFamily } from './index.js';

const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const bob = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const NEW = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
/** Payments alice → bob already on the ledger when the suite starts (history pages). */
const SEEDED = 15;
/** Rows the full-history stand-in gives per account_tx call (the server asks 20: several pages, marker paging). */
const ROWS = 7;

let sim: XrplSimulator;
let upstream = '';
let dead = '';
let cluster: StandIn;
let s1: StandIn;
/** The first ledger s1 has: the seeded payments are older. */
let s1First = 0;
const standIns: StandIn[] = [];

/** A payment alice signs (the device signs the same fields), with the sequence the server reported. */
function payment(o: {
  to: string;
  drops: bigint;
  sequence: number;
  lastLedger: number;
  from?: Wallet;
}): string {
  const from = o.from ?? alice;
  return from.sign({
    TransactionType: 'Payment',
    Account: from.classicAddress,
    Destination: o.to,
    Amount: o.drops.toString(),
    Fee: '12',
    Sequence: o.sequence,
    LastLedgerSequence: o.lastLedger,
  }).tx_blob;
}

beforeAll(async () => {
  sim = new XrplSimulator({
    accounts: [
      { address: alice.classicAddress, balance: 500_000_000n },
      { address: bob.classicAddress, balance: 100_000_000n },
    ],
  });
  upstream = await sim.start();
  for (let i = 0; i < SEEDED; i++) {
    const blob = payment({
      to: bob.classicAddress,
      drops: BigInt(1000 + i),
      sequence: sim.accounts.get(alice.classicAddress)!.sequence,
      lastLedger: sim.validatedLedger + 10,
    });
    expect(sim.handle('submit', { tx_blob: blob })).toMatchObject({ engine_result: 'tesSUCCESS' });
    sim.closeLedger();
  }
  s1First = sim.validatedLedger + 1;
  dead = await deadUrl();
  cluster = await startStandIn({
    upstream,
    behaviour: rippledBehaviour({ name: 'xrplcluster', rowsPerCall: ROWS }),
  });
  s1 = await startStandIn({
    upstream,
    behaviour: rippledBehaviour({ name: 's1', firstLedger: () => s1First }),
  });
  standIns.push(cluster, s1);
});
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await sim?.stop();
});

describe('XRP on the mainnet profile against rippled stand-ins', () => {
  const r = useRehearsal(xrpFamily, () => ({
    CHAIN_XRP_RIPPLED: `${dead},${cluster.url},${s1.url}`,
    CHAIN_XRP_TIMEOUT_MS: '2500',
    CHAIN_SUBMIT_TIMEOUT_MS: '2500',
  }));

  it('serves XRP from the configured servers only', async () => {
    const { status, body } = await r.get('/api/chains');
    expect(status).toBe(200);
    expect(body.chains.find((c: any) => c.chain === 'XRP')).toMatchObject({
      family: 'xrp',
      providers: ['rippled#1', 'rippled#2', 'rippled#3'],
      source: 'config',
    });
  });

  it('reads an account, an account not in the ledger, and the reserves of the validated ledger', async () => {
    const a = await r.get(`/api/chains/XRP/account/${alice.classicAddress}`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      balance: (
        500_000_000n -
        BigInt(SEEDED) * 12n -
        BigInt((1000 + 1000 + SEEDED - 1) * SEEDED) / 2n
      ).toString(),
      activated: true,
      sequence: sim.accounts.get(alice.classicAddress)!.sequence,
      ownerCount: 0,
      provider: 'rippled#2',
    });
    const inactive = await r.get(`/api/chains/XRP/account/${NEW}`);
    expect(inactive.body).toMatchObject({ balance: '0', activated: false, sequence: null, txCount: 0 });
    const ledger = await r.get('/api/chains/XRP/ledger');
    expect(ledger.body).toMatchObject({ reserveBase: '1000000', reserveIncrement: '200000' });
    expect(ledger.body.ledgerIndex).toBe(sim.validatedLedger);
  });

  it('reads the fee tiers in drops', async () => {
    const f = await r.get('/api/chains/XRP/fees');
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ unit: 'drops', tiers: { low: '10', medium: '10', high: '10' } });
  });

  it("pages the history with the server's marker when it gives fewer rows than asked", async () => {
    const hashes: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const q: string = cursor ? `?cursor=${cursor}` : '';
      const page = await r.get(`/api/chains/XRP/history/${alice.classicAddress}${q}`);
      expect(page.status).toBe(200);
      expect(page.body.operations.length).toBeLessThanOrEqual(ROWS);
      hashes.push(...page.body.operations.map((o: any) => o.hash));
      cursor = page.body.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(Math.ceil(SEEDED / ROWS));
    expect(new Set(hashes).size).toBe(SEEDED);
    // Every account_tx call stayed within rippled's clamp.
    const limits = cluster.requests
      .filter((q) => q.rpcMethods[0] === 'account_tx')
      .map((q) => JSON.parse(q.body).params[0].limit as number);
    expect(limits.every((l) => l >= 10 && l <= 400)).toBe(true);
  });

  it('broadcasts a signed payment that activates an account: pending until the ledger validates, then confirmed', async () => {
    const acc = (await r.get(`/api/chains/XRP/account/${alice.classicAddress}`)).body;
    const ledger = (await r.get('/api/chains/XRP/ledger')).body;
    const blob = payment({
      to: NEW,
      drops: BigInt(ledger.reserveBase),
      sequence: acc.sequence,
      lastLedger: ledger.ledgerIndex + 20,
    });
    const sent = await r.post('/api/chains/XRP/broadcast', { rawTx: blob });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ hash: expect.stringMatching(/^[0-9A-F]{64}$/), state: 'pending' });
    const pending = await r.get(`/api/chains/XRP/tx-status/${sent.body.hash}`);
    expect(pending.body).toMatchObject({ hash: sent.body.hash, state: 'pending', final: false });
    sim.closeLedger();
    const done = await r.get(`/api/chains/XRP/tx-status/${sent.body.hash}`);
    expect(done.body).toMatchObject({ state: 'confirmed', final: true });
    expect((await r.get(`/api/chains/XRP/account/${NEW}`)).body).toMatchObject({
      balance: '1000000',
      activated: true,
    });
    const history = await r.get(`/api/chains/XRP/history/${NEW}`);
    expect(history.body.operations).toMatchObject([
      { hash: sent.body.hash, direction: 'in', value: '1000000' },
    ]);
  });

  it('answers a cursor s1 cannot serve (its ledgers start later) with an upstream error, never a 500', async () => {
    const first = await r.get(`/api/chains/XRP/history/${alice.classicAddress}`);
    cluster.fault = 'down';
    try {
      // The seeded payments are older than s1's first ledger: s1 answers lgrNotFound for the marker.
      const next = await r.get(`/api/chains/XRP/history/${alice.classicAddress}?cursor=${first.body.cursor}`);
      expect(next.status).toBe(502);
      expect(next.body).toMatchObject({ code: 'upstream_failed', stale: true });
      expect(next.body.attempts.map((a: any) => a.provider)).toEqual(['rippled#1', 'rippled#2', 'rippled#3']);
      expect(s1.requests.some((q) => q.rpcMethods[0] === 'account_tx')).toBe(true);
    } finally {
      cluster.fault = undefined;
    }
  });

  it('resends the same bytes when a submit reached the ledger but never answered: one payment, the same hash', async () => {
    const acc = (await r.get(`/api/chains/XRP/account/${alice.classicAddress}`)).body;
    const ledger = (await r.get('/api/chains/XRP/ledger')).body;
    const bobBefore = sim.accounts.get(bob.classicAddress)!.balance;
    const blob = payment({
      to: bob.classicAddress,
      drops: 777n,
      sequence: acc.sequence,
      lastLedger: ledger.ledgerIndex + 20,
    });
    cluster.fault = 'dropAfterForward';
    cluster.faultWhen = (q) => q.rpcMethods[0] === 'submit';
    try {
      const sent = await r.post('/api/chains/XRP/broadcast', { rawTx: blob });
      expect(sent.status).toBe(200);
      expect(sent.body.state).toBe('pending');
      // The same signed bytes went to the server that never answered and to the next one.
      const sentTo = (s: StandIn) =>
        s.requests.filter(
          (q) =>
            q.rpcMethods[0] === 'submit' &&
            String(JSON.parse(q.body).params[0].tx_blob).toUpperCase() === blob.toUpperCase(),
        ).length;
      expect([sentTo(cluster), sentTo(s1)]).toEqual([1, 1]);
      expect(sent.body.hash).toBe(sim.handle('tx', { transaction: sent.body.hash }).hash);
      sim.closeLedger();
      expect((await r.get(`/api/chains/XRP/tx-status/${sent.body.hash}`)).body.state).toBe('confirmed');
      expect(sim.accounts.get(bob.classicAddress)!.balance).toBe(bobBefore + 777n);
      expect(sim.accounts.get(alice.classicAddress)!.sequence).toBe(acc.sequence + 1);
    } finally {
      cluster.fault = undefined;
      cluster.faultWhen = undefined;
    }
  });
});

describe("XRP when a server rate-limits in its own shape (rippled's 503 text, Clio's slowDown)", () => {
  let overloaded: StandIn;
  let clio: StandIn;
  let healthy: StandIn;
  beforeAll(async () => {
    overloaded = await startStandIn({
      upstream,
      behaviour: rippledBehaviour({ name: 'overloaded', limit: { max: 1, windowMs: 60_000 } }),
    });
    clio = await startStandIn({
      upstream,
      behaviour: rippledBehaviour({
        name: 'clio',
        limit: { max: 1, windowMs: 60_000 },
        limitAnswer: 'slowDown',
      }),
    });
    healthy = await startStandIn({ upstream, behaviour: rippledBehaviour({ name: 'healthy' }) });
    standIns.push(overloaded, clio, healthy);
  });
  const r = useRehearsal(xrpFamily, () => ({
    CHAIN_XRP_RIPPLED: `${dead},${overloaded.url},${clio.url},${healthy.url}`,
    CHAIN_XRP_TIMEOUT_MS: '2500',
  }));

  it('serves every call from the next server; the client never sees a 5xx', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await r.get(`/api/chains/XRP/account/${alice.classicAddress}`));
      answers.push(await r.get('/api/chains/XRP/fees'));
    }
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.at(-1)!.body.provider).toBe('rippled#4');
    // Each limited server was asked and refused in its own shape; after that it is left alone.
    expect(overloaded.requests.length).toBeGreaterThanOrEqual(2);
    expect(clio.requests.length).toBeGreaterThanOrEqual(2);
    expect(overloaded.requests.length + clio.requests.length).toBeLessThan(answers.length * 2);
  });
});
