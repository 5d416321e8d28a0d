import { describe, expect, it, vi } from 'vitest';
import { createBitcoinAdapter } from '../logic/adapter';
import { ProductApiError, ROUTES, createProductApiBackend, fetchChainNetworks, type FetchLike } from './productApi';
import { MalformedAnswerError, parseAncestors, parseFees, parseUtxos } from './raw';

const XPUB = 'xpub-test';

function fakeFetch(routes: Record<string, { status?: number; body: unknown }>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fn: FetchLike = async (url, init) => {
    calls.push({ url, init });
    const hit = routes[url];
    if (!hit) return new Response(JSON.stringify({ error: 'not found' }), { status: 404 });
    return new Response(JSON.stringify(hit.body), { status: hit.status ?? 200 });
  };
  return { fn, calls };
}

const op = {
  hash: 'aa'.repeat(32),
  time: 1_700_000_000_000,
  blockHeight: null,
  direction: 'out',
  value: '1000',
  fee: '226',
  senders: [{ address: 'mAddr', value: '5000', isOwn: true, path: "m/44'/2'/0'/0/0", index: 0, prevout: { txid: 'bb'.repeat(32), vout: 1 } }],
  recipients: [
    { address: 'mOther', value: '1000', isOwn: false, index: 0 },
    { address: 'mChange', value: '3774', isOwn: true, index: 1, path: "m/44'/2'/0'/1/3" },
  ],
  isOwnTransaction: true,
  rbf: true,
  vsize: 226,
};

describe('product API backend (bitcoin family)', () => {
  it('reads the account summary once per account (discovery and the address list share it)', async () => {
    const { fn, calls } = fakeFetch({
      [`/api${ROUTES.account('LTC', XPUB, 44)}`]: {
        body: {
          balance: '150000000',
          unconfirmedBalance: '-2000',
          txCount: 3,
          addresses: [{ address: 'mA', path: "m/44'/2'/0'/0/0", change: 0, index: 0, balance: '1', transfers: 2 }],
          provider: 'local',
        },
      },
    });
    const api = createProductApiBackend({ chain: 'LTC', fetch: fn });
    await expect(api.getAccountSummary(XPUB, 44)).resolves.toEqual({ balance: 150000000n, unconfirmed: -2000n, txCount: 3 });
    await expect(api.getAccountAddresses(XPUB, 44)).resolves.toEqual([
      { address: 'mA', path: "m/44'/2'/0'/0/0", change: 0, index: 0, transfers: 2 },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`/api/chains/LTC/xpub/${XPUB}?bip=44`);
  });

  it('turns error answers into ProductApiError with the server message; 429/503 are busy', async () => {
    const { fn } = fakeFetch({
      [`/api${ROUTES.fees('BTC')}`]: { status: 503, body: { error: 'no provider reachable', code: 'unavailable' } },
      [`/api${ROUTES.broadcast('BTC')}`]: { status: 422, body: { error: 'txn-mempool-conflict', code: 'rejected' } },
    });
    const api = createProductApiBackend({ chain: 'BTC', fetch: fn });
    const e = await api.getRecommendedFees().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProductApiError);
    expect((e as ProductApiError).busy).toBe(true);
    const b = await api.broadcast('00').catch((x: unknown) => x);
    expect((b as ProductApiError).message).toBe('txn-mempool-conflict');
    expect((b as ProductApiError).busy).toBe(false);
  });

  it("keeps the server's error body (attempts, stale, retryAfter) on the error", async () => {
    const body = { error: 'Every provider for BTC is rate limiting', code: 'too_many_requests', statusCode: 429, chain: 'BTC', attempts: [{ provider: 'blockbook', kind: 'rateLimited', status: 429 }], stale: true, retryAfter: 30 };
    const { fn } = fakeFetch({ [`/api${ROUTES.account('BTC', XPUB, 84)}`]: { status: 429, body } });
    const e = (await createProductApiBackend({ chain: 'BTC', fetch: fn }).getAccountSummary(XPUB, 84).catch((x: unknown) => x)) as ProductApiError;
    expect(e.busy).toBe(true);
    expect(e.code).toBe('too_many_requests');
    expect(e.body).toEqual(body);
  });

  it('posts the raw transaction and returns its id', async () => {
    const txid = 'cd'.repeat(32);
    const { fn, calls } = fakeFetch({ [`/api${ROUTES.broadcast('LTC')}`]: { body: { hash: txid, provider: 'local' } } });
    const api = createProductApiBackend({ chain: 'LTC', fetch: fn });
    await expect(api.broadcast('0200')).resolves.toBe(txid);
    expect(calls[0]!.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ rawTx: '0200' });
  });

  it('fetches raw transactions by id (deduplicated)', async () => {
    const { fn, calls } = fakeFetch({ [`/api${ROUTES.rawTx('DOGE', 'ab')}`]: { body: { hex: 'DEADBEEF' } } });
    const api = createProductApiBackend({ chain: 'DOGE', fetch: fn });
    await expect(api.getRawTransactions(['ab', 'ab'])).resolves.toEqual({ ab: 'deadbeef' });
    expect(calls).toHaveLength(1);
  });

  it('asks for 10 history items per page and passes the cursor', async () => {
    const { fn, calls } = fakeFetch({
      [`/api${ROUTES.history('LTC', XPUB, 49, 'c1')}`]: { body: { operations: [op], cursor: null, provider: 'x' } },
    });
    const api = createProductApiBackend({ chain: 'LTC', fetch: fn });
    const page = await api.getHistory(XPUB, 49, 'c1');
    expect(calls[0]!.url).toContain('pageSize=10');
    expect(calls[0]!.url).toContain('cursor=c1');
    expect(page.cursor).toBeNull();
    expect(page.operations[0]!.blockHeight).toBeNull();
    // The server's Operation as it is: outpoints and paths kept for RBF / CPFP, amounts as bigint.
    expect(page.operations[0]!.senders[0]).toEqual({
      address: 'mAddr', value: 5000n, isOwn: true, path: "m/44'/2'/0'/0/0", index: 0, prevout: { txid: 'bb'.repeat(32), vout: 1 },
    });
    expect(page.operations[0]!.fee).toBe(226n);
  });

  it('reads unspent outputs in one request and never offers unconfirmed ones to a send', async () => {
    // The product API already leaves out outputs spent by a pending transaction (CHAINS.md, /utxo).
    const free = { txid: 'cc'.repeat(32), vout: 0, value: '7000', height: 11, confirmations: 2, address: 'mB', path: "m/44'/2'/0'/0/1" };
    const unconfirmed = { txid: 'aa'.repeat(32), vout: 1, value: '3774', height: null, confirmations: 0, address: 'mChange', path: "m/44'/2'/0'/1/3" };
    const { fn, calls } = fakeFetch({
      [`/api${ROUTES.utxos('LTC', XPUB, 44)}`]: { body: { utxos: [free, unconfirmed] } },
    });
    const api = createProductApiBackend({ chain: 'LTC', fetch: fn });
    const utxos = await api.getUtxos(XPUB, 44);
    expect(calls).toHaveLength(1);
    expect(utxos.map((u) => [u.txid, u.height])).toEqual([
      ['cc'.repeat(32), 11],
      ['aa'.repeat(32), null],
    ]);
    const { usableUtxos } = await import('../logic/coinselect');
    expect(usableUtxos(utxos).map((u) => u.value)).toEqual([7000n]);
  });

  it('times out after the backend timeout (the xpub scans after the history timeout)', async () => {
    const never: FetchLike = (_u, init) =>
      new Promise((_r, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    const api = createProductApiBackend({ chain: 'LTC', fetch: never, timeoutMs: 10, historyTimeoutMs: 10 });
    await expect(api.getRecommendedFees()).rejects.toMatchObject({ status: 0, message: 'timeout' });
    await expect(api.getHistory(XPUB, 44, null)).rejects.toMatchObject({ status: 0, message: 'timeout' });
  });

  it("an xpub's account, UTXOs and history wait for the server's history budget, beyond the reads' timeout", async () => {
    // The server answers after 60 ms: a read with a 20 ms timeout gives up, the xpub scans wait.
    const slow: FetchLike = (url, init) =>
      new Promise((ok, fail) => {
        const body = url.includes('/history/')
          ? { operations: [], cursor: null }
          : url.includes('/utxo/')
            ? { utxos: [] }
            : url.includes('/xpub/')
              ? { balance: '0', unconfirmedBalance: '0', txCount: 0, addresses: [] }
              : { tiers: { high: 3, medium: 2, low: 1 }, unit: 'sat/vB', source: 'network' };
        const t = setTimeout(() => ok(new Response(JSON.stringify(body))), 60);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          fail(new Error('aborted'));
        });
      });
    const api = createProductApiBackend({ chain: 'BTC', fetch: slow, timeoutMs: 20, historyTimeoutMs: 2_000 });
    await expect(api.getRecommendedFees()).rejects.toMatchObject({ status: 0 });
    await expect(api.getHistory(XPUB, 84, null)).resolves.toEqual({ operations: [], cursor: null });
    await expect(api.getUtxos(XPUB, 84)).resolves.toEqual([]);
    await expect(api.getAccountSummary(XPUB, 84)).resolves.toMatchObject({ balance: 0n });
  });

  it('reads which network the server runs each chain on', async () => {
    const { fn } = fakeFetch({ '/api/chains': { body: { chains: [{ chain: 'LTC', network: 'regtest' }, { chain: 'BTC', network: 'main' }] } } });
    await expect(fetchChainNetworks({ fetch: fn })).resolves.toEqual({ LTC: 'regtest', BTC: 'main' });
  });

  it('feeds the adapter: fee tiers from the network, fallback 200/120/60 when the server fell back', async () => {
    const good = fakeFetch({ [`/api${ROUTES.fees('BTC')}`]: { body: { unit: 'sat/vB', tiers: { high: 30.2, medium: 20, low: 5 }, source: 'network' } } });
    const btc = createBitcoinAdapter('BTC', createProductApiBackend({ chain: 'BTC', fetch: good.fn }));
    // low is raised to medium − 10
    await expect(btc.getFees()).resolves.toMatchObject({ tiers: { high: 31, medium: 20, low: 10 } });
    const bad = fakeFetch({ [`/api${ROUTES.fees('BTC')}`]: { status: 502, body: { error: 'x' } } });
    const btc2 = createBitcoinAdapter('BTC', createProductApiBackend({ chain: 'BTC', fetch: bad.fn }));
    await expect(btc2.getFees()).resolves.toMatchObject({ tiers: { high: 200, medium: 120, low: 60 } });
    const fb = fakeFetch({ [`/api${ROUTES.fees('BTC')}`]: { body: { unit: 'sat/vB', tiers: { high: 1, medium: 1, low: 1 }, source: 'fallback' } } });
    const btc3 = createBitcoinAdapter('BTC', createProductApiBackend({ chain: 'BTC', fetch: fb.fn }));
    await expect(btc3.getFees()).resolves.toMatchObject({ tiers: { high: 200, medium: 120, low: 60 } });
  });

  it('LTC uses its presets without asking the network', async () => {
    const spy = vi.fn<FetchLike>();
    const ltc = createBitcoinAdapter('LTC_REGTEST', createProductApiBackend({ chain: 'LTC', fetch: spy }));
    await expect(ltc.getFees()).resolves.toMatchObject({ tiers: { high: 8, medium: 4, low: 2 } });
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('raw answer parsing', () => {
  it('keeps amounts exact as bigint and pending as null height', () => {
    const [u] = parseUtxos({ utxos: [{ txid: 'AB', vout: 0, value: '2100000000000000', height: null, confirmations: 0, address: 'a', path: 'p' }] });
    expect(u).toEqual({ txid: 'ab', vout: 0, value: 2100000000000000n, height: null, address: 'a', path: 'p' });
  });
  it('leaves out outputs the account cannot sign (no path)', () => {
    expect(parseUtxos([{ txid: 'ab', vout: 0, value: '1', height: 5, confirmations: 1 }])).toEqual([]);
  });
  it('refuses a history page with a lying operation instead of showing it', async () => {
    const { fn } = fakeFetch({
      [`/api${ROUTES.history('LTC', XPUB, 44, null)}`]: { body: { operations: [{ ...op, value: -5 }], cursor: null } },
    });
    const api = createProductApiBackend({ chain: 'LTC', fetch: fn });
    await expect(api.getHistory(XPUB, 44, null)).rejects.toBeInstanceOf(MalformedAnswerError);
  });
  it('rejects malformed amounts instead of reading them as zero', () => {
    expect(() => parseUtxos([{ txid: 'ab', vout: 0, value: '1.5', height: 1, address: 'a', path: 'p' }])).toThrow(MalformedAnswerError);
    expect(() => parseFees({ tiers: { high: 'x', medium: 1, low: 1 }, source: 'network' })).toThrow(MalformedAnswerError);
  });
});

describe('relay minimum and CPFP ancestors (served from a node RPC or the mempool service)', () => {
  const TXID = 'aa'.repeat(32);
  it('GET /min-relay-fee: the rate in sat/vB; a missing, zero or absurd rate is malformed', async () => {
    const { fn, calls } = fakeFetch({
      '/api/chains/BTC/min-relay-fee': { body: { chain: 'BTC', rate: 12, unit: 'sat/vB', source: 'mempool', provider: 'mempool#1' } },
    });
    await expect(createProductApiBackend({ chain: 'BTC', fetch: fn }).getNetworkMinFeeRate()).resolves.toBe(12);
    expect(calls[0]!.init?.method ?? 'GET').toBe('GET');
    for (const rate of [undefined, 0, -1, 10_001, 'x']) {
      const bad = fakeFetch({ '/api/chains/BTC/min-relay-fee': { body: { rate } } }).fn;
      await expect(createProductApiBackend({ chain: 'BTC', fetch: bad }).getNetworkMinFeeRate()).rejects.toBeInstanceOf(
        MalformedAnswerError,
      );
    }
  });

  it("GET /tx/:txid/ancestors: the package's fee and vsize, of the transaction asked for and plausible", async () => {
    const answer = { chain: 'BTC', txid: TXID, fee: '282', vsize: 282, count: 2, source: 'mempool', provider: 'mempool#1' };
    const { fn } = fakeFetch({ [`/api/chains/BTC/tx/${TXID}/ancestors`]: { body: answer } });
    await expect(createProductApiBackend({ chain: 'BTC', fetch: fn }).getMempoolAncestors(TXID)).resolves.toEqual({ fee: 282n, vsize: 282 });
    expect(parseAncestors(answer, TXID.toUpperCase())).toEqual({ fee: 282n, vsize: 282 });
    // another transaction, an empty package, a size no node relays, a fee above 10 000 sat/vB: refused
    expect(() => parseAncestors({ ...answer, txid: 'bb'.repeat(32) }, TXID)).toThrow(MalformedAnswerError);
    expect(() => parseAncestors({ ...answer, vsize: 0 }, TXID)).toThrow(MalformedAnswerError);
    expect(() => parseAncestors({ ...answer, vsize: 101_001 }, TXID)).toThrow(MalformedAnswerError);
    expect(() => parseAncestors({ ...answer, count: 0 }, TXID)).toThrow(MalformedAnswerError);
    expect(() => parseAncestors({ ...answer, fee: String(282 * 10_000 + 1) }, TXID)).toThrow(MalformedAnswerError);
    expect(() => parseAncestors({ ...answer, fee: '-1' }, TXID)).toThrow(MalformedAnswerError);
  });
});
