/**
 * CHAIN_BREAKER_FAILURES and CHAIN_BREAKER_COOLDOWN_MS reach every provider of every family (issue 29: XRP, XLM, TRX,
 * SOL and FIO built their providers' breakers with the defaults and ignored both); so do the call classes' timeouts,
 * each chain's own timeout and its client-side rate.
 */
import { describe, expect, it } from 'vitest';
import { Breaker } from '@secux-companion/server-kit/failover';
import type { RateBook } from '@secux-companion/server-kit/rateLimit';
import { CHAIN_ENV_KEYS, createChainRegistry } from './registry.js';

const noFetch = (async () => {
  throw new Error('no network in this test');
}) as typeof fetch;

/** Every breaker among a facade's configured providers (arrays and objects two levels down). */
function breakers(cfg: unknown): Breaker[] {
  const found = new Set<Breaker>();
  const visit = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 3) return;
    if (v instanceof Breaker) return void found.add(v);
    const b = (v as { breaker?: unknown }).breaker;
    if (b instanceof Breaker) found.add(b);
    for (const x of Array.isArray(v) ? v : Object.values(v)) visit(x, depth + 1);
  };
  visit(cfg, 0);
  return [...found];
}

describe('circuit-breaker settings', () => {
  it('every family builds its providers with the configured breaker', () => {
    const registry = createChainRegistry({
      config: { profile: 'mainnet', dataDir: '/nonexistent' },
      fetch: noFetch,
      env: {
        CHAIN_BREAKER_FAILURES: '7',
        CHAIN_BREAKER_COOLDOWN_MS: '1234',
        CHAIN_HME_RPC: 'https://hme.example',
        CHAIN_BNB_ARCHIVE: 'https://bnb-archive.example',
      },
    });
    const families = new Set<string>();
    for (const c of registry.list()) {
      const facade = registry.get(c.chain) as unknown as { cfg?: unknown };
      const list = breakers(facade.cfg);
      expect(list.length, c.chain).toBeGreaterThan(0);
      for (const b of list) expect(b.o, c.chain).toMatchObject({ failures: 7, cooldownMs: 1234 });
      families.add(c.family);
    }
    expect([...families].sort()).toEqual(
      expect.arrayContaining(['bitcoin', 'evm', 'fio', 'solana', 'stellar', 'tron', 'xrp']),
    );
  });
});

/** Every provider (an object with a name and its own breaker) among a facade's configured providers. */
function providers(cfg: unknown): { name: string; timeouts?: Record<string, number> }[] {
  const found = new Set<{ name: string; timeouts?: Record<string, number> }>();
  const visit = (v: unknown, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 3 || v instanceof Breaker) return;
    const p = v as { name?: unknown; breaker?: unknown };
    if (typeof p.name === 'string' && p.breaker instanceof Breaker) found.add(p as { name: string });
    for (const x of Array.isArray(v) ? v : Object.values(v)) visit(x, depth + 1);
  };
  visit(cfg, 0);
  return [...found];
}

describe('timeout and rate settings', () => {
  const served = (env: Record<string, string>) => {
    const registry = createChainRegistry({
      config: { profile: 'mainnet', dataDir: '/nonexistent' },
      fetch: noFetch,
      env: { CHAIN_HME_RPC: 'https://hme.example', CHAIN_BNB_ARCHIVE: 'https://bnb-archive.example', ...env },
    });
    return registry.list().map((c) => ({
      ...c,
      cfg: (registry.get(c.chain) as unknown as { cfg: { policy: Record<string, unknown> } }).cfg,
    }));
  };

  it('every family calls with the call classes’ timeouts and the submit budget', () => {
    const chains = served({
      CHAIN_READ_TIMEOUT_MS: '1111',
      CHAIN_HISTORY_TIMEOUT_MS: '2222',
      CHAIN_SUBMIT_TIMEOUT_MS: '3333',
      CHAIN_SUBMIT_BUDGET_MS: '4444',
    });
    const families = new Set<string>();
    for (const c of chains) {
      expect(c.cfg.policy, c.chain).toMatchObject({
        timeouts: { read: 1111, history: 2222, submit: 3333 },
        submitBudgetMs: 4444,
      });
      families.add(c.family);
    }
    expect([...families].sort()).toEqual(
      expect.arrayContaining(['bitcoin', 'bnb', 'evm', 'fio', 'solana', 'stellar', 'tron', 'xrp']),
    );
  });

  it('CHAIN_PROVIDER_TIMEOUT_MS is still the read and history default when set', () => {
    const [c] = served({ CHAIN_PROVIDER_TIMEOUT_MS: '5555' });
    expect(c!.cfg.policy).toMatchObject({ timeouts: { read: 5555, history: 5555 } });
  });

  it("every family's CHAIN_<SYM>_TIMEOUT_MS replaces its providers' class timeouts", () => {
    const env: Record<string, string> = { CHAIN_TRX_INDEX_TIMEOUT_MS: '7777' };
    for (const k of CHAIN_ENV_KEYS.filter((k) => /^CHAIN_[A-Z0-9]+_TIMEOUT_MS$/.test(k))) env[k] = '7777';
    for (const c of served(env)) {
      const list = providers(c.cfg);
      expect(list.length, c.chain).toBeGreaterThan(0);
      for (const p of list)
        expect(p.timeouts, `${c.chain} ${p.name}`).toMatchObject({ history: 7777, submit: 7777 });
    }
  });

  it("every family reads CHAIN_<SYM>_RATE and declares its providers' hosts", () => {
    const env: Record<string, string> = {};
    for (const k of CHAIN_ENV_KEYS.filter((k) => /^CHAIN_[A-Z0-9]+_RATE$/.test(k))) env[k] = '1/9';
    const chains = served(env);
    const rates = chains[0]!.cfg.policy.rates as RateBook;
    // one book for the whole server
    for (const c of chains) expect(c.cfg.policy.rates, c.chain).toBe(rates);
    const hosts = new Map(rates.hosts());
    for (const [host, spec] of hosts) expect(spec, host).toEqual({ requests: 1, seconds: 9 });
    for (const host of [
      'https://btc1.trezor.io', // utxo
      'https://mempool.space',
      'https://hme.example', // evm
      'https://bsc-dataseed1.bnbchain.org',
      'https://xrplcluster.com', // xrp
      'https://horizon.stellar.org', // xlm
      'https://api.trongrid.io', // trx
      'https://api.mainnet-beta.solana.com', // sol
      'https://fio.blockpane.com', // fio
      'https://bnb-archive.example', // bnb
    ])
      expect(hosts.has(host), host).toBe(true);
  });
});
