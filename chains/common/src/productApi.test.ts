import { describe, expect, it } from 'vitest';
import {
  answerReaders,
  BROADCAST_TIMEOUT_MS,
  ChainApiError,
  createProductApiClient,
  HISTORY_TIMEOUT_MS,
  historyTimeout,
  type FetchLike,
} from './index';

class DemoNetworkError extends ChainApiError {
  override readonly name = 'DemoNetworkError';
}

function recorder(status: number, body: unknown) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, ...(init ? { init } : {}) });
    return new Response(JSON.stringify(body), { status });
  };
  return { calls, fetch };
}

describe('product-API client', () => {
  it('calls /api/chains/<chain>/… under the given base, with the family default chain', async () => {
    const r = recorder(200, { operations: [], cursor: null });
    const api = createProductApiClient(
      { baseUrl: 'http://h/api//', fetch: r.fetch },
      { chain: 'DEMO', timeoutMs: 1000, error: DemoNetworkError },
    );
    expect(api.chain).toBe('DEMO');
    expect(await api.history('a b', 'c/1')).toEqual({ operations: [], cursor: null });
    expect(r.calls[0]!.url).toBe('http://h/api/chains/DEMO/history/a%20b?pageSize=10&cursor=c%2F1');
    await api.post('/chains/DEMO/broadcast', { rawTx: 'ff' });
    expect(r.calls[1]!.init?.method).toBe('POST');
    expect(r.calls[1]!.init?.body).toBe('{"rawTx":"ff"}');
  });

  it("a broadcast waits for the server's submit time, beyond the reads' timeout", async () => {
    // The server answers after 60 ms: a read with a 20 ms timeout gives up, the broadcast (its own timeout) waits.
    const slow: FetchLike = (_url, init) =>
      new Promise((ok, fail) => {
        const t = setTimeout(() => ok(new Response(JSON.stringify({ hash: 'h' }))), 60);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          fail(new Error('aborted'));
        });
      });
    const api = createProductApiClient(
      { fetch: slow, timeoutMs: 20 },
      { chain: 'DEMO', timeoutMs: 20, error: DemoNetworkError },
    );
    await expect(api.post('/chains/DEMO/broadcast', { rawTx: 'ff' })).rejects.toMatchObject({ status: 0 });
    await expect(api.broadcast('/chains/DEMO/broadcast', { rawTx: 'ff' })).resolves.toEqual({ hash: 'h' });
    expect(BROADCAST_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
    const short = createProductApiClient(
      { fetch: slow, broadcastTimeoutMs: 20 },
      { chain: 'DEMO', timeoutMs: 20, error: DemoNetworkError },
    );
    await expect(short.broadcast('/chains/DEMO/broadcast', { rawTx: 'ff' })).rejects.toMatchObject({
      status: 0,
    });
  });

  it("a history page or listing waits for the server's history budget, beyond the reads' timeout", async () => {
    // The server answers after 60 ms: a read with a 20 ms timeout gives up, a history-class route waits.
    const slow: FetchLike = (_url, init) =>
      new Promise((ok, fail) => {
        const t = setTimeout(() => ok(new Response(JSON.stringify({ operations: [], cursor: null }))), 60);
        init?.signal?.addEventListener('abort', () => {
          clearTimeout(t);
          fail(new Error('aborted'));
        });
      });
    const api = createProductApiClient(
      { fetch: slow, timeoutMs: 20, historyTimeoutMs: 2_000 },
      { chain: 'DEMO', timeoutMs: 20, error: DemoNetworkError },
    );
    await expect(api.get('/chains/DEMO/history/a')).rejects.toMatchObject({ status: 0 });
    await expect(api.history('a', null)).resolves.toEqual({ operations: [], cursor: null });
    await expect(api.list('/chains/DEMO/nfts/a')).resolves.toMatchObject({ operations: [] });
    // By default longer than the server's CHAIN_HISTORY_BUDGET_MS (40 s), never below a family's own read timeout.
    expect(HISTORY_TIMEOUT_MS).toBeGreaterThan(40_000);
    expect(historyTimeout({}, 30_000)).toBe(HISTORY_TIMEOUT_MS);
    expect(historyTimeout({}, 100_000)).toBe(100_000);
  });

  it("fails with the family's error class, the server's message, code and error body", async () => {
    const body = { error: 'every provider failed', code: 'upstream_failed', statusCode: 503, stale: true };
    const r = recorder(503, body);
    const api = createProductApiClient(
      { chain: 'OTHER', fetch: r.fetch },
      { chain: 'DEMO', timeoutMs: 1000, error: DemoNetworkError },
    );
    const e = await api.get('/chains/OTHER/x').catch((x: unknown) => x);
    expect(r.calls[0]!.url).toBe('/api/chains/OTHER/x');
    expect(e).toBeInstanceOf(DemoNetworkError);
    expect(e).toMatchObject({
      name: 'DemoNetworkError',
      status: 503,
      message: 'every provider failed',
      code: 'upstream_failed',
      body: { statusCode: 503, stale: true },
    });
  });

  it('answer readers throw the family error with code malformed', () => {
    const { obj, uint, bool, amount } = answerReaders(DemoNetworkError);
    expect(obj({ a: 1 }, 'x')).toEqual({ a: 1 });
    expect(uint(5, 'n', 5)).toBe(5);
    expect(bool(false, 'b')).toBe(false);
    expect(amount('18446744073709551615', 'a')).toBe(18446744073709551615n);
    expect(amount('0', 'a', 1)).toBe(0n);
    for (const bad of [
      () => amount(5, 'list'),
      () => amount('', 'list'),
      () => amount('-1', 'list'),
      () => amount('1.5', 'list'),
      () => amount('123456789012345678901', 'list'),
      () => amount('10', 'list', 1),
      () => obj([], 'list'),
      () => uint(6, 'list', 5),
      () => uint(-1, 'list'),
      () => bool(0, 'list'),
    ]) {
      expect(bad).toThrow(DemoNetworkError);
      expect(bad).toThrow('malformed answer: list');
    }
    let thrown: unknown;
    try {
      uint(1.5, 'n');
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toMatchObject({ status: 200, code: 'malformed', name: 'DemoNetworkError' });
  });
});
