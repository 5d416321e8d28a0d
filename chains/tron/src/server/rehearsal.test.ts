/* eslint-disable @typescript-eslint/no-explicit-any -- product-API answers are read loosely and asserted */
/**
 * TRX mainnet rehearsal (issue 29): the server on its mainnet profile against TronGrid stand-ins in front of localnet's
 * TRON simulator — a dead host first, then TronGrid (full node and v1 index; keyless limit with a suspension), then a
 * public full node without the index. Every user path through the product API (chain-tron's own client builds, a
 * software key signs): account with resources and TRC-10/TRC-20 tokens, history pages at TronGrid's 200 a page with
 * fingerprints, fees and chain parameters, a TRC-20 transfer and its confirmation by the solidity node; then the
 * providers' own behaviour: TronGrid's 403 `{Error}` suspension (the next host serves, never a 500; the suspension is
 * honoured) and a broadcast that reaches the chain but never answers (the same bytes go to the next node; one
 * transaction, the same id).
 */
import type { AddressInfo } from 'node:net';
import {
  createTronProductApiChain,
  rawDataHex,
  serializeSignedTransaction,
  txIdOf,
  type TronDeviceTx,
  type TronSigner,
} from '@secux-companion/chain-tron';
import { deadUrl, startStandIn, type StandIn } from '@secux-companion/sim-kit';
import { LOCAL_TRC10, LOCAL_TRC20, tronGridBehaviour, TronSimulator } from '@secux-companion/chain-tron/sim';
import { SigningKey, pkToAddress, toHex } from 'tronweb/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRehearsal } from '@secux-companion/server-kit/testing/rehearsal';
import { tronFamily } from './index.js';

const KEY = '0x' + '4a'.repeat(32);
const ME = pkToAddress(KEY.slice(2));
const HOLDER = pkToAddress('5b'.repeat(32));
const NEW = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ACCOUNT = { chain: 'TRX' as const, index: 0, bip: 44 as const, path: "m/44'/195'/0'", address: ME };
const LUSDT = { contract: LOCAL_TRC20.address, symbol: 'LUSDT', decimals: 6 };
/** TRX transfers me → holder on chain when the suite starts: more than one page of TronGrid's 200. */
const SEEDED = 205;
/** TRON's solidity: a block is final once 19 more are on top of it (the simulator's default). */
const SOLIDITY_DEPTH = 19;

const sign = (raw: string) => {
  const sig = new SigningKey(KEY).sign(`0x${txIdOf(raw)}`);
  return `${sig.r.slice(2)}${sig.s.slice(2)}${(sig.v - 27).toString(16).padStart(2, '0')}`;
};
const signer: TronSigner = {
  async signTrx(_path, req) {
    const kind = 'contract' in req ? 'trc20' : 'token' in req ? 'trc10' : 'trx';
    const raw = rawDataHex({ ...req, kind } as TronDeviceTx);
    const signature = sign(raw);
    return { rawTx: serializeSignedTransaction(raw, [signature]), signature };
  },
};

let sim: TronSimulator;
let upstream = '';
let dead = '';
let grid: StandIn;
let publicNode: StandIn;
const standIns: StandIn[] = [];

/** A signed TRX transfer me → `to` referencing the simulator's head block (hex). */
function transfer(to: string, amount: number): string {
  const head = sim.head;
  const raw = rawDataHex({
    kind: 'trx',
    from: ME,
    to,
    amount,
    blockID: head.id,
    blockNumber: head.number,
    timestamp: head.timestamp,
    expiration: head.timestamp + 600_000,
  });
  return serializeSignedTransaction(raw, [sign(raw)]);
}

beforeAll(async () => {
  sim = new TronSimulator({
    accounts: [
      { address: ME, balance: 1_000_000_000_000n, energy: 200_000n, trc20: 1_000_000_000n, trc10: 100n },
      { address: HOLDER, balance: 1_000_000n, trc20: 1n },
    ],
  });
  upstream = await sim.start();
  for (let i = 1; i <= SEEDED; i++)
    expect(sim.broadcast(Buffer.from(transfer(HOLDER, i), 'hex'))).toMatchObject({ result: true });
  sim.produceBlock();
  dead = await deadUrl();
  grid = await startStandIn({
    upstream,
    behaviour: tronGridBehaviour({ name: 'trongrid', keyless: { max: 500, windowMs: 1000 } }),
  });
  // A public full node: /wallet/* only (only TronGrid serves the v1 index).
  publicNode = await startStandIn({
    upstream,
    behaviour: {
      name: 'publicnode',
      intercept: (q) =>
        q.path.startsWith('/v1/')
          ? { status: 404, body: { Error: 'this API is unavailable due to config' } }
          : undefined,
    },
  });
  standIns.push(grid, publicNode);
});
afterAll(async () => {
  await Promise.all(standIns.map((s) => s.close()));
  await sim?.stop();
});

describe('TRX on the mainnet profile against TronGrid stand-ins', () => {
  const r = useRehearsal(tronFamily, () => ({
    CHAIN_TRX_NODES: `${dead},${grid.url},${publicNode.url}`,
    CHAIN_TRX_INDEXERS: `${dead},${grid.url}`,
    CHAIN_TRX_TIMEOUT_MS: '2500',
    CHAIN_TRX_INDEX_TIMEOUT_MS: '2500',
    // A key for TronGrid's hosts: never sent anywhere else (these stand-ins are not trongrid.io).
    TRON_PRO_API_KEY: 'rehearsal-key',
  }));
  let base = '';
  beforeAll(async () => {
    await r.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(r.app.server.address() as AddressInfo).port}/api`;
  });
  const chain = () => createTronProductApiChain({ baseUrl: base });

  it('reads the account with its resources and both token kinds, and an address not activated', async () => {
    const a = await r.get(`/api/chains/TRX/account/${ME}`);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ activated: true, provider: 'tron-node#2' });
    expect(a.body.balance).toBe(sim.accounts.get(toHex(ME).toLowerCase())!.balance.toString());
    expect(a.body.tokens.map((t: any) => [t.type, t.symbol, t.balance])).toEqual([
      ['trc10', LOCAL_TRC10.abbr, '100'],
      ['trc20', 'LUSDT', '1000000000'],
    ]);
    expect(a.body.resources).toMatchObject({ energyLimit: '200000' });
    const s = await chain().getAccountState(ACCOUNT);
    expect(s.tokens?.map((t) => t.symbol)).toEqual([LOCAL_TRC10.abbr, 'LUSDT']);
    const none = await r.get(`/api/chains/TRX/account/${NEW}`);
    expect(none.body).toMatchObject({ balance: '0', activated: false, txCount: 0 });
  });

  it('reads the fees and the chain parameters', async () => {
    const f = await r.get('/api/chains/TRX/fees');
    expect(f.body).toMatchObject({ unit: 'sun', tiers: { medium: '270000' } });
    const p = await r.get('/api/chains/TRX/params');
    expect(p.body).toMatchObject({ bandwidthPrice: '1000', energyPrice: '100', createAccountFee: '100000' });
  });

  it("pages the history with TronGrid's fingerprints, 200 a page", async () => {
    const hashes: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: any = await r.get(`/api/chains/TRX/history/${ME}${cursor ? `?cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      hashes.push(...page.body.operations.map((o: any) => o.hash));
      cursor = page.body.cursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(new Set(hashes).size).toBe(SEEDED);
    const lists = grid.requests.filter((q) => q.path.startsWith(`/v1/accounts/${ME}/transactions`));
    expect(lists.every((q) => Number(q.query.get('limit')) <= 200)).toBe(true);
    expect(lists.some((q) => q.query.has('fingerprint'))).toBe(true);
    // The key went to no host but TronGrid's (these stand-ins are not trongrid.io).
    expect([...grid.requests, ...publicNode.requests].some((q) => q.headers['tron-pro-api-key'])).toBe(false);
  });

  it('sends a TRC-20 transfer: unknown, then pending in a block, confirmed once solidified', async () => {
    const c = chain();
    const built = await c.build(ACCOUNT, { recipient: HOLDER, amount: 5_000_000n, token: LUSDT });
    const hash = await c.broadcast(c.finalize(built, await c.sign(signer, built)));
    expect(hash).toBe(txIdOf(built.unsigned.rawHex));
    const status = async () => (await r.get(`/api/chains/TRX/tx-status/${hash}`)).body;
    expect(await status()).toMatchObject({ hash, state: 'unknown', final: false });
    sim.produceBlock();
    expect(await status()).toMatchObject({ state: 'pending', final: false });
    for (let i = 0; i < SOLIDITY_DEPTH; i++) sim.produceBlock();
    expect(await status()).toMatchObject({ state: 'confirmed', final: true });
    const page = await c.getHistory(ACCOUNT);
    expect(page.operations[0]).toMatchObject({ hash, value: 5_000_000n, token: { symbol: 'LUSDT' } });
  });

  it('resends the same bytes when a broadcast reached the chain but never answered: one transaction, the same id', async () => {
    const before = (await r.get(`/api/chains/TRX/account/${HOLDER}`)).body.balance as string;
    const hex = transfer(HOLDER, 4242);
    grid.fault = 'dropAfterForward';
    grid.faultWhen = (q) => q.path === '/wallet/broadcasthex';
    try {
      const sent = await r.post('/api/chains/TRX/broadcast', { rawTx: hex });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ hash: txIdOf(rawOf(hex)), state: 'pending' });
      const sentTo = (s: StandIn) =>
        s.requests.filter((q) => q.path === '/wallet/broadcasthex' && JSON.parse(q.body).transaction === hex)
          .length;
      expect([sentTo(grid), sentTo(publicNode)]).toEqual([1, 1]);
      sim.produceBlock();
      expect((await r.get(`/api/chains/TRX/account/${HOLDER}`)).body.balance).toBe(
        (BigInt(before) + 4242n).toString(),
      );
    } finally {
      grid.fault = undefined;
      grid.faultWhen = undefined;
    }
  });
});

describe('TRX when TronGrid suspends a keyless caller (403 {Error}, "suspended for 30s")', () => {
  let limited: StandIn;
  beforeAll(async () => {
    limited = await startStandIn({
      upstream,
      behaviour: tronGridBehaviour({
        name: 'suspending',
        keyless: { max: 2, windowMs: 60_000 },
        suspendMs: 30_000,
      }),
    });
    standIns.push(limited);
  });
  const r = useRehearsal(tronFamily, () => ({
    CHAIN_TRX_NODES: `${dead},${limited.url},${publicNode.url}`,
    CHAIN_TRX_INDEXERS: `${dead},${limited.url},${grid.url}`,
    CHAIN_TRX_TIMEOUT_MS: '2500',
    CHAIN_TRX_INDEX_TIMEOUT_MS: '2500',
  }));

  it('serves every call from the next host; the client never sees a 5xx; the suspension is honoured', async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      answers.push(await r.get(`/api/chains/TRX/account/${ME}`));
      answers.push(await r.get('/api/chains/TRX/params'));
      answers.push(await r.get(`/api/chains/TRX/history/${HOLDER}`));
    }
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    // Served by the next hosts once TronGrid suspended the caller; it is not asked again while suspended.
    expect(answers.at(-1)!.body.provider).not.toMatch(/#2$/);
    const afterRefusal = limited.requests.slice(2);
    expect(afterRefusal.length).toBeLessThanOrEqual(3);
  });
});

/** raw_data hex of a signed transaction (field 1 of the protobuf). */
function rawOf(signedHex: string): string {
  const b = Buffer.from(signedHex, 'hex');
  let i = 1;
  let len = 0;
  let shift = 0;
  for (;;) {
    const x = b[i++]!;
    len |= (x & 0x7f) << shift;
    if (!(x & 0x80)) break;
    shift += 7;
  }
  return b.subarray(i, i + len).toString('hex');
}

describe('TRX when TronGrid, the only v1 index, suspends the server (the mainnet default)', () => {
  let limited: StandIn;
  beforeAll(async () => {
    limited = await startStandIn({
      upstream,
      behaviour: tronGridBehaviour({
        name: 'only-index',
        keyless: { max: 1, windowMs: 60_000 },
        suspendMs: 30_000,
      }),
    });
    standIns.push(limited);
  });
  const r = useRehearsal(tronFamily, () => ({
    CHAIN_TRX_NODES: `${dead},${limited.url},${publicNode.url}`,
    CHAIN_TRX_INDEXERS: `${dead},${limited.url}`,
    CHAIN_TRX_TIMEOUT_MS: '2500',
    CHAIN_TRX_INDEX_TIMEOUT_MS: '2500',
  }));

  it('answers the index calls 429 with TronGrid suspending, the node calls from another node; never a 500', async () => {
    await r.get('/api/chains/TRX/params'); // TronGrid's one request before it suspends
    const history = await r.get(`/api/chains/TRX/history/${HOLDER}`);
    // The dead host was refused and TronGrid is suspending: the client is told when to try again (stale meanwhile).
    expect(history.status).toBe(429);
    expect(history.body).toMatchObject({ code: 'too_many_requests', stale: true });
    expect(history.body.retryAfter).toBeGreaterThan(0);
    expect(history.body.attempts).toContainEqual({
      provider: 'tron-index#2',
      kind: 'rateLimited',
      status: 403,
    });
    const params = await r.get('/api/chains/TRX/params');
    expect(params.status).toBe(200);
    expect(params.body.provider).toBe('tron-node#3');
    const block = await r.get('/api/chains/TRX/block');
    expect(block.status).toBe(200);
  });
});

describe("TRX with TRON_PRO_API_KEY: TronGrid's own host gets the key and the key's higher limit", () => {
  let keyed: StandIn;
  let publicBefore = 0;
  beforeAll(async () => {
    keyed = await startStandIn({
      upstream,
      behaviour: tronGridBehaviour({
        name: 'trongrid-keyed',
        keyless: { max: 1, windowMs: 60_000 },
        suspendMs: 30_000,
        keyed: { max: 100, windowMs: 1000 },
      }),
    });
    standIns.push(keyed);
    publicBefore = publicNode.requests.length;
  });
  // The key is sent to TronGrid's hosts only (by name): the server calls api.trongrid.io, which reaches the stand-in.
  const r = useRehearsal(
    tronFamily,
    () => ({
      CHAIN_TRX_NODES: `${dead},https://api.trongrid.io,${publicNode.url}`,
      CHAIN_TRX_INDEXERS: `${dead},https://api.trongrid.io`,
      CHAIN_TRX_TIMEOUT_MS: '2500',
      CHAIN_TRX_INDEX_TIMEOUT_MS: '2500',
      TRON_PRO_API_KEY: 'rehearsal-key',
    }),
    {
      fetch: () => (input, init) =>
        fetch(String(input).replace(/^https:\/\/api\.trongrid\.io(?=\/)/, keyed.url), init),
    },
  );

  it('is served by TronGrid beyond its keyless limit; the key goes to TronGrid and nowhere else', async () => {
    const answers = [
      await r.get(`/api/chains/TRX/account/${ME}`),
      await r.get('/api/chains/TRX/params'),
      await r.get(`/api/chains/TRX/history/${HOLDER}`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.provider)).toEqual(['tron-node#2', 'tron-node#2', 'tron-index#2']);
    expect(keyed.requests.length).toBeGreaterThan(1);
    expect(keyed.requests.every((q) => q.headers['tron-pro-api-key'] === 'rehearsal-key')).toBe(true);
    expect(publicNode.requests.slice(publicBefore).some((q) => q.headers['tron-pro-api-key'])).toBe(false);
  });
});
