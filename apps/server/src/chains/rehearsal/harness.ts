/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked by the suites' assertions */
/**
 * The mainnet rehearsal (issue 29): the server on its **mainnet profile**, every provider URL pointed at stand-ins of
 * the public providers (localnet/src/mainnet: a local chain behind the provider's documented behaviour), the first
 * one of each list a dead host as in the wild. Each family's suite (`<family>.rehearsal.test.ts`) walks the user
 * paths through the product API: account, history pages, fees, tokens, NFTs, broadcast, confirmation.
 *
 *   const r = useRehearsal(() => ({ CHAIN_XLM_HORIZON: `${dead},${horizon.url}` }));
 *   const { status, body } = await r.get('/api/chains/XLM/account/G…');
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';

/**
 * Timeouts small enough that a hung provider costs a second in a test, large enough for a loaded CI machine. A suite
 * that rehearses a slow call (Horizon's synchronous submit) keeps that call class's own default.
 */
export const REHEARSAL_TIMEOUTS: Record<string, string> = {
  CHAIN_CONNECT_TIMEOUT_MS: '1500',
  CHAIN_HEALTH_TIMEOUT_MS: '1500',
  CHAIN_BREAKER_COOLDOWN_MS: '60000',
  // Every fee read reaches the stand-ins (the suites rehearse each provider's fee answers); feesCache.test.ts covers
  // the mainnet default.
  CHAIN_FEES_CACHE_MS: '0',
};

export interface Rehearsal {
  app: FastifyInstance;
  get(url: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  post(url: string, json: unknown): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

/**
 * Starts the server on the mainnet profile with `env()` (evaluated in beforeAll, after the suite's stand-ins started)
 * on top of {@link REHEARSAL_TIMEOUTS}; closes it after the suite. `fetch` replaces the server's outgoing fetch (e.g. to
 * route a provider's real host name, which some settings depend on, to its stand-in).
 */
export function useRehearsal(
  env: () => Record<string, string>,
  opts: { fetch?: () => typeof fetch } = {},
): Rehearsal {
  const r = {} as Rehearsal;
  let tmp = '';
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'secux-rehearsal-'));
    const vars: Record<string, string> = {
      WALLET_PROFILE: 'mainnet',
      DATA_DIR: path.join(tmp, 'data'),
      WEB_DIST: path.join(tmp, 'web'),
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '0',
      ...REHEARSAL_TIMEOUTS,
      ...env(),
    };
    const loaded = loadConfig(vars);
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    // The chain families read their variables from this, never from the process environment.
    r.app = await buildApp(loaded.config, {
      logger: false,
      chainEnv: vars,
      ...(opts.fetch ? { fetch: opts.fetch() } : {}),
    });
    await r.app.ready();
    const answer = (x: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
      let body: unknown = x.body;
      try {
        body = JSON.parse(x.body);
      } catch {
        // not JSON: the text itself
      }
      return { status: x.statusCode, body, headers: x.headers };
    };
    r.get = async (url) => answer(await r.app.inject({ url }));
    r.post = async (url, json) =>
      answer(await r.app.inject({ method: 'POST', url, payload: json as object }));
  }, 60_000);
  afterAll(async () => {
    await r.app?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });
  return r;
}
