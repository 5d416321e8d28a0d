/**
 * The client-side token bucket per provider host (issue 29, mainnet-behaviour.md §11 row 4): shared by every user of
 * the server, kept across requests; an empty bucket moves the call on to the next provider without sending (or
 * waits for a token that comes within CHAIN_RATE_WAIT_MS), and 429 with Retry-After when every provider is out; each
 * client has its own share; each provider kind has its documented rate for public hosts; CHAIN_<SYM>_RATE overrides.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { Breaker, ChainApiError, ProviderError, withBudget } from '@secux-companion/server-kit/failover';
import { KIND_RATES, RateBook, parseRate } from '@secux-companion/server-kit/rateLimit';
import { createChainRegistry } from './registry.js';
import { startServer, type Handler, type TestServer } from '@secux-companion/server-kit/testing/servers';

const servers: TestServer[] = [];
const serve = async (h: Handler) => {
  const s = await startServer(h);
  servers.push(s);
  return s;
};
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** A rippled that answers `fee`. */
const rippled: Handler = () => ({
  body: {
    result: {
      drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: '15' },
      ledger_current_index: 1000,
      status: 'success',
    },
  },
});

type Facade = {
  fees(): Promise<{ provider?: string }>;
  cfg: { providers: { breaker: Breaker }[]; policy: { rates: RateBook } };
};
function registry(env: Record<string, string>) {
  return createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: { CHAIN_BREAKER_FAILURES: '1', ...env },
  });
}
const xrp = (env: Record<string, string>) => registry(env).get('XRP') as unknown as Facade;

const outcome = (p: Promise<{ provider?: string }>) =>
  p.then(
    (r) => r.provider,
    (e: unknown) =>
      e instanceof ChainApiError ? `${e.statusCode} retryAfter=${String(e.extra.retryAfter)}` : String(e),
  );

describe('client-side token bucket per provider', () => {
  let a: TestServer;
  let b: TestServer;
  beforeEach(async () => {
    a = await serve(rippled);
    b = await serve(rippled);
  });

  it('stops at the rate: the next call goes to the next provider, the first is not asked', async () => {
    const f = xrp({
      CHAIN_XRP_RIPPLED: `${a.url},${b.url}`,
      CHAIN_XRP_RATE: '2/60',
      CHAIN_RATE_WAIT_MS: '0',
    });
    const served = [];
    for (let i = 0; i < 3; i++) served.push(await outcome(f.fees()));
    expect(served).toEqual(['rippled#1', 'rippled#1', 'rippled#2']);
    expect([a.requests.length, b.requests.length]).toEqual([2, 1]);
  });

  it('every provider out of tokens: 429 with Retry-After, nothing sent, the provider not marked unhealthy', async () => {
    const f = xrp({ CHAIN_XRP_RIPPLED: a.url, CHAIN_XRP_RATE: '2/60', CHAIN_RATE_WAIT_MS: '0' });
    const served = [];
    for (let i = 0; i < 4; i++) served.push(await outcome(f.fees()));
    expect(served.slice(0, 2)).toEqual(['rippled#1', 'rippled#1']);
    expect(served[2]).toMatch(/^429 retryAfter=\d+$/);
    expect(Number(served[2]!.split('=')[1])).toBeGreaterThan(0);
    expect(a.requests).toHaveLength(2);
    // our own limit says nothing about the provider's health: its breaker stays closed
    expect(f.cfg.providers[0]!.breaker.isOpen).toBe(false);
  });

  it('waits for a token that comes within CHAIN_RATE_WAIT_MS instead of moving on', async () => {
    const env = { CHAIN_XRP_RIPPLED: `${a.url},${b.url}`, CHAIN_XRP_RATE: '1/0.2' };
    const waits = xrp({ ...env, CHAIN_RATE_WAIT_MS: '2000' });
    const moves = xrp({ ...env, CHAIN_RATE_WAIT_MS: '0' });
    const w = [await outcome(waits.fees()), await outcome(waits.fees())];
    const m = [await outcome(moves.fees()), await outcome(moves.fees())];
    expect({ w, m }).toEqual({ w: ['rippled#1', 'rippled#1'], m: ['rippled#1', 'rippled#2'] });
  });

  it("one busy client cannot use up a provider's bucket for everyone else", async () => {
    const f = xrp({ CHAIN_XRP_RIPPLED: a.url, CHAIN_XRP_RATE: '4/60', CHAIN_RATE_WAIT_MS: '0' });
    const as = (client: string) => withBudget(25_000, () => outcome(f.fees()), client);
    const busy = [await as('10.0.0.1'), await as('10.0.0.1'), await as('10.0.0.1')];
    expect(busy.slice(0, 2)).toEqual(['rippled#1', 'rippled#1']);
    expect(busy[2]).toMatch(/^429/);
    // half the bucket (CHAIN_RATE_CLIENT_SHARE 0.5) is left for the others
    expect(await as('10.0.0.2')).toBe('rippled#1');
    expect(await as('10.0.0.3')).toBe('rippled#1');
    expect(a.requests).toHaveLength(4);
  });

  it("one bucket per host for the whole server: another chain's calls to the host take from it too", async () => {
    // XRP and XLM of one registry (the server's) on the same host: XRP's calls leave XLM none to send.
    const reg = registry({
      CHAIN_XRP_RIPPLED: a.url,
      CHAIN_XLM_HORIZON: a.url,
      CHAIN_XRP_RATE: '2/60',
      CHAIN_RATE_WAIT_MS: '0',
    });
    const x = reg.get('XRP') as unknown as Facade;
    const l = reg.get('XLM') as unknown as Facade;
    expect([await outcome(x.fees()), await outcome(x.fees())]).toEqual(['rippled#1', 'rippled#1']);
    expect(await outcome(l.fees())).toMatch(/^429/);
    expect(a.requests).toHaveLength(2);
  });
});

describe('rates per provider kind', () => {
  const ratesOf = (env: Record<string, string>) =>
    (registry(env).get('XLM') as unknown as Facade).cfg.policy.rates;

  it('public hosts get their kind’s documented rate; loopback hosts (the operator’s own) none', async () => {
    const rates = ratesOf({});
    expect(rates.rateOf('https://btc1.trezor.io')).toEqual({ requests: 20, seconds: 60 });
    expect(rates.rateOf('https://btc2.trezor.io')).toEqual({ requests: 20, seconds: 60 });
    expect(rates.rateOf('https://horizon.stellar.org')).toEqual(KIND_RATES.horizon);
    expect(rates.rateOf('https://api.trongrid.io')).toEqual(KIND_RATES.trongrid);
    expect(rates.rateOf('https://api.mainnet-beta.solana.com')).toEqual(KIND_RATES.solana);
    expect(rates.rateOf('https://xrplcluster.com')).toEqual(KIND_RATES.rippled);
    expect(rates.rateOf('https://fio.blockpane.com')).toEqual(KIND_RATES.fio);
    expect(rates.rateOf('https://mempool.space')).toEqual(KIND_RATES.mempool);
    expect(rates.rateOf('https://bsc-dataseed1.bnbchain.org')).toEqual(KIND_RATES.bscDataseed);
    const local = await serve(rippled);
    expect(ratesOf({ CHAIN_XRP_RIPPLED: local.url }).rateOf(local.url)).toBeUndefined();
  });

  it('TronGrid with TRON-PRO-API-KEY allows more', () => {
    expect(ratesOf({ TRON_PRO_API_KEY: 'k' }).rateOf('https://api.trongrid.io')).toEqual(
      KIND_RATES.trongridKey,
    );
  });

  it('CHAIN_<SYM>_RATE sets a chain’s rate, 0 lifts it, on loopback hosts too', async () => {
    const local = await serve(rippled);
    expect(ratesOf({ CHAIN_XLM_RATE: '7/3' }).rateOf('https://horizon.stellar.org')).toEqual({
      requests: 7,
      seconds: 3,
    });
    expect(ratesOf({ CHAIN_XLM_RATE: '0' }).rateOf('https://horizon.stellar.org')).toBeUndefined();
    expect(ratesOf({ CHAIN_XRP_RIPPLED: local.url, CHAIN_XRP_RATE: '5/1' }).rateOf(local.url)).toEqual({
      requests: 5,
      seconds: 1,
    });
    expect(parseRate('20/60')).toEqual({ requests: 20, seconds: 60 });
    expect(parseRate('off')).toBeNull();
    expect(parseRate('fast')).toBeUndefined();
  });

  it('a host several chains name keeps the strictest rate, explicit over default', () => {
    const book = new RateBook({ waitMs: 0, clientShare: 1 });
    const url = 'https://api.etherscan.io/v2/api';
    book.declare(url, 'etherscan');
    expect(book.rateOf(url)).toEqual({ requests: 3, seconds: 1 });
    book.declare(url, 'etherscan', { requests: 10, seconds: 1 });
    expect(book.rateOf(url)).toEqual({ requests: 10, seconds: 1 });
    book.declare(url, 'etherscan', { requests: 1, seconds: 1 });
    book.declare(url, 'etherscan', { requests: 5, seconds: 1 });
    book.declare(url, 'etherscan');
    expect(book.rateOf(url)).toEqual({ requests: 1, seconds: 1 });
  });

  it("Solana's public RPC: 40 per 10 s for one method, the other methods still served", async () => {
    const book = new RateBook({ waitMs: 0, clientShare: 1 });
    const url = 'https://api.mainnet-beta.solana.com';
    book.declare(url, 'solana');
    for (let i = 0; i < 40; i++) await book.take(url, { methods: ['getTransaction'] });
    const refused = await book.take(url, { methods: ['getTransaction'] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ kind: 'rateLimited', opts: { health: false } });
    await expect(book.take(url, { methods: ['getBalance'] })).resolves.toBeUndefined();
  });
});
