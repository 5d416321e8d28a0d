/* eslint-disable @typescript-eslint/no-explicit-any -- product-API answers are read loosely and asserted */
/**
 * XLM mainnet rehearsal (issue 29): the server on its mainnet profile (the public network's passphrase, no override)
 * against Horizon stand-ins in front of localnet's Horizon simulator posing as the public network — a dead host first,
 * then SDF's Horizon (synchronous submit: the answer comes 6 s later, once the ledger closed; one year of history),
 * then LOBSTR's. Every user path through the product API: network, account, history pages, fees, a signed payment and
 * its confirmation; then the providers' own behaviour: a cursor before SDF's retention (410 before_history: the next
 * Horizon serves it), Horizon's 429 problem JSON (the next Horizon serves, never a 500), and a submit that reaches the
 * ledger but never answers (the same envelope goes to the next Horizon; one payment, the same hash).
 */
import { deadUrl, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { horizonBehaviour, HorizonSimulator } from '@secux-companion/chain-stellar/sim';
import { Account, Asset, Keypair, Networks, Operation, TransactionBuilder } from '@stellar/stellar-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRehearsal } from '@secux-companion/server-kit/testing/rehearsal';
import { stellarFamily } from './index.js';

const XLM = 10_000_000n;
const me = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 61));
const ME = me.publicKey();
const BOB = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 62)).publicKey();
const NEW = Keypair.fromRawEd25519Seed(Buffer.alloc(32, 63)).publicKey();
/** Circle's USDC on the public network: a trust line me holds (the account's tokens). */
const USDC = { code: 'USDC', issuer: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN' };
/** Payments me → bob on the ledger when the suite starts, each in its own ledger. */
const SEEDED = 7;

let sim: HorizonSimulator;
let upstream = '';
let dead = '';
let sdf: StandIn;
let lobstr: StandIn;
/** SDF's retention (undefined: it keeps everything the simulator has). */
let retain: number | undefined;
const standIns: StandIn[] = [];

/** A payment (or account creation) me signs on the public network, with the sequence after `sequence`. */
function envelope(o: {
  to: string;
  stroops: bigint;
  sequence: string;
  create?: boolean;
  fee?: string;
}): string {
  const amount = `${o.stroops / XLM}.${(o.stroops % XLM).toString().padStart(7, '0')}`;
  const tx = new TransactionBuilder(new Account(ME, o.sequence), {
    fee: o.fee ?? '100',
    networkPassphrase: Networks.PUBLIC,
  })
    .addOperation(
      o.create
        ? Operation.createAccount({ destination: o.to, startingBalance: amount })
        : Operation.payment({ destination: o.to, asset: Asset.native(), amount }),
    )
    .setTimeout(300)
    .build();
  tx.sign(me);
  return tx.toEnvelope().toXDR('base64');
}
const hashOf = (env: string) =>
  Buffer.from(TransactionBuilder.fromXDR(env, Networks.PUBLIC).hash()).toString('hex');
const submitsOf = (s: StandIn, env: string) =>
  s.requests.filter(
    (q) => q.method === 'POST' && q.path === '/transactions' && new URLSearchParams(q.body).get('tx') === env,
  ).length;

beforeAll(async () => {
  sim = new HorizonSimulator({
    accounts: [
      { address: ME, balance: 10_000n * XLM, trustlines: [{ ...USDC, balance: 125_5000000n }] },
      { address: BOB, balance: 100n * XLM },
    ],
    networkPassphrase: Networks.PUBLIC,
    // Stellar closes a ledger about every 5 s; scaled down so the synchronous submit spans several closes.
    closeIntervalMs: 1000,
  });
  upstream = await sim.start();
  for (let i = 0; i < SEEDED; i++) {
    const env = envelope({
      to: BOB,
      stroops: BigInt(1_000_000 + i),
      sequence: sim.accounts.get(ME)!.sequence.toString(),
    });
    const body = new URLSearchParams({ tx: env }).toString();
    expect(sim.handle('POST', '/transactions', body).status).toBe(200);
    sim.closeLedger();
  }
  dead = await deadUrl();
  sdf = await startStandIn({
    upstream,
    behaviour: horizonBehaviour({ name: 'sdf', submitDelayMs: 6000, retainFromLedger: () => retain }),
  });
  lobstr = await startStandIn({
    upstream,
    behaviour: horizonBehaviour({ name: 'lobstr', submitDelayMs: 1000 }),
  });
  standIns.push(sdf, lobstr);
});
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await sim?.stop();
});

describe('XLM on the mainnet profile against Horizon stand-ins', () => {
  const r = useRehearsal(stellarFamily, () => ({ CHAIN_XLM_HORIZON: `${dead},${sdf.url},${lobstr.url}` }));

  it('serves the public network from the configured Horizons', async () => {
    const c = await r.get('/api/chains/XLM');
    expect(c.body).toMatchObject({ networkPassphrase: Networks.PUBLIC, source: 'config' });
    const n = await r.get('/api/chains/XLM/network');
    expect(n.status).toBe(200);
    expect(n.body).toMatchObject({
      networkPassphrase: Networks.PUBLIC,
      baseFee: '100',
      baseReserve: '5000000',
      provider: 'horizon#2',
    });
  });

  it('reads an account with its sequence, its trust lines (tokens), and an account not on the ledger', async () => {
    const a = await r.get(`/api/chains/XLM/account/${ME}`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({
      balance: sim.accounts.get(ME)!.balance.toString(),
      activated: true,
      sequence: sim.accounts.get(ME)!.sequence.toString(),
      subentries: 1,
      assets: [{ kind: 'credit_alphanum4', code: 'USDC', issuer: USDC.issuer, balance: '1255000000' }],
    });
    const none = await r.get(`/api/chains/XLM/account/${NEW}`);
    expect(none.body).toMatchObject({ balance: '0', activated: false, sequence: null });
  });

  it('reads the fee per operation', async () => {
    const f = await r.get('/api/chains/XLM/fees');
    expect(f.body).toMatchObject({ unit: 'stroops', tiers: { low: '100', medium: '100', high: '100' } });
  });

  it("pages the history with Horizon's paging token, within Horizon's 200 a page", async () => {
    const hashes: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await r.get(
        `/api/chains/XLM/history/${ME}?pageSize=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.operations.length).toBeLessThanOrEqual(3);
      hashes.push(...page.body.operations.map((o: any) => o.hash));
      cursor = page.body.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(hashes).size).toBe(SEEDED);
    expect((await r.get(`/api/chains/XLM/history/${ME}?pageSize=500`)).status).toBe(400);
    const limits = sdf.requests
      .filter((q) => q.path.endsWith('/payments'))
      .map((q) => Number(q.query.get('limit')));
    expect(limits.every((l) => l >= 1 && l <= 200)).toBe(true);
  });

  it('asks the next Horizon for a page before SDF’s retention (410 before_history)', async () => {
    const first = await r.get(`/api/chains/XLM/history/${ME}?pageSize=3`);
    const token = JSON.parse(Buffer.from(first.body.cursor, 'base64url').toString()).p as string;
    retain = Number(BigInt(token) >> 32n) + 1;
    try {
      const next = await r.get(`/api/chains/XLM/history/${ME}?pageSize=3&cursor=${first.body.cursor}`);
      expect(next.status).toBe(200);
      expect(next.body.provider).toBe('horizon#3');
      expect(next.body.operations).toHaveLength(3);
      const seen = new Set(first.body.operations.map((o: any) => o.hash));
      expect(next.body.operations.some((o: any) => seen.has(o.hash))).toBe(false);
    } finally {
      retain = undefined;
    }
  });

  it('sends a payment that Horizon answers only after the ledger closed (6 s): success, sent once', async () => {
    const acc = (await r.get(`/api/chains/XLM/account/${ME}`)).body;
    const env = envelope({ to: NEW, stroops: 20n * XLM, sequence: acc.sequence, create: true });
    const sent = await r.post('/api/chains/XLM/broadcast', { rawTx: env });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ hash: hashOf(env), provider: 'horizon#2', state: 'pending' });
    // Not cut short and resent: SDF got it once, LOBSTR never; form-encoded (Horizon answers JSON 415).
    expect([submitsOf(sdf, env), submitsOf(lobstr, env)]).toEqual([1, 0]);
    expect(sdf.requests.find((q) => q.method === 'POST')!.headers['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
    const status = await r.get(`/api/chains/XLM/tx-status/${sent.body.hash}`);
    expect(status.body).toMatchObject({ hash: hashOf(env), state: 'confirmed', final: true });
    expect((await r.get(`/api/chains/XLM/account/${NEW}`)).body).toMatchObject({
      balance: (20n * XLM).toString(),
      activated: true,
    });
    const history = await r.get(`/api/chains/XLM/history/${NEW}`);
    expect(history.body.operations[0]).toMatchObject({ hash: hashOf(env), direction: 'in' });
  }, 20_000);
});

describe('XLM when a Horizon rate-limits (429 problem JSON with X-RateLimit headers)', () => {
  let limited: StandIn;
  let healthy: StandIn;
  beforeAll(async () => {
    limited = await startStandIn({ upstream, behaviour: horizonBehaviour({ name: 'limited', perHour: 2 }) });
    healthy = await startStandIn({ upstream, behaviour: horizonBehaviour({ name: 'healthy' }) });
    standIns.push(limited, healthy);
  });
  const r = useRehearsal(stellarFamily, () => ({
    CHAIN_XLM_HORIZON: `${dead},${limited.url},${healthy.url}`,
  }));

  it('serves every call from the next Horizon; the client never sees a 5xx; the limited one is left alone', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await r.get(`/api/chains/XLM/account/${ME}`));
      answers.push(await r.get('/api/chains/XLM/fees'));
      answers.push(await r.get(`/api/chains/XLM/history/${ME}?pageSize=2`));
    }
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.at(-1)!.body.provider).toBe('horizon#3');
    // Two served, one refused with its reset time: not asked again within the hour.
    expect(limited.requests).toHaveLength(3);
  });
});

describe('XLM when a submit reaches the ledger but the Horizon never answers', () => {
  let dropping: StandIn;
  let second: StandIn;
  beforeAll(async () => {
    dropping = await startStandIn({
      upstream,
      behaviour: horizonBehaviour({ name: 'dropping', submitDelayMs: 0 }),
    });
    second = await startStandIn({
      upstream,
      behaviour: horizonBehaviour({ name: 'second', submitDelayMs: 500 }),
    });
    standIns.push(dropping, second);
  });
  // A submit the first Horizon never answers costs its timeout (scaled down from the submit class's).
  const r = useRehearsal(stellarFamily, () => ({
    CHAIN_XLM_HORIZON: `${dead},${dropping.url},${second.url}`,
    CHAIN_XLM_TIMEOUT_MS: '2500',
  }));

  it('resends the same envelope to the next Horizon: success with the same hash, one payment', async () => {
    const acc = (await r.get(`/api/chains/XLM/account/${ME}`)).body;
    const before = sim.accounts.get(BOB)!.balance;
    const env = envelope({ to: BOB, stroops: 3n * XLM, sequence: acc.sequence });
    dropping.fault = 'dropAfterForward';
    dropping.faultWhen = (q) => q.method === 'POST';
    try {
      const sent = await r.post('/api/chains/XLM/broadcast', { rawTx: env });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ hash: hashOf(env), provider: 'horizon#3', state: 'pending' });
      expect([submitsOf(dropping, env), submitsOf(second, env)]).toEqual([1, 1]);
      expect(sim.accounts.get(BOB)!.balance).toBe(before + 3n * XLM);
      expect(sim.accounts.get(ME)!.sequence).toBe(BigInt(acc.sequence) + 1n);
    } finally {
      dropping.fault = undefined;
      dropping.faultWhen = undefined;
    }
  });
});

describe("XLM when Horizon's submission timeout passes (504 transaction_submission_timeout with the hash)", () => {
  let slow: StandIn;
  beforeAll(async () => {
    slow = await startStandIn({
      upstream,
      behaviour: horizonBehaviour({ name: 'slow', submitDelayMs: 0, submitTimeout: true }),
    });
    standIns.push(slow);
  });
  const r = useRehearsal(stellarFamily, () => ({ CHAIN_XLM_HORIZON: `${dead},${slow.url}` }));

  it('answers the hash as pending (the transaction may still land) and confirms it by the hash, never a failure', async () => {
    const acc = (await r.get(`/api/chains/XLM/account/${ME}`)).body;
    const before = sim.accounts.get(BOB)!.balance;
    const env = envelope({ to: BOB, stroops: 4n * XLM, sequence: acc.sequence });
    const sent = await r.post('/api/chains/XLM/broadcast', { rawTx: env });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ hash: hashOf(env), state: 'pending' });
    expect(submitsOf(slow, env)).toBe(1);
    sim.closeLedger();
    expect((await r.get(`/api/chains/XLM/tx-status/${hashOf(env)}`)).body).toMatchObject({
      state: 'confirmed',
    });
    expect(sim.accounts.get(BOB)!.balance).toBe(before + 4n * XLM);
  });
});
