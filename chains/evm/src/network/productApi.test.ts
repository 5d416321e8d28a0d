import { describe, expect, it } from 'vitest';
import {
  createEvmProductApiBackend,
  parseServerNft,
  parseTokenListAnswer,
  serverChainId,
  ROUTES,
} from './productApi';
import { EvmNetworkError } from './http';
import { createEvmAdapter } from '../logic/adapter';
import { nativeEvmChain } from '../logic/chains';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const LUSD = '0x9AD50244681e313eeF77adD770A9F3dBE000406b';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | undefined;

function fakeFetch(handler: Handler) {
  const seen: { method: string; path: string; body?: unknown }[] = [];
  const fetch = async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://wallet.test');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    seen.push({ method: init?.method ?? 'GET', path: url.pathname + url.search, body });
    const r = handler(url, init) ?? { status: 404, body: { error: 'no such API endpoint', statusCode: 404 } };
    return new Response(JSON.stringify(r.body), {
      status: r.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, seen };
}

const rpcAnswer = (init: RequestInit | undefined, results: Record<string, unknown>) => {
  const req = JSON.parse(String(init?.body)) as { id: number; method: string };
  const r = results[req.method];
  return r instanceof Error
    ? { body: { jsonrpc: '2.0', id: req.id, error: { code: -32601, message: r.message } } }
    : { body: { jsonrpc: '2.0', id: req.id, result: r } };
};

describe('EVM product API backend', () => {
  it('uses /api/chains/{chain}/… routes', () => {
    expect(serverChainId('ETH', 1)).toBe('ETH');
    expect(serverChainId('EVM', 137)).toBe('EVM-137');
    expect(ROUTES.history('ETH', ME, null)).toBe(`/chains/ETH/history/${ME}?pageSize=100`);
    expect(ROUTES.tokens('ETH', ME, [LUSD])).toBe(`/chains/ETH/tokens?address=${ME}&contracts=${LUSD}`);
  });

  it('account, nonce, gas limit, broadcast', async () => {
    const f = fakeFetch((url) => {
      if (url.pathname === `/api/chains/ETH/account/${ME}`)
        return {
          body: {
            chain: 'ETH',
            address: ME,
            balance: '1000000000000000000',
            unconfirmedBalance: '0',
            txCount: 3,
            nonce: '4',
            provider: 'rpc#1',
          },
        };
      if (url.pathname === `/api/chains/ETH/nonce/${ME}`) return { body: { nonce: '5' } };
      if (url.pathname === '/api/chains/ETH/gas-limit') return { body: { gasLimit: '21000' } };
      if (url.pathname === '/api/chains/ETH/broadcast') return { body: { hash: '0xabc', provider: 'rpc#1' } };
      return undefined;
    });
    const b = createEvmProductApiBackend({
      chain: 'ETH',
      fetch: f.fetch,
      baseUrl: 'http://wallet.test/api/',
    });
    expect(await b.getAccount(ME)).toEqual({ balance: 10n ** 18n, nonce: 4, txCount: 3 });
    expect(await b.getNonce(ME)).toBe(5);
    expect(await b.estimateGas({ from: ME, to: LUSD, value: 5n, data: '0x1234' })).toBe(21_000n);
    expect(f.seen.at(-1)!.body).toEqual({ from: ME, to: LUSD, value: '5', data: '0x1234' });
    expect(await b.broadcast('0xf86b')).toBe('0xabc');
    expect(f.seen.at(-1)!.body).toEqual({ rawTx: '0xf86b' });
  });

  it('fee history, gas price and eth_call through the node proxy', async () => {
    const f = fakeFetch((url, init) =>
      url.pathname === '/api/chains/ETH/rpc'
        ? rpcAnswer(init, {
            eth_gasPrice: '0x3b9aca00',
            eth_feeHistory: {
              oldestBlock: '0x1',
              baseFeePerGas: ['0x1', '0x2'],
              gasUsedRatio: [0.5],
              reward: [['0x1', '0x2', '0x3']],
            },
            eth_call: '0x' + '00'.repeat(31) + '06',
          })
        : undefined,
    );
    const b = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch, baseUrl: 'http://wallet.test/api' });
    expect(await b.getGasPrice()).toBe(1_000_000_000n);
    expect(await b.getFeeHistory(3, [25, 50, 75])).toEqual({
      baseFeePerGas: [1n, 2n],
      reward: [[1n, 2n, 3n]],
    });
    expect(f.seen.at(-1)!.body).toMatchObject({
      method: 'eth_feeHistory',
      params: ['0x3', 'latest', [25, 50, 75]],
    });
    expect(await b.ethCall(LUSD, '0x313ce567')).toBe('0x' + '00'.repeat(31) + '06');
  });

  it('a node without eth_feeHistory gives null; a JSON-RPC error is an EvmNetworkError', async () => {
    const f = fakeFetch((url, init) =>
      url.pathname === '/api/chains/ETH/rpc'
        ? rpcAnswer(init, { eth_feeHistory: new Error('method not found'), eth_gasPrice: new Error('boom') })
        : undefined,
    );
    const b = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch, baseUrl: 'http://wallet.test/api' });
    expect(await b.getFeeHistory(3, [25, 50, 75])).toBeNull();
    await expect(b.getGasPrice()).rejects.toBeInstanceOf(EvmNetworkError);
  });

  it('BSC gas oracle from the fees route (wei → Gwei); fallback or failure → null', async () => {
    let source = 'network';
    const f = fakeFetch((url) =>
      url.pathname === '/api/chains/BSC/fees'
        ? {
            body: {
              chain: 'BSC',
              unit: 'wei',
              tiers: { high: '3500000000', medium: '3000000000', low: '100000000' },
              source,
            },
          }
        : undefined,
    );
    const b = createEvmProductApiBackend({ chain: 'BSC', fetch: f.fetch, baseUrl: 'http://wallet.test/api' });
    expect(await b.getGasOracle!()).toEqual({ fast: '3.5', propose: '3', safe: '0.1' });
    source = 'fallback';
    expect(await b.getGasOracle!()).toBeNull();
    const down = createEvmProductApiBackend({
      chain: 'BSC',
      fetch: fakeFetch(() => ({ status: 502, body: { error: 'bad gateway' } })).fetch,
      baseUrl: 'http://x/api',
    });
    expect(await down.getGasOracle!()).toBeNull();
  });

  it('token balances in one batch (contract list, at most 50 per request)', async () => {
    const contracts = Array.from({ length: 51 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`);
    const f = fakeFetch((url) => {
      if (url.pathname !== '/api/chains/ETH/tokens') return undefined;
      const list = url.searchParams.get('contracts')!.split(',');
      return {
        body: {
          tokens: list.map((c, i) => ({
            type: 'ERC20',
            contract: c.toUpperCase().replace('0X', '0x'),
            name: 'T',
            symbol: 'T',
            decimals: 6,
            balance: String(i),
          })),
        },
      };
    });
    const b = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch, baseUrl: 'http://wallet.test/api' });
    const m = await b.getTokenBalances!(ME, contracts);
    expect(m.size).toBe(51);
    expect(m.get(contracts[1]!)).toBe(1n);
    expect(m.get(contracts[50]!)).toBe(0n);
    expect(f.seen.filter((s) => s.path.startsWith('/api/chains/ETH/tokens')).length).toBe(2);
  });

  it('history pages hold 100 operations (spec 02 §9): 250 of them come in three pages along the cursor', async () => {
    const ops = Array.from({ length: 250 }, (_, i) => ({
      hash: `0x${(250 - i).toString(16)}`,
      time: 1_700_000_000_000 + (250 - i) * 1000,
      blockHeight: 250 - i,
      direction: 'in',
      value: '1',
      fee: '21000',
      senders: [{ address: LUSD, value: '1', isOwn: false }],
      recipients: [{ address: ME, value: '1', isOwn: true }],
      isOwnTransaction: false,
      rbf: false,
    }));
    // A server that pages as asked: `pageSize` items from the cursor's offset.
    const f = fakeFetch((url) => {
      if (url.pathname !== `/api/chains/ETH/history/${ME}`) return undefined;
      const size = Number(url.searchParams.get('pageSize'));
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const next = from + size < ops.length ? String(from + size) : null;
      return { body: { operations: ops.slice(from, from + size), cursor: next, provider: 'etherscan' } };
    });
    const b = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch, baseUrl: 'http://wallet.test/api' });
    const sizes: number[] = [];
    const hashes: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await b.getTransactions(ME, cursor);
      if (!('operations' in page)) throw new Error('expected operations');
      sizes.push(page.operations.length);
      hashes.push(...page.operations.map((o) => o.hash));
      cursor = page.cursor;
    } while (cursor);
    expect(sizes).toEqual([100, 100, 50]);
    expect(hashes).toEqual(ops.map((o) => o.hash));
    expect(f.seen.map((s) => new URL(s.path, 'http://x').searchParams.get('pageSize'))).toEqual([
      '100',
      '100',
      '100',
    ]);
  });

  it('history: the server operations are used as they are; cursor passed on', async () => {
    const op = {
      hash: '0x3',
      time: 1_700_000_003_000,
      blockHeight: 3,
      direction: 'out',
      value: '9',
      fee: '50000',
      senders: [{ address: ME, value: '9', isOwn: true }],
      recipients: [{ address: LUSD, value: '9', isOwn: false }],
      isOwnTransaction: true,
      rbf: false,
      token: { contract: LUSD, symbol: 'LUSD', decimals: 6, name: 'Local USD' },
      nonce: 2,
      gasUsed: '50000',
      gasPrice: '1',
    };
    const f = fakeFetch((url) =>
      url.pathname === `/api/chains/ETH/history/${ME}`
        ? {
            body: {
              operations: [
                op,
                {
                  ...op,
                  hash: '0x4',
                  blockHeight: null,
                  time: null,
                  token: undefined,
                  gasUsed: undefined,
                  gasPrice: undefined,
                  failed: true,
                },
              ],
              cursor: 'abc',
              provider: 'block-scan',
            },
          }
        : undefined,
    );
    const b = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch, baseUrl: 'http://wallet.test/api' });
    const page = await b.getTransactions(ME, 'prev');
    expect(f.seen[0]!.path).toBe(`/api/chains/ETH/history/${ME}?pageSize=100&cursor=prev`);
    expect(page.cursor).toBe('abc');
    if (!('operations' in page)) throw new Error('expected operations');
    // One Operation type: the wire form read into bigint, nothing merged again, no made-up gasUsed.
    expect(page.operations[0]).toEqual({
      hash: '0x3',
      time: 1_700_000_003_000,
      blockHeight: 3,
      direction: 'out',
      value: 9n,
      fee: 50000n,
      senders: [{ address: ME, value: 9n, isOwn: true }],
      recipients: [{ address: LUSD, value: 9n, isOwn: false }],
      isOwnTransaction: true,
      rbf: false,
      token: { contract: LUSD, symbol: 'LUSD', decimals: 6, name: 'Local USD' },
      nonce: 2,
      gasUsed: 50000n,
      gasPrice: 1n,
    });
    expect(page.operations[1]).toMatchObject({
      hash: '0x4',
      blockHeight: null,
      time: null,
      fee: 50000n,
      failed: true,
    });
    expect(page.operations[1]!.gasUsed).toBeUndefined();
  });

  it('history: a lying operation (amount as a float) is refused, not shown as zero', async () => {
    const f = fakeFetch((url) =>
      url.pathname === `/api/chains/ETH/history/${ME}`
        ? {
            body: {
              operations: [
                {
                  hash: '0x1',
                  time: 1_700_000_000_000,
                  blockHeight: 1,
                  direction: 'in',
                  value: 1.5,
                  fee: '0',
                  senders: [],
                  recipients: [],
                  isOwnTransaction: false,
                  rbf: false,
                },
              ],
              cursor: null,
              provider: 'x',
            },
          }
        : undefined,
    );
    const b = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch, baseUrl: 'http://wallet.test/api' });
    await expect(b.getTransactions(ME, null)).rejects.toMatchObject({ code: 'malformed' });
  });

  it('NFTs: parsed when served, [] while the route is missing', async () => {
    const nft = {
      contract: LUSD,
      tokenId: '2',
      schemaName: 'ERC-721',
      name: 'Punk #2',
      collectionName: 'Local Punks',
      slug: 'local-punks',
      imageUrl: 'data:image/svg+xml;base64,AA',
      traits: [{ trait_type: 'Hat', value: 'Cap' }],
    };
    expect(parseServerNft(nft)).toEqual({
      contract: LUSD,
      tokenId: 2n,
      schemaName: 'ERC721',
      name: 'Punk #2',
      collectionName: 'Local Punks',
      slug: 'local-punks',
      imageUrl: 'data:image/svg+xml;base64,AA',
      traits: [{ traitType: 'Hat', value: 'Cap' }],
    });
    expect(() => parseServerNft({ ...nft, schemaName: 'ERC20' })).toThrow(EvmNetworkError);
    const served = createEvmProductApiBackend({
      chain: 'ETH',
      fetch: fakeFetch((url) =>
        url.pathname.startsWith('/api/chains/ETH/nfts/') ? { body: { nfts: [nft] } } : undefined,
      ).fetch,
      baseUrl: 'http://x/api',
    });
    expect((await served.getNfts!(ME))[0]!.tokenId).toBe(2n);
    const missing = createEvmProductApiBackend({
      chain: 'ETH',
      fetch: fakeFetch(() => undefined).fetch,
      baseUrl: 'http://x/api',
    });
    expect(await missing.getNfts!(ME)).toEqual([]);
  });

  it('errors: HTTP status and message, busy flag, malformed answers, timeouts', async () => {
    const b = createEvmProductApiBackend({
      chain: 'ETH',
      fetch: fakeFetch(() => ({ status: 503, body: { error: 'all providers failed', code: 'unavailable' } }))
        .fetch,
      baseUrl: 'http://x/api',
    });
    const e = await b.getAccount(ME).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EvmNetworkError);
    expect(e).toMatchObject({
      status: 503,
      message: 'all providers failed',
      code: 'unavailable',
      busy: true,
    });
    const bad = createEvmProductApiBackend({
      chain: 'ETH',
      fetch: fakeFetch(() => ({ body: { balance: 'lots' } })).fetch,
      baseUrl: 'http://x/api',
    });
    await expect(bad.getAccount(ME)).rejects.toThrow(/malformed/);
    const hang = createEvmProductApiBackend({
      chain: 'ETH',
      timeoutMs: 20,
      baseUrl: 'http://x/api',
      fetch: (_i, init) =>
        new Promise((_r, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    });
    await expect(hang.getNonce(ME)).rejects.toMatchObject({ status: 0, message: 'timeout' });
  });

  it("history, token balances and NFTs wait for the server's history budget, beyond the reads' timeout", async () => {
    // The server answers after 60 ms: a read with a 20 ms timeout gives up, the history-class routes wait.
    const slow = (input: string, init?: RequestInit) =>
      new Promise<Response>((ok, fail) => {
        const path = new URL(input, 'http://x').pathname;
        const body = path.includes('/history/')
          ? { operations: [], cursor: null }
          : path.includes('/nfts/')
            ? { nfts: [], hasMore: false }
            : path.endsWith('/tokens')
              ? { tokens: [] }
              : { balance: '0', nonce: 0, txCount: 0 };
        const t = setTimeout(() => ok(new Response(JSON.stringify(body))), 60);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          fail(new Error('aborted'));
        });
      });
    const b = createEvmProductApiBackend({
      chain: 'ETH',
      fetch: slow,
      timeoutMs: 20,
      historyTimeoutMs: 2_000,
    });
    await expect(b.getAccount(ME)).rejects.toMatchObject({ status: 0, message: 'timeout' });
    await expect(b.getTransactions(ME, null)).resolves.toEqual({ operations: [], cursor: null });
    await expect(b.getNfts!(ME)).resolves.toEqual([]);
    await expect(b.getTokenBalances!(ME, [LUSD])).resolves.toBeInstanceOf(Map);
  });

  it("nonce: when the server's /nonce fails, the node behind its RPC proxy answers (spec 02 §7 fallbacks)", async () => {
    const f = fakeFetch((url, init) => {
      if (url.pathname === `/api/chains/ETH/nonce/${ME}`)
        return { status: 502, body: { error: 'all providers failed' } };
      if (url.pathname === '/api/chains/ETH/rpc') return rpcAnswer(init, { eth_getTransactionCount: '0x7' });
      return undefined;
    });
    const backend = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch });
    const adapter = createEvmAdapter(nativeEvmChain('ETH'), backend, {
      nonceFallbacks: backend.nonceFallbacks(),
    });
    await expect(adapter.getNonce(ME)).resolves.toBe(7);
    const proxied = f.seen.find((s) => s.path === '/api/chains/ETH/rpc');
    expect(proxied?.body).toMatchObject({ method: 'eth_getTransactionCount', params: [ME, 'pending'] });
  });

  it('nonce: every source failing is an error naming each attempt, never nonce 0', async () => {
    const f = fakeFetch((url) =>
      url.pathname.startsWith('/api/chains/ETH/') ? { status: 503, body: { error: 'down' } } : undefined,
    );
    const backend = createEvmProductApiBackend({ chain: 'ETH', fetch: f.fetch });
    const adapter = createEvmAdapter(nativeEvmChain('ETH'), backend, {
      nonceFallbacks: backend.nonceFallbacks(),
    });
    await expect(adapter.getNonce(ME)).rejects.toThrow(/backend: .*; node: /);
  });
});

describe('token list → token discovery (spec 02 GET /bsc_token_list)', () => {
  const USDT = '0x55d398326f99059fF775485246999027B3197955';
  const CAKE = '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82';

  it('reads code and data: aliases mapped, unusable entries skipped, a code other than 0 is a failure', () => {
    expect(
      parseTokenListAnswer({
        code: 0,
        data: [
          { contract: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 18 },
          { contractAddress: CAKE, tokenName: 'PancakeSwap Token', tokenSymbol: 'CAKE', decimal: '18' },
          { address: CAKE, name: 'no decimals' },
          'not an entry',
          null,
        ],
      }),
    ).toEqual([
      { contract: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 18 },
      { contract: CAKE, name: 'PancakeSwap Token', symbol: 'CAKE', decimals: 18 },
    ]);
    expect(() => parseTokenListAnswer({ code: 1, data: [] })).toThrow(EvmNetworkError);
    expect(() => parseTokenListAnswer({ code: 0, data: 'x' })).toThrow(EvmNetworkError);
  });

  it('the adapter asks the balances of the listed contracts (deduplicated) and offers the ones held', async () => {
    const f = fakeFetch((url) => {
      if (url.pathname === '/api/chains/BSC/token-list')
        return {
          body: {
            code: 0,
            data: [
              { contract: USDT, name: 'Tether USD', symbol: 'USDT', decimals: 18 },
              { contract: CAKE.toLowerCase(), name: 'PancakeSwap Token', symbol: 'CAKE', decimals: 18 },
              { contract: USDT.toLowerCase(), name: 'duplicate', symbol: 'DUP', decimals: 6 },
            ],
          },
        };
      if (url.pathname === '/api/chains/BSC/tokens')
        return {
          body: {
            tokens: [
              { contract: USDT.toLowerCase(), balance: '0' },
              { contract: CAKE.toLowerCase(), balance: '2500000000000000000' },
            ],
          },
        };
      return undefined;
    });
    const adapter = createEvmAdapter(
      nativeEvmChain('BSC'),
      createEvmProductApiBackend({ chain: 'BSC', fetch: f.fetch }),
    );
    await expect(adapter.discoverListedTokens(ME)).resolves.toEqual([
      {
        contract: CAKE,
        name: 'PancakeSwap Token',
        symbol: 'CAKE',
        decimals: 18,
        balance: 2_500_000_000_000_000_000n,
      },
    ]);
    const asked = f.seen.find((s) => s.path.startsWith('/api/chains/BSC/tokens'))!.path;
    expect(asked).toBe(`/api${ROUTES.tokens('BSC', ME, [USDT, CAKE])}`);
  });

  it('a list that fails (404, code ≠ 0) is no list: nothing offered, no balance asked', async () => {
    for (const answer of [undefined, { body: { code: 500, data: [] } }]) {
      const f = fakeFetch((url) => (url.pathname === '/api/chains/BSC/token-list' ? answer : undefined));
      const adapter = createEvmAdapter(
        nativeEvmChain('BSC'),
        createEvmProductApiBackend({ chain: 'BSC', fetch: f.fetch }),
      );
      await expect(adapter.discoverListedTokens(ME)).resolves.toEqual([]);
      expect(f.seen.some((s) => s.path.includes('/tokens'))).toBe(false);
    }
  });
});
