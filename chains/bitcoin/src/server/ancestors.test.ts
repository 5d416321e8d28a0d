/**
 * CPFP without a node RPC (issue 31 item 16, spec 02 §7): the server walks a pending transaction's unconfirmed
 * ancestors through the mempool service's GET /api/tx/:txid, bounded and checked; the minimum relay fee comes from the
 * same service. A node RPC, when configured, is asked first (getmempoolentry / getmempoolinfo).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpfpFeeRate } from '@secux-companion/core';
import { ChainApiError } from '@secux-companion/server-kit/failover';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import { startServer, type Handler, type TestServer } from '@secux-companion/server-kit/testing/servers';
import { parseAncestors } from '../network/raw';
import { ANCESTOR_LIMITS, walkAncestors } from './ancestors.js';
import type { UtxoProvider } from './backend.js';
import { UtxoFacade } from './facade.js';
import { createMempool } from './providers/mempool.js';
import type { PackageTx } from './providers/mempoolTx.js';

const id = (c: string) => c.repeat(64);
const CONFIRMED = id('c');
const GRANDPARENT = id('a');
const PARENT = id('b');
const OTHER = id('d');

/** An Esplora transaction spending `parents` (100 000 sat each) and paying `fee`. */
function esplora(txid: string, parents: string[], fee: number, weight: number, confirmed = false) {
  const spent = parents.length * 100_000;
  return {
    txid,
    version: 2,
    locktime: 0,
    vin: parents.map((p, i) => ({
      txid: p,
      vout: i,
      prevout: { scriptpubkey: `0014${'11'.repeat(20)}`, scriptpubkey_type: 'v0_p2wpkh', value: 100_000 },
      scriptsig: '',
      witness: ['30'.repeat(71), '02'.repeat(33)],
      is_coinbase: false,
      sequence: 4294967293,
    })),
    vout: [{ scriptpubkey: `0014${'22'.repeat(20)}`, scriptpubkey_type: 'v0_p2wpkh', value: spent - fee }],
    size: Math.ceil(weight / 2),
    weight,
    sigops: 1,
    fee,
    status: confirmed
      ? { confirmed: true, block_height: 900_000, block_hash: id('0'), block_time: 1_760_000_000 }
      : { confirmed: false },
  };
}

/** The grandparent (confirmed parent, 141 sat for 141 vB), the parent spending it (1 sat/vB), a confirmed root. */
const txs: Record<string, unknown> = {
  [CONFIRMED]: esplora(CONFIRMED, [OTHER], 5_000, 561, true),
  [GRANDPARENT]: esplora(GRANDPARENT, [CONFIRMED], 141, 561),
  [PARENT]: esplora(PARENT, [GRANDPARENT], 141, 561),
};

let answers: Record<string, unknown> = txs;
const asked: string[] = [];
const handler: Handler = (r) => {
  if (r.path === '/api/block-height/0') return { body: fx.mempool.genesis };
  if (r.path === '/api/v1/fees/recommended') return { body: { ...fx.mempool.recommended, minimumFee: 3 } };
  const m = /^\/api\/tx\/([0-9a-f]{64})$/.exec(r.path);
  if (m) {
    asked.push(m[1]!);
    const t = answers[m[1]!];
    return t ? { body: t } : { status: 404, body: 'Transaction not found' };
  }
  return { status: 404, body: 'Not Found' };
};

let s: TestServer;
beforeAll(async () => {
  s = await startServer(handler);
});
afterAll(() => s.close());

function facade(providers: UtxoProvider[] = []) {
  return new UtxoFacade({
    chain: 'BTC',
    network: 'main',
    coinType: 0,
    feeSource: 'network',
    feeTiers: { high: 200, medium: 120, low: 60 },
    providers,
    feeProviders: [createMempool({ name: 'mempool#1', url: `${s.url}/api`, fetch, timeoutMs: 5000 })],
    maxSats: 21_000_000n * 10n ** 8n,
  });
}

const reason = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: unknown) => (e instanceof ChainApiError ? `${e.statusCode} ${e.code}` : String(e)),
  );

describe('the CPFP ancestor walk through the mempool service (no node RPC)', () => {
  it('a chain of 2 unconfirmed transactions: both paid for, the confirmed root ends the walk; the child covers them', async () => {
    answers = txs;
    asked.length = 0;
    const a = await facade().ancestors(PARENT);
    expect(a).toMatchObject({ txid: PARENT, fee: '282', vsize: 282, count: 2, source: 'mempool' });
    // the confirmed root was read once and its own parent never
    expect(asked).toEqual([PARENT, GRANDPARENT, CONFIRMED]);

    // What the client reads, and the child it builds at 20 sat/vB: the package (both ancestors and the child)
    // reaches the target; paying for the parent alone would leave it short.
    const pkg = parseAncestors(JSON.parse(JSON.stringify(a)), PARENT);
    const childVsize = 110;
    const rate = cpfpFeeRate({
      targetFeeRate: 20,
      parentFee: Number(pkg.fee),
      parentVsize: pkg.vsize,
      childVsize,
    });
    expect((Number(pkg.fee) + rate * childVsize) / (pkg.vsize + childVsize)).toBeGreaterThanOrEqual(20);
    const parentOnly = cpfpFeeRate({ targetFeeRate: 20, parentFee: 141, parentVsize: 141, childVsize });
    expect((282 + parentOnly * childVsize) / (282 + childVsize)).toBeLessThan(20);
  });

  it('a confirmed transaction has nothing to pay for: 409 confirmed', async () => {
    answers = txs;
    expect(await reason(facade().ancestors(CONFIRMED))).toBe('409 confirmed');
  });

  it('a lying answer is refused, never summed: a fee above its inputs, another txid, an impossible weight', async () => {
    const lies: [string, unknown][] = [
      ['fee above inputs', { ...esplora(GRANDPARENT, [CONFIRMED], 141, 561), fee: 100_001 }],
      ['another transaction', esplora(OTHER, [CONFIRMED], 141, 561)],
      ['heavier than any relayed transaction', esplora(GRANDPARENT, [CONFIRMED], 141, 400_004)],
      ['a parent that is not a txid', esplora(GRANDPARENT, ['zz'], 141, 561)],
    ];
    for (const [what, lie] of lies) {
      answers = { ...txs, [GRANDPARENT]: lie };
      const r = await reason(facade().ancestors(PARENT));
      expect(r, what).toMatch(/^50[23] /);
    }
    answers = txs;
  });

  it('bounded: a service that keeps naming new unconfirmed parents is stopped at the node’s 25-transaction limit', async () => {
    const chain: Record<string, unknown> = {};
    const ids = Array.from({ length: 40 }, (_, i) => (i + 1).toString(16).padStart(64, '0'));
    ids.forEach((t, i) => (chain[t] = esplora(t, [ids[i + 1] ?? id('e')], 141, 561)));
    answers = chain;
    asked.length = 0;
    expect(await reason(facade().ancestors(ids[0]!))).toBe('422 too_many_ancestors');
    expect(asked.length).toBe(ANCESTOR_LIMITS.count + 1);
    answers = txs;
  });

  it('the walk itself: reads each transaction once (a diamond), and a failed read fails the walk', async () => {
    const d: Record<string, PackageTx> = {
      [id('1')]: { txid: id('1'), confirmed: false, fee: 10n, vsize: 100, parents: [id('2'), id('3')] },
      [id('2')]: { txid: id('2'), confirmed: false, fee: 20n, vsize: 100, parents: [id('4')] },
      [id('3')]: { txid: id('3'), confirmed: false, fee: 30n, vsize: 100, parents: [id('4')] },
      [id('4')]: { txid: id('4'), confirmed: false, fee: 40n, vsize: 100, parents: [CONFIRMED] },
      [CONFIRMED]: { txid: CONFIRMED, confirmed: true, fee: 1n, vsize: 100, parents: [] },
    };
    const reads: string[] = [];
    const read = async (t: string) => (reads.push(t), d[t]!);
    expect(await walkAncestors('BTC', id('1'), read)).toEqual({
      txid: id('1'),
      fee: 100n,
      vsize: 400,
      count: 4,
    });
    expect(reads.filter((t) => t === id('4'))).toHaveLength(1);
    const failing = async (t: string) => {
      if (t === id('4')) throw new ChainApiError(502, 'upstream_error', 'down');
      return d[t]!;
    };
    expect(await reason(walkAncestors('BTC', id('1'), failing))).toBe('502 upstream_error');
  });
});

describe('the minimum relay fee without a node RPC', () => {
  it("is the mempool service's minimumFee", async () => {
    expect(await facade().minRelayFee()).toMatchObject({ rate: 3, unit: 'sat/vB', source: 'mempool' });
  });

  it('a node RPC, when configured, answers first (getmempoolinfo, getmempoolentry); the service when it fails', async () => {
    const calls: string[] = [];
    const node = (ok: boolean): UtxoProvider => ({
      name: 'bitcoin-rpc#1',
      kind: 'bitcoinCore',
      timeoutMs: 5000,
      async rpc(method) {
        calls.push(method);
        if (!ok) throw new Error('connection refused');
        if (method === 'getmempoolinfo') return { mempoolminfee: 0.00002, minrelaytxfee: 0.000001 };
        return { ancestorcount: 2, ancestorsize: 282, fees: { base: 0.00000141, ancestor: 0.00000282 } };
      },
    });
    expect(await facade([node(true)]).minRelayFee()).toMatchObject({ rate: 2, source: 'node' });
    expect(await facade([node(true)]).ancestors(PARENT)).toMatchObject({
      fee: '282',
      vsize: 282,
      count: 2,
      source: 'node',
    });
    expect(calls).toEqual(['getmempoolinfo', 'getmempoolentry']);
    answers = txs;
    expect(await facade([node(false)]).minRelayFee()).toMatchObject({ rate: 3, source: 'mempool' });
    expect(await facade([node(false)]).ancestors(PARENT)).toMatchObject({ fee: '282', source: 'mempool' });
  });
});
