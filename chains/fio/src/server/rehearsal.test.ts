/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked by the assertions */
/**
 * Mainnet rehearsal, FIO (issue 29): the server on its mainnet profile against the FIO simulator on FIO mainnet's chain
 * id, behind stand-ins of public API nodes and of two v1 history nodes that number an account's actions differently,
 * a dead host first in each list. Every user path through the product API: the chain reference, the account, fees,
 * a signed transfer and its confirmation, history pages pinned to the node that numbered them, a history node that
 * ran out of time, an API node's rate limit served by the next, and a push that lands but never answers resent as the
 * same bytes.
 */
import { Ecc, Fio } from '@fioprotocol/fiojs';
import { buildFioAction, fioPushBody } from '@secux-companion/chain-fio';
import { DEFAULT_MNEMONIC, deadUrl, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import {
  FIO_MAINNET_CHAIN_ID,
  FioSimulator,
  fioApiNode,
  fioGenesis,
  fioPrivateKeyOf,
  fioPublicKeyOf,
  fioSimulatorClient,
} from '@secux-companion/chain-fio/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRehearsal, type Rehearsal } from '@secux-companion/server-kit/testing/rehearsal';
import { fioFamily } from './index.js';

const me = fioPublicKeyOf(DEFAULT_MNEMONIC, 0);
const priv = fioPrivateKeyOf(DEFAULT_MNEMONIC, 0);
const other = String(Ecc.PrivateKey.fromSeed('fio rehearsal other').toPublic().toString());
let sim: FioSimulator;
let api1: StandIn;
let api2: StandIn;
let history1: StandIn;
let history2: StandIn;
let dead: string;
let simUrl: string;
/** history1 answers time_limit_exceeded_error while this is set. */
let historyTimesOut = false;

beforeAll(async () => {
  sim = new FioSimulator({
    genesis: fioGenesis(DEFAULT_MNEMONIC),
    blockIntervalMs: 200,
    chainId: FIO_MAINNET_CHAIN_ID,
  });
  simUrl = await sim.start(0, '127.0.0.1');
  dead = await deadUrl();
  api1 = await startStandIn({
    upstream: simUrl,
    behaviour: fioApiNode({ name: 'api1', perClient: { max: 12, windowMs: 60_000 } }),
  });
  api2 = await startStandIn({ upstream: simUrl, behaviour: fioApiNode({ name: 'api2' }) });
  history1 = await startStandIn({
    upstream: simUrl,
    behaviour: fioApiNode({ name: 'history1', timeLimitExceeded: () => historyTimesOut }),
  });
  history2 = await startStandIn({
    upstream: simUrl,
    behaviour: fioApiNode({ name: 'history2', sequenceBase: 1000 }),
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([api1, api2, history1, history2].map((s) => s?.close()));
  await sim?.stop();
});

const env = () => ({
  CHAIN_FIO_NODES: `${dead},${api1.url},${api2.url}`,
  CHAIN_FIO_HISTORY_NODES: `${dead},${history1.url},${history2.url}`,
  CHAIN_FIO_STAKING_URL: `${simUrl}/staking`,
  CHAIN_TFIO_NODES: 'none',
  // A push that never answers costs this once (the submit class's own timeout, 40 s by default).
  CHAIN_SUBMIT_TIMEOUT_MS: '3000',
});

/** A transfer of `amount` SUF to `to`, built on the chain reference the server hands out and signed with the key. */
async function transfer(r: Rehearsal, amount: bigint, to = other) {
  const ref = await r.get('/api/chains/FIO/fio/chain');
  expect(ref.status).toBe(200);
  const fee = await r.get('/api/chains/FIO/fees');
  expect(fee.status).toBe(200);
  const tx = await buildFioAction({
    kind: 'transferTokens',
    actor: Fio.accountHash(me),
    fields: { payee_public_key: to, amount: amount.toString() },
    fee: BigInt(fee.body.tiers.medium as string),
    tpid: '',
    chain: { chainId: String(ref.body.chainId), block: ref.body.block as never },
    abis: sim.abis,
  });
  const sig = String(Ecc.Signature.sign(Buffer.from(tx.sigData, 'hex'), priv).toString());
  return JSON.stringify(fioPushBody(tx, sig));
}

/** The transaction's state: the finality route when the server has it, else whether the history lists it. */
async function confirmation(r: Rehearsal, hash: string): Promise<string> {
  const s = await r.get(`/api/chains/FIO/tx-status/${hash}`);
  if (s.status === 200) return s.body.state as string;
  const h = await r.get(`/api/chains/FIO/history/${me}`);
  expect(h.status).toBe(200);
  return (h.body.operations as any[]).some((o) => o.hash === hash) ? 'confirmed' : 'unknown';
}

const balanceOf = async (r: Rehearsal, key: string) => {
  const a = await r.get(`/api/chains/FIO/account/${key}`);
  expect(a.status).toBe(200);
  return BigInt(a.body.balance as string);
};

describe('FIO on the mainnet profile against public API and history nodes', () => {
  const r = useRehearsal(fioFamily, env);

  it("hands out the chain reference on FIO mainnet's chain id, though the first node is gone", async () => {
    const c = await r.get('/api/chains/FIO/fio/chain');
    expect(c.status).toBe(200);
    expect(c.body).toMatchObject({ chainId: FIO_MAINNET_CHAIN_ID, provider: 'fio-node#2' });
  });

  it('reads the account and the fees', async () => {
    const a = await r.get(`/api/chains/FIO/account/${me}`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ balance: (1000n * 10n ** 9n).toString(), actor: Fio.accountHash(me) });
    const f = await r.get('/api/chains/FIO/fees');
    expect(f.status).toBe(200);
    expect(f.body).toMatchObject({ unit: 'SUF' });
    expect(BigInt(f.body.tiers.medium as string)).toBeGreaterThan(0n);
  });

  it('sends a signed transfer; the client gets its id and the chain confirms it', async () => {
    const before = await balanceOf(r, other);
    const b = await r.post('/api/chains/FIO/broadcast', { rawTx: await transfer(r, 3_000_000_000n) });
    expect(b.status).toBe(200);
    expect(b.body.hash).toMatch(/^[0-9a-f]{64}$/);
    // FIO's finality is the last irreversible block: pending until the next blocks (every 200 ms here).
    let state = await confirmation(r, b.body.hash as string);
    expect(['pending', 'confirmed']).toContain(state);
    for (let i = 0; i < 20 && state === 'pending'; i++) {
      await new Promise((ok) => setTimeout(ok, 200));
      state = await confirmation(r, b.body.hash as string);
    }
    expect(state).toBe('confirmed');
    expect((await balanceOf(r, other)) - before).toBeGreaterThanOrEqual(3_000_000_000n);
  });

  it('pages the history on the node that numbered the first page, though the nodes disagree', async () => {
    const client = fioSimulatorClient(sim);
    const fee = BigInt((await r.get('/api/chains/FIO/fees')).body.tiers.medium as string);
    // More actions than the first page holds (a node's `pos: -1` answer: the latest 10): a second page.
    const latest = await client.post('/v1/history/get_actions', {
      account_name: Fio.accountHash(me),
      pos: -1,
      offset: -1,
    });
    const count = Number((latest.body.actions as any[]).at(-1)?.account_action_seq ?? -1) + 1;
    for (let i = count; i < 12; i++) {
      const p = await client.push(
        'transferTokens',
        { payee_public_key: other, amount: String(1_000_000 + i) },
        { actorKey: me, key: priv, fee },
      );
      expect([200, 202]).toContain(p.status);
    }
    // history1 is down for the first page: history2 (numbering from 1000) serves it; then history1 is back.
    history1.fault = 'down';
    const first = await r.get(`/api/chains/FIO/history/${me}`);
    history1.fault = undefined;
    expect(first.status).toBe(200);
    expect(first.body.provider).toBe('fio-history#3');
    const hashes = (first.body.operations as any[]).map((o) => o.hash as string);
    let cursor = first.body.cursor as string | null;
    expect(cursor).not.toBeNull();
    const askedBefore = history1.requests.length;
    let pages = 1;
    while (cursor && pages < 6) {
      const page = await r.get(`/api/chains/FIO/history/${me}?cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      expect(page.body.provider).toBe('fio-history#3');
      hashes.push(...(page.body.operations as any[]).map((o) => o.hash as string));
      cursor = page.body.cursor as string | null;
      pages += 1;
    }
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(history1.requests.length).toBe(askedBefore);
    expect(new Set(hashes).size).toBe(hashes.length);
    expect(hashes.length).toBeGreaterThanOrEqual(12);
  });

  it('a history node that ran out of time (time_limit_exceeded_error) is not the end of the history', async () => {
    historyTimesOut = true;
    try {
      const h = await r.get(`/api/chains/FIO/history/${me}`);
      expect(h.status).toBe(200);
      expect(h.body.provider).toBe('fio-history#3');
      expect((h.body.operations as any[]).length).toBeGreaterThan(0);
    } finally {
      historyTimesOut = false;
    }
  });

  it("past api1's limit (429) api2 serves: never a 500", async () => {
    for (let i = 0; i < 15; i++) {
      const a = await r.get(`/api/chains/FIO/account/${me}`);
      expect(a.status).toBe(200);
    }
    expect((await r.get(`/api/chains/FIO/account/${me}`)).body.provider).toBe('fio-node#3');
  });
});

describe('FIO: a push that reaches the chain but never answers', () => {
  const r = useRehearsal(fioFamily, env);
  beforeAll(() => {
    api1.reset();
    api2.reset();
    api1.fault = 'dropAfterForward';
    api1.faultWhen = (q) => q.path === '/v1/chain/push_transaction';
  });
  afterAll(() => {
    api1.fault = undefined;
  });

  it('resends the same bytes to the next node and answers the same id; one transfer on chain', async () => {
    const to = String(Ecc.PrivateKey.fromSeed('fio rehearsal drop').toPublic().toString());
    const rawTx = await transfer(r, 2_000_000_000n, to);
    const b = await r.post('/api/chains/FIO/broadcast', { rawTx });
    expect(b.body).toMatchObject({ hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(b.status).toBe(200);
    const pushes = [...api1.requests, ...api2.requests].filter(
      (q) => q.path === '/v1/chain/push_transaction',
    );
    expect(pushes.map((q) => JSON.parse(q.body))).toEqual([JSON.parse(rawTx), JSON.parse(rawTx)]);
    expect(await balanceOf(r, to)).toBe(2_000_000_000n);
  });
});
