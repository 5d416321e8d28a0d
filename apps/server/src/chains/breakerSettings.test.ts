/**
 * CHAIN_BREAKER_FAILURES and CHAIN_BREAKER_COOLDOWN_MS reach every provider of every family (issue 29: XRP, XLM, TRX,
 * SOL and FIO built their providers' breakers with the defaults and ignored both).
 */
import { describe, expect, it } from 'vitest';
import { Breaker } from './failover.js';
import { createChainRegistry } from './registry.js';

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
      expect.arrayContaining(['evm', 'fio', 'sol', 'trx', 'utxo', 'xlm', 'xrp']),
    );
  });
});
