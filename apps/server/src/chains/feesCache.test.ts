/**
 * Fee answers are served again for a short while (CHAIN_FEES_CACHE_MS): one user's session reads the fees several
 * times in seconds, and each Blockbook fee read is three `estimatefee` calls against 20 requests a minute per host
 * (issue 29, mainnet-behaviour.md §1). An error is never cached, a fallback-tier answer only for a moment, and the
 * local profile (whose fees change through the localnet control routes) serves them fresh by default.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChainFacade } from '@secux-companion/server-kit/facade';
import { FALLBACK_FEES_CACHE_MS, FeesCache } from '@secux-companion/server-kit/feesCache';
import { DEFAULT_FEES_CACHE_MS } from '@secux-companion/server-kit/registry';
import { createChainRegistry, registerChainRoutes } from './registry.js';
import { startServer, type Handler, type TestServer } from '@secux-companion/server-kit/testing/servers';
import type { FeeInfo } from '@secux-companion/server-kit/types';

const servers: TestServer[] = [];
const apps: FastifyInstance[] = [];
const tmps: string[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await Promise.all(servers.map((s) => s.close()));
  for (const t of tmps) fs.rmSync(t, { recursive: true, force: true });
});
const tmpDir = () => {
  const t = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-chains-fees-cache-'));
  tmps.push(t);
  return t;
};

const feeAnswer = (openLedgerFee: string) => ({
  result: {
    drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: openLedgerFee },
    ledger_current_index: 1000,
    status: 'success',
  },
});

/** The XRP fees route against a rippled stand-in, on the mainnet profile. */
async function xrpFees(handler: Handler, env: Record<string, string>) {
  const rippled = await startServer(handler);
  servers.push(rippled);
  const app = Fastify({ logger: false });
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: 'mainnet', dataDir: tmpDir() } as never, fetch },
        { env: { CHAIN_XRP_RIPPLED: rippled.url, CHAIN_XRP_RATE: '0', ...env } },
      ),
    { prefix: '/api' },
  );
  await app.ready();
  apps.push(app);
  const fees = async () => {
    const r = await app.inject({ url: '/api/chains/XRP/fees' });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  };
  const feeCalls = () =>
    rippled.requests.filter((r) => (r.json as { method?: string }).method === 'fee').length;
  return { fees, feeCalls };
}

describe('the fee cache through the routes', () => {
  it('two fee reads within the cache time cost one upstream call and get the same answer', async () => {
    const { fees, feeCalls } = await xrpFees(() => ({ body: feeAnswer('15') }), {
      CHAIN_FEES_CACHE_MS: '60000',
    });
    const [a, b] = [await fees(), await fees()];
    expect(a).toEqual(b);
    expect(a.status).toBe(200);
    expect(feeCalls()).toBe(1);
  });

  it('reads arriving together wait for the one upstream call', async () => {
    const { fees, feeCalls } = await xrpFees(() => ({ delayMs: 100, body: feeAnswer('15') }), {
      CHAIN_FEES_CACHE_MS: '60000',
    });
    const answers = await Promise.all([fees(), fees(), fees()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(feeCalls()).toBe(1);
  });

  it('an error is not cached: the next read asks the provider again', async () => {
    let up = false;
    const { fees, feeCalls } = await xrpFees(
      () => (up ? { body: feeAnswer('15') } : { status: 500, body: 'down' }),
      {
        CHAIN_FEES_CACHE_MS: '60000',
      },
    );
    expect((await fees()).status).toBeGreaterThanOrEqual(500);
    up = true;
    expect((await fees()).status).toBe(200);
    expect(feeCalls()).toBe(2);
  });

  it('CHAIN_FEES_CACHE_MS=0 asks the provider on every read (a changed fee shows at once)', async () => {
    let fee = '15';
    const { fees, feeCalls } = await xrpFees(() => ({ body: feeAnswer(fee) }), { CHAIN_FEES_CACHE_MS: '0' });
    const first = await fees();
    fee = '40';
    const second = await fees();
    expect(second.body).not.toEqual(first.body);
    expect(feeCalls()).toBe(2);
  });
});

describe('FeesCache', () => {
  const info = (source: FeeInfo['source']): FeeInfo => ({
    chain: 'T',
    unit: 'drops',
    tiers: { high: '3', medium: '2', low: '1' },
    source,
  });
  /** A facade whose fees() answers the queue in turn and counts the calls. */
  const facade = (answers: (FeeInfo | Error)[]) => {
    let calls = 0;
    const f = {
      fees: () => {
        const a = answers[Math.min(calls++, answers.length - 1)]!;
        return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
      },
    } as unknown as ChainFacade;
    return { f, calls: () => calls };
  };

  it('serves a network answer for the cache time, then asks again', async () => {
    let now = 1_000;
    const cache = new FeesCache(20_000, () => now);
    const { f, calls } = facade([info('network')]);
    await cache.fees(f);
    now += 19_999;
    await cache.fees(f);
    expect(calls()).toBe(1);
    now += 1;
    await cache.fees(f);
    expect(calls()).toBe(2);
  });

  it('keeps a fallback-tier answer only a moment, so the network is asked again soon', async () => {
    let now = 1_000;
    const cache = new FeesCache(20_000, () => now);
    const { f, calls } = facade([info('fallback'), info('network')]);
    expect((await cache.fees(f)).source).toBe('fallback');
    now += FALLBACK_FEES_CACHE_MS;
    expect((await cache.fees(f)).source).toBe('network');
    expect(calls()).toBe(2);
  });

  it('never keeps an error', async () => {
    const cache = new FeesCache(20_000, () => 1_000);
    const { f, calls } = facade([new Error('upstream down'), info('network')]);
    await expect(cache.fees(f)).rejects.toThrow('upstream down');
    expect((await cache.fees(f)).source).toBe('network');
    expect(calls()).toBe(2);
  });
});

describe('CHAIN_FEES_CACHE_MS defaults', () => {
  const registry = (profile: 'local' | 'mainnet', env: Record<string, string> = {}) =>
    createChainRegistry({ config: { profile, dataDir: tmpDir() }, fetch, env, families: [] });

  it('caches outside the local profile, serves the local chains fresh, and takes the setting in both', () => {
    expect(registry('mainnet').feesCacheMs).toBe(DEFAULT_FEES_CACHE_MS);
    expect(registry('local').feesCacheMs).toBe(0);
    expect(registry('local', { CHAIN_FEES_CACHE_MS: '5000' }).feesCacheMs).toBe(5000);
    expect(registry('mainnet', { CHAIN_FEES_CACHE_MS: '0' }).feesCacheMs).toBe(0);
  });
});
