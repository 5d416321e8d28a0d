/**
 * Contract tests of the bitcoin family's providers: each one against recorded response shapes (test/fixtures.ts)
 * served by a local server, checking the normalized result and the failure classification.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UtxoSubject } from '../backend.js';
import { ProviderError, decodeCursor } from '@secux-companion/server-kit/failover';
import * as fx from '@secux-companion/server-kit/testing/fixtures';
import {
  RpcFail,
  rpcHandler,
  startServer,
  type TestServer,
} from '@secux-companion/server-kit/testing/servers';
import { createBitcoinCore } from './bitcoinCore.js';
import { createBlockbook } from './blockbook.js';
import { createMempool } from './mempool.js';

const signal = () => AbortSignal.timeout(5000);
const kindOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof ProviderError ? e.kind : `other: ${String(e)}`;
  }
};
const xpubSubject: UtxoSubject = { kind: 'xpub', xpub: fx.XPUB, bip: 84, explicitBip: false };
const utxoQueries: string[] = [];
const spentByPending = { txid: 'e'.repeat(64), vout: 0, value: '5', height: 848000, confirmations: 2001 };

describe('Blockbook v2 contract', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer((r) => {
      if (r.path === '/api/') return { body: fx.blockbook.status };
      if (r.path === `/api/v2/xpub/${fx.XPUB}`)
        return { body: r.query.get('details') === 'txs' ? fx.blockbook.xpubTxs : fx.blockbook.xpub };
      if (r.path === `/api/v2/utxo/${fx.XPUB}`) {
        utxoQueries.push(r.query.toString());
        // Like Blockbook: with confirmed=true the mempool is ignored (outputs spent by pending transactions stay).
        return {
          body:
            r.query.get('confirmed') === 'true' ? [...fx.blockbook.utxo, spentByPending] : fx.blockbook.utxo,
        };
      }
      if (r.path === `/api/v2/utxo/${fx.ADDR0}`)
        return { body: [{ ...fx.blockbook.utxo[0]!, height: 0, address: undefined, path: undefined }] };
      if (r.path === `/api/v2/tx/${fx.PREV}`) return { body: fx.blockbook.tx };
      if (r.path.startsWith('/api/v2/tx/')) return { status: 400, body: fx.blockbook.txNotFound };
      if (r.path === '/api/v2/sendtx/' && r.method === 'POST')
        return r.body === 'beef'
          ? { body: fx.blockbook.sendtxOk }
          : { status: 400, body: fx.blockbook.sendtxRejected };
      const m = /^\/api\/v2\/estimatefee\/(\d+)$/.exec(r.path);
      if (m) return { body: fx.blockbook.estimatefee[m[1]!] };
      return { status: 400, body: { error: 'unknown route' } };
    });
  });
  afterAll(() => s.close());
  const bb = () =>
    createBlockbook({ name: 'bb', url: s.url, fetch, timeoutMs: 5000, network: 'main', coinName: 'Bitcoin' });

  it('xpub account: balances, tx count, used addresses with paths (omitted fields default)', async () => {
    const a = await bb().getAccount!({ subject: xpubSubject }, 'BTC', signal());
    expect(a).toEqual({
      chain: 'BTC',
      address: fx.XPUB,
      balance: '90000000',
      unconfirmedBalance: '0',
      txCount: 5,
      addresses: [
        {
          address: fx.ADDR0,
          path: "m/84'/0'/0'/0/0",
          change: 0,
          index: 0,
          balance: '90000000',
          transfers: 3,
        },
        { address: fx.ADDR1, path: "m/84'/0'/0'/1/0", change: 1, index: 0, balance: '0', transfers: 2 },
      ],
      provider: 'bb',
    });
    expect(s.requests.find((r) => r.path.startsWith('/api/v2/xpub'))!.query.get('tokens')).toBe('used');
  });

  it('history: pending outgoing with change and an incoming tx, own paths, next-page cursor', async () => {
    const h = await bb().getHistory!(xpubSubject, { cursor: null, pageSize: 2 }, signal());
    expect(h.operations).toHaveLength(2);
    const [out, inc] = h.operations;
    expect(out).toMatchObject({
      hash: fx.TXID,
      blockHeight: null,
      direction: 'out',
      value: '9000000',
      fee: '1000000',
      rbf: true,
      isOwnTransaction: true,
      vsize: 141,
    });
    expect(out!.senders[0]).toMatchObject({
      address: fx.ADDR0,
      isOwn: true,
      path: "m/84'/0'/0'/0/0",
      prevout: { txid: fx.PREV, vout: 1 },
    });
    expect(out!.recipients[1]).toMatchObject({ address: fx.ADDR1, isOwn: true, path: "m/84'/0'/0'/1/0" });
    expect(inc).toMatchObject({
      hash: fx.PREV,
      blockHeight: 849000,
      time: 1717000000000,
      direction: 'in',
      value: '100000000',
      isOwnTransaction: false,
    });
    expect(decodeCursor(h.cursor)).toEqual({ k: 'blockbook', p: 2 });
    // a cursor of another provider kind is not this provider's to read
    expect(
      await kindOf(
        bb().getHistory!(
          xpubSubject,
          { cursor: Buffer.from('{"k":"core","o":10}').toString('base64url'), pageSize: 2 },
          signal(),
        ),
      ),
    ).toBe('unsupported');
  });

  it('utxo: unconfirmed ones have height null; paths and coinbase flags pass through', async () => {
    const u = await bb().getUtxos!(xpubSubject, false, signal());
    expect(u[0]).toEqual({
      txid: fx.TXID,
      vout: 1,
      value: '90000000',
      height: null,
      confirmations: 0,
      address: fx.ADDR1,
      path: "m/84'/0'/0'/1/0",
    });
    expect(u[1]).toMatchObject({ height: 848043, confirmations: 1958, coinbase: true });
    // the same marking as the Bitcoin-Core provider: pending = height null, confirmations 0 (also for height 0)
    const one = await bb().getUtxos!({ kind: 'address', address: fx.ADDR0 }, false, signal());
    expect(one).toEqual([
      expect.objectContaining({ txid: fx.TXID, height: null, confirmations: 0, address: fx.ADDR0 }),
    ]);
  });

  it('utxo confirmed-only: filtered here, so outputs spent by pending transactions stay excluded', async () => {
    utxoQueries.length = 0;
    const u = await bb().getUtxos!(xpubSubject, true, signal());
    expect(u).toEqual([expect.objectContaining({ txid: fx.PREV, height: 848043, confirmations: 1958 })]);
    expect(utxoQueries).toEqual(['']);
  });

  it('tx, raw tx, and "not found" given as HTTP 400', async () => {
    const t = await bb().getTx!(fx.PREV, signal());
    expect(t).toMatchObject({
      txid: fx.PREV,
      blockHeight: 849000,
      fee: '10000',
      value: '100000000',
      rbf: false,
      hex: '02000000000101',
    });
    expect(t.inputs[0]).toEqual({ txid: 'f'.repeat(64), vout: 3, address: fx.FOREIGN, value: '100010000' });
    expect(await bb().getRawTx!(fx.PREV, signal())).toBe('02000000000101');
    expect(await kindOf(bb().getTx!('0'.repeat(64), signal()))).toBe('notFound');
  });

  it('sendtx: txid on success, rejection (400) is final', async () => {
    expect(await bb().broadcast!('beef', signal())).toBe(fx.TXID);
    const err = await bb().broadcast!('dead', signal()).catch((e: ProviderError) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).kind).toBe('rejected');
    expect((err as ProviderError).message).toContain('min relay fee not met');
  });

  it('estimatefee: whole coins per kB → sat/vB', async () => {
    expect(await bb().estimateFees!(signal())).toEqual({ high: 24.6, medium: 12, low: 5 });
  });

  it('a Blockbook of another network or coin is the wrong chain', async () => {
    const t = createBlockbook({ name: 'bb', url: s.url, fetch, timeoutMs: 5000, network: 'test' });
    expect(await kindOf(t.getAccount!({ subject: xpubSubject }, 'TBTC', signal()))).toBe('wrongChain');
    const ltc = createBlockbook({
      name: 'bb',
      url: s.url,
      fetch,
      timeoutMs: 5000,
      network: 'main',
      coinName: 'Litecoin',
    });
    expect(await kindOf(ltc.getUtxos!(xpubSubject, false, signal()))).toBe('wrongChain');
  });

  it('429 with Retry-After and 500 are classified for failover', async () => {
    const bad = await startServer((r) =>
      r.path === '/api/'
        ? { body: fx.blockbook.status }
        : { status: 429, body: fx.blockbook.rateLimited, headers: { 'retry-after': '7' } },
    );
    const e = await createBlockbook({ name: 'x', url: bad.url, fetch, timeoutMs: 5000, network: 'main' })
      .getTx!(fx.PREV, signal()).catch((x: ProviderError) => x);
    expect(e).toMatchObject({ kind: 'rateLimited', opts: { status: 429, retryAfter: 7 } });
    bad.setHandler(() => ({ status: 500, body: { error: 'Internal server error' } }));
    expect(
      await kindOf(
        createBlockbook({ name: 'x', url: bad.url, fetch, timeoutMs: 5000, network: 'main' }).getTx!(
          fx.PREV,
          signal(),
        ),
      ),
    ).toBe('server');
    await bad.close();
  });
});

describe('mempool.space fee contract', () => {
  it('maps fastest/halfHour/hour to high/medium/low; 503 plain text is a server failure', async () => {
    const s = await startServer((r) =>
      r.path.endsWith('/block-height/0') ? { body: fx.mempool.genesis } : { body: fx.mempool.recommended },
    );
    const m = createMempool({ name: 'm', url: `${s.url}/api`, fetch, timeoutMs: 5000 });
    expect(await m.recommendedFees(signal())).toEqual({ high: 21, medium: 13, low: 8 });
    expect(s.requests.map((r) => r.path)).toEqual(['/api/block-height/0', '/api/v1/fees/recommended']);
    s.setHandler((r) =>
      r.path.endsWith('/block-height/0')
        ? { body: fx.mempool.genesis }
        : { status: 503, body: fx.mempool.outOfSync },
    );
    expect(await kindOf(m.recommendedFees(signal()))).toBe('server');
    s.setHandler((r) =>
      r.path.endsWith('/block-height/0') ? { body: fx.mempool.genesis } : { body: { fastestFee: 'many' } },
    );
    expect(await kindOf(m.recommendedFees(signal()))).toBe('malformed');
    await s.close();
  });

  it('chain check: the genesis block of another network is the wrong chain (checked again after a failure)', async () => {
    const s = await startServer((r) =>
      r.path.endsWith('/block-height/0')
        ? { body: fx.mempool.genesisTestnet4 }
        : { body: fx.mempool.recommended },
    );
    const main = createMempool({ name: 'm', url: `${s.url}/api`, fetch, timeoutMs: 5000 });
    expect(await kindOf(main.recommendedFees(signal()))).toBe('wrongChain');
    const test = createMempool({ name: 't', url: `${s.url}/api`, fetch, timeoutMs: 5000, network: 'test' });
    expect(await test.recommendedFees(signal())).toEqual({ high: 21, medium: 13, low: 8 });
    const checks = () => s.requests.filter((r) => r.path.endsWith('/block-height/0')).length;
    const before = checks();
    await test.recommendedFees(signal());
    expect(checks()).toBe(before); // trusted for a while…
    test.onFailure!();
    await test.recommendedFees(signal());
    expect(checks()).toBe(before + 1); // …but not after a failure
    await s.close();
  });
});

describe('Bitcoin Core RPC contract', () => {
  it('HTTP 500 with a JSON error is an RPC error mapped by code; the wrong network is detected', async () => {
    let chain = 'regtest';
    const s = await startServer(
      rpcHandler(
        {
          getblockchaininfo: () => ({ chain, blocks: 120 }),
          sendrawtransaction: () => new RpcFail(-26, 'min relay fee not met, 100 < 141'),
          getrawtransaction: () =>
            new RpcFail(
              -5,
              'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.',
            ),
          estimatesmartfee: (p) =>
            p[0] === 2
              ? { feerate: 0.000246, blocks: 2 }
              : p[0] === 6
                ? { feerate: 0.00012, blocks: 6 }
                : { feerate: 0.00005, blocks: 12 },
        },
        { errorStatus: 500 },
      ),
    );
    const core = createBitcoinCore({
      name: 'core',
      url: s.url,
      user: 'u',
      password: 'p',
      fetch,
      timeoutMs: 5000,
      network: 'regtest',
      coinType: 2,
    });
    const e = await core.broadcast!('00', signal()).catch((x: ProviderError) => x);
    expect(e).toMatchObject({
      kind: 'rejected',
      message: 'min relay fee not met, 100 < 141',
      opts: { upstreamCode: -26 },
    });
    expect(await kindOf(core.getRawTx!('0'.repeat(64), signal()))).toBe('notFound');
    expect(await core.estimateFees!(signal())).toEqual({ high: 24.6, medium: 12, low: 5 });
    expect(s.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('u:p').toString('base64')}`);
    chain = 'main';
    const other = createBitcoinCore({
      name: 'core',
      url: s.url,
      fetch,
      timeoutMs: 5000,
      network: 'regtest',
      coinType: 2,
    });
    expect(await kindOf(other.getRawTx!('0'.repeat(64), signal()))).toBe('wrongChain');
    s.setHandler(() => ({ status: 401, body: '' }));
    const noauth = createBitcoinCore({
      name: 'core',
      url: s.url,
      fetch,
      timeoutMs: 5000,
      network: 'main',
      coinType: 2,
    });
    expect(await kindOf(noauth.getRawTx!('0'.repeat(64), signal()))).toBe('server');
    await s.close();
  });
});

describe('Bitcoin Core RPC: unspent outputs with the mempool', () => {
  const ADDR = 'rltc1qwhn05vvpfzv8f9g7zn5sym95xmtx5dc7um39t2';
  const OTHER = 'rltc1q0000000000000000000000000000000000000';
  const tx = (c: string) => c.repeat(64);
  const calls: string[] = [];
  const methods = {
    getblockchaininfo: () => ({ chain: 'regtest', blocks: 120 }),
    validateaddress: () => ({ isvalid: true }),
    getdescriptorinfo: (p: unknown[]) => ({ descriptor: p[0], checksum: 'abcdefgh' }),
    scantxoutset: () => ({
      success: true,
      unspents: [
        { txid: tx('a'), vout: 0, scriptPubKey: '00', desc: `addr(${ADDR})#x`, amount: 1, height: 100 },
        { txid: tx('b'), vout: 1, scriptPubKey: '00', desc: `addr(${ADDR})#x`, amount: 2, height: 101 },
      ],
      total_amount: 3,
    }),
    getblockcount: () => 120,
    getrawmempool: () => [tx('c'), tx('d')],
    getrawtransaction: (p: unknown[]) => {
      calls.push(`getrawtransaction ${String(p[0]).slice(0, 1)}`);
      if (p[0] === tx('c'))
        return {
          txid: tx('c'),
          vin: [{ txid: tx('b'), vout: 1 }],
          vout: [
            { value: 0.5, n: 0, scriptPubKey: { addresses: [OTHER] } },
            { value: 1.4999, n: 1, scriptPubKey: { address: ADDR } },
          ],
        };
      return new RpcFail(-5, 'No such mempool or blockchain transaction'); // left the mempool
    },
    // b:1 is spent by the pending c; c:1 is a pending output
    gettxout: (p: unknown[]) =>
      p[0] === tx('b')
        ? null
        : p[0] === tx('a')
          ? { confirmations: 21, value: 1, coinbase: true, scriptPubKey: { address: ADDR } }
          : { confirmations: 0, value: 1.4999, scriptPubKey: { address: ADDR } },
    getwalletinfo: () => ({}),
    getaddressinfo: () => ({ iswatchonly: true }),
    listunspent: () => [{ txid: tx('e'), vout: 0, address: ADDR, amount: 0.1, confirmations: 0 }],
  };
  const core = (mempoolMax?: number) =>
    createBitcoinCore({
      name: 'core',
      url: s.url,
      fetch,
      timeoutMs: 5000,
      network: 'regtest',
      coinType: 2,
      ...(mempoolMax !== undefined ? { mempoolMax } : {}),
    });
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(rpcHandler(methods));
  });
  afterAll(() => s.close());
  const subject: UtxoSubject = { kind: 'address', address: ADDR };

  it('drops outputs spent by pending transactions and adds pending outputs (height null, 0 confirmations)', async () => {
    const c = core();
    const u = await c.getUtxos!(subject, false, signal());
    expect(u).toEqual([
      { txid: tx('c'), vout: 1, value: '149990000', height: null, confirmations: 0, address: ADDR },
      {
        txid: tx('a'),
        vout: 0,
        value: '100000000',
        height: 100,
        confirmations: 21,
        address: ADDR,
        coinbase: true,
      },
    ]);
    // confirmed only: no pending output, and the spent one stays out
    expect(await c.getUtxos!(subject, true, signal())).toEqual([u[1]]);
    // mempool transactions are read once
    calls.length = 0;
    await c.getUtxos!(subject, false, signal());
    expect(calls).toEqual(['getrawtransaction d']); // d left the mempool earlier: asked again, c is cached
  });

  it('a mempool above the limit: pending outputs come from the watch-only wallet instead', async () => {
    const u = await core(1).getUtxos!(subject, false, signal());
    expect(u.map((x) => `${x.txid.slice(0, 1)}:${x.vout}:${x.height}`)).toEqual(['e:0:null', 'a:0:100']);
  });
});
