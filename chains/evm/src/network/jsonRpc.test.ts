import { describe, expect, it } from 'vitest';
import { createJsonRpcBackend, healthyRpcs, parseExplorerItem, parseExplorerList } from './jsonRpc';
import { EvmNetworkError } from './http';
import { createEvmAdapter } from '../logic/adapter';
import { customEvmChain } from '../logic/chains';

const ME = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

type NodeBehaviour = { chainId?: number; down?: boolean; hang?: boolean; results?: Record<string, unknown> };

function fakeNodes(nodes: Record<string, NodeBehaviour>, explorer?: (url: URL) => unknown) {
  const calls: string[] = [];
  const fetch = async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input);
    if (explorer && url.pathname.endsWith('/api')) return new Response(JSON.stringify(explorer(url)));
    const node = nodes[url.origin];
    const req = JSON.parse(String(init?.body)) as { id: number; method: string; params: unknown[] };
    calls.push(`${url.host}:${req.method}`);
    if (!node || node.down) throw new TypeError('fetch failed');
    if (node.hang)
      return new Promise((_r, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    if (req.method === 'eth_chainId')
      return new Response(
        JSON.stringify({ jsonrpc: '2.0', id: req.id, result: `0x${(node.chainId ?? 137).toString(16)}` }),
      );
    const r = node.results?.[req.method];
    if (r instanceof Error)
      return new Response(
        JSON.stringify({ jsonrpc: '2.0', id: req.id, error: { code: -32000, message: r.message } }),
      );
    if (r === undefined) return new Response('bad gateway', { status: 502 });
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: req.id, result: r }));
  };
  return { fetch, calls };
}

const GOOD = {
  eth_getBalance: '0xde0b6b3a7640000',
  eth_getTransactionCount: '0x3',
  eth_gasPrice: '0x2',
  eth_sendRawTransaction: '0xhash',
  eth_estimateGas: '0x5208',
  eth_call: '0x',
};

describe('user RPC backend (browser → the RPC the user added)', () => {
  it('health check: right chain id, answer order; wrong chain and dead RPCs are skipped', async () => {
    const n = fakeNodes({
      'https://a.test': { chainId: 1 },
      'https://b.test': {},
      'https://c.test': { down: true },
      'https://d.test': { hang: true },
    });
    expect(
      await healthyRpcs(['https://a.test', 'https://b.test', 'https://c.test', 'https://d.test'], 137, {
        fetch: n.fetch,
        timeoutMs: 50,
      }),
    ).toEqual(['https://b.test']);
  });

  it('calls the main RPC and fails over to the next healthy one on a transport error', async () => {
    const n = fakeNodes({ 'https://a.test': { results: {} }, 'https://b.test': { results: GOOD } });
    const b = createJsonRpcBackend({
      chainId: 137,
      rpcs: ['https://a.test', 'https://b.test'],
      fetch: n.fetch,
    });
    expect(await b.getAccount(ME)).toEqual({ balance: 10n ** 18n, nonce: 3, txCount: 3 });
    expect(n.calls.some((c) => c.startsWith('a.test:eth_getBalance'))).toBe(true);
    expect(n.calls.some((c) => c.startsWith('b.test:eth_getBalance'))).toBe(true);
  });

  it("a node's own error is not retried elsewhere (e.g. a rejected transaction)", async () => {
    const n = fakeNodes({
      'https://a.test': { results: { eth_sendRawTransaction: new Error('nonce too low') } },
      'https://b.test': { results: GOOD },
    });
    const b = createJsonRpcBackend({ chainId: 137, rpcs: ['https://a.test'], fetch: n.fetch });
    await expect(b.broadcast('0x02')).rejects.toMatchObject({ message: 'nonce too low', code: -32000 });
  });

  it("a broadcast no RPC took (all unreachable or failing): 'Can not broadcast at the moment'", async () => {
    // Healthy at the check, then the broadcast itself fails on every RPC (502, then unreachable).
    const n = fakeNodes({ 'https://a.test': { results: {} }, 'https://b.test': { results: {} } });
    const b = createJsonRpcBackend({
      chainId: 137,
      rpcs: ['https://a.test', 'https://b.test'],
      fetch: n.fetch,
    });
    await expect(b.broadcast('0x02')).rejects.toMatchObject({
      message: 'Can not broadcast at the moment',
      code: 'cannotBroadcast',
      status: 0,
    });
    expect(n.calls.filter((c) => c.endsWith('eth_sendRawTransaction'))).toEqual([
      'a.test:eth_sendRawTransaction',
      'b.test:eth_sendRawTransaction',
    ]);
    const none = createJsonRpcBackend({
      chainId: 137,
      rpcs: ['https://a.test'],
      fetch: fakeNodes({ 'https://a.test': { chainId: 1 } }).fetch,
    });
    await expect(none.broadcast('0x02')).rejects.toMatchObject({
      message: 'Can not broadcast at the moment',
    });
  });

  it("no healthy RPC: 'There are no valid RPCs'", async () => {
    const n = fakeNodes({ 'https://a.test': { chainId: 1 } });
    const b = createJsonRpcBackend({ chainId: 137, rpcs: ['https://a.test'], fetch: n.fetch });
    await expect(b.getGasPrice()).rejects.toMatchObject({ message: 'There are no valid RPCs' });
    await expect(b.getGasPrice()).rejects.toBeInstanceOf(EvmNetworkError);
  });

  it('gas, estimate, call, nonce, fee history (unsupported → null)', async () => {
    const n = fakeNodes({
      'https://a.test': {
        results: { ...GOOD, eth_feeHistory: new Error('the method eth_feeHistory does not exist') },
      },
    });
    const b = createJsonRpcBackend({ chainId: 137, rpcs: ['https://a.test'], fetch: n.fetch });
    expect(await b.getGasPrice()).toBe(2n);
    expect(await b.estimateGas({ to: ME, value: 1n })).toBe(21_000n);
    expect(await b.ethCall(ME, '0x')).toBe('0x');
    expect(await b.getNonce(ME)).toBe(3);
    expect(await b.getFeeHistory(3, [25, 50, 75])).toBeNull();
    expect(await b.broadcast('0x02')).toBe('0xhash');
    expect(await b.rpcs()).toEqual(['https://a.test']);
  });

  it('history from an Etherscan-compatible explorer (txlist + tokentx, sort desc); none → empty', async () => {
    const seen: string[] = [];
    const n = fakeNodes({ 'https://a.test': { results: GOOD } }, (url) => {
      seen.push(
        `${url.searchParams.get('action')}:${url.searchParams.get('sort')}:${url.searchParams.get('offset')}`,
      );
      return url.searchParams.get('action') === 'txlist'
        ? {
            status: '1',
            message: 'OK',
            result: [
              {
                blockNumber: '5',
                timeStamp: '100',
                hash: '0x1',
                nonce: '0',
                from: ME,
                to: '0xabc',
                value: '7',
                gas: '21000',
                gasPrice: '2',
                gasUsed: '21000',
                isError: '0',
                txreceipt_status: '1',
              },
            ],
          }
        : { status: '0', message: 'No transactions found', result: [] };
    });
    const b = createJsonRpcBackend({
      chainId: 137,
      rpcs: ['https://a.test'],
      fetch: n.fetch,
      explorerApi: 'https://scan.test/api',
    });
    const page = await b.getTransactions(ME, null);
    expect(page).toEqual({
      records: [
        {
          hash: '0x1',
          blockNumber: 5,
          timeStamp: 100,
          from: ME,
          to: '0xabc',
          value: 7n,
          gasUsed: 21000n,
          gasPrice: 2n,
          nonce: 0,
        },
      ],
      cursor: null,
    });
    expect(seen.sort()).toEqual(['tokentx:desc:100', 'txlist:desc:100']);
    const none = createJsonRpcBackend({ chainId: 137, rpcs: ['https://a.test'], fetch: n.fetch });
    expect(await none.getTransactions(ME, null)).toEqual({ records: [], cursor: null });
  });

  it('explorer parsing: errored, tokentx fields, error envelopes → []', () => {
    expect(parseExplorerItem({ hash: '0x1', from: ME, to: '', isError: '1' }, 'txlist')).toMatchObject({
      isError: true,
      blockNumber: null,
      timeStamp: null,
      value: 0n,
    });
    expect(
      parseExplorerItem({ hash: '0x1', from: ME, to: ME, txreceipt_status: '0' }, 'txlist').isError,
    ).toBe(true);
    expect(
      parseExplorerItem(
        {
          hash: '0x2',
          from: ME,
          to: ME,
          value: '5',
          contractAddress: '0xc',
          tokenSymbol: 'T',
          tokenDecimal: '6',
          tokenName: 'Tok',
        },
        'tokentx',
      ).token,
    ).toEqual({ contract: '0xc', symbol: 'T', decimals: 6, name: 'Tok' });
    expect(
      parseExplorerList({ status: '0', message: 'NOTOK', result: 'Max rate limit reached' }, 'txlist'),
    ).toEqual([]);
    expect(parseExplorerList({ status: '1', result: [{ nohash: true }] }, 'txlist')).toEqual([]);
  });

  /** The adapter of a user-added chain (137, RPCs a and b) with the backend's nonce fallbacks, as the app wires it. */
  const polygonAdapter = (backend: ReturnType<typeof createJsonRpcBackend>) =>
    createEvmAdapter(
      customEvmChain({
        chainId: 137,
        name: 'Polygon',
        nativeCurrency: { symbol: 'POL', decimals: 18 },
        rpcs: ['http://a.test', 'http://b.test'],
      }),
      backend,
      { nonceFallbacks: backend.nonceFallbacks() },
    );

  it('nonce: a node the health check left out (slow) still answers as a fallback node; then the explorer', async () => {
    // A answers eth_chainId but fails every other call; B is down; the explorer proxy answers.
    const nodes = fakeNodes(
      { 'http://a.test': { chainId: 137, results: {} }, 'http://b.test': { down: true } },
      (url) =>
        url.searchParams.get('action') === 'eth_getTransactionCount'
          ? { jsonrpc: '2.0', id: 1, result: '0x9' }
          : {},
    );
    const backend = createJsonRpcBackend({
      chainId: 137,
      rpcs: ['http://a.test', 'http://b.test'],
      fetch: nodes.fetch,
      explorerApi: 'http://explorer.test/api',
    });
    const adapter = polygonAdapter(backend);
    await expect(adapter.getNonce(ME)).resolves.toBe(9);
    expect(backend.nonceFallbacks().map((s) => [s.name, s.timeoutMs])).toEqual([
      ['node http://a.test', 3_000],
      ['node http://b.test', 3_000],
      ['explorer', 20_000],
    ]);
  });

  it('nonce: the second configured RPC answers when the pool call fails', async () => {
    const nodes = fakeNodes({
      'http://a.test': { chainId: 137, results: {} },
      'http://b.test': { chainId: 1, results: { eth_getTransactionCount: '0x4' } },
    });
    const backend = createJsonRpcBackend({
      chainId: 137,
      rpcs: ['http://a.test', 'http://b.test'],
      fetch: nodes.fetch,
    });
    const adapter = polygonAdapter(backend);
    await expect(adapter.getNonce(ME)).resolves.toBe(4);
  });
});
