/* eslint-disable @typescript-eslint/no-explicit-any -- answers are checked by the suites' assertions */
/**
 * The mainnet rehearsal (issue 29): one family's chains served through the kit's routes on the **mainnet profile**,
 * every provider URL pointed at stand-ins of the public providers (the family's `/sim`: a local chain behind the
 * provider's documented behaviour), the first one of each list a dead host as in the wild. Each family's suite
 * (`chains/<dir>/src/server/rehearsal.test.ts`) walks the user paths through the product API: account, history pages,
 * fees, tokens, NFTs, broadcast, confirmation.
 *
 *   const r = useRehearsal(stellarFamily, () => ({ CHAIN_XLM_HORIZON: `${dead},${horizon.url}` }));
 *   const { status, body } = await r.get('/api/chains/XLM/account/G…');
 *
 * The chain routes are the server's own (`registerChainRoutes`: the request budget, the provider rate limits, the
 * error bodies); what the whole server adds around them (security headers, the per-client API limit, the web app) is
 * not part of a family's rehearsal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Family } from '../facade.js';
import type { FetchFn } from '../failover.js';
import { checkChainEnv, type ChainServerConfig } from '../registry.js';
import { registerChainRoutes } from '../routes.js';

/**
 * Timeouts small enough that a hung provider costs a second in a test, large enough for a loaded CI machine. A suite
 * that rehearses a slow call (Horizon's synchronous submit) keeps that call class's own default.
 */
export const REHEARSAL_TIMEOUTS: Record<string, string> = {
  CHAIN_CONNECT_TIMEOUT_MS: '1500',
  CHAIN_HEALTH_TIMEOUT_MS: '1500',
  CHAIN_BREAKER_COOLDOWN_MS: '60000',
  // Every fee read reaches the stand-ins (the suites rehearse each provider's fee answers); the server's
  // feesCache.test.ts covers the mainnet default.
  CHAIN_FEES_CACHE_MS: '0',
};

export interface Rehearsal {
  app: FastifyInstance;
  get(url: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  post(url: string, json: unknown): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

/** The API's request limits as the server sets them (app.ts: BODY_LIMIT's default, the router's options). */
const SERVER_OPTIONS = {
  bodyLimit: 256 * 1024,
  routerOptions: { maxParamLength: 256, ignoreTrailingSlash: true },
} as const;

/** `family`'s chain routes (and its own endpoints) under `/api` on the mainnet profile, as the server mounts them. */
async function buildRehearsalApp(
  family: Family,
  env: Record<string, string>,
  config: ChainServerConfig,
  fetchFn: FetchFn,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, ...SERVER_OPTIONS });
  await app.register(
    async (api) => {
      registerChainRoutes(api, { config, fetch: fetchFn }, { families: [family], env });
      family.register?.(api, { config });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

const answer = (x: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
  let body: unknown = x.body;
  try {
    body = JSON.parse(x.body);
  } catch {
    // not JSON: the text itself
  }
  return { status: x.statusCode, body, headers: x.headers };
};

/**
 * Serves `family` on the mainnet profile with `env()` (evaluated in beforeAll, after the suite's stand-ins started)
 * on top of {@link REHEARSAL_TIMEOUTS}; closes it after the suite. `fetch` replaces the server's outgoing fetch (e.g. to
 * route a provider's real host name, which some settings depend on, to its stand-in).
 */
export function useRehearsal(
  family: Family,
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
      LOG_LEVEL: 'silent',
      ...REHEARSAL_TIMEOUTS,
      ...env(),
    };
    const errors = checkChainEnv(vars, [family]);
    if (errors.length) throw new Error(errors.join('\n'));
    // The family reads its variables from this, never from the process environment.
    r.app = await buildRehearsalApp(
      family,
      vars,
      { profile: 'mainnet', dataDir: vars.DATA_DIR! },
      opts.fetch ? opts.fetch() : globalThis.fetch,
    );
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
