/**
 * The bounds-by-meaning check every family's bounds.test.ts makes (issue 29): a provider that lies (an amount above
 * the coin's supply, a fee out of the chain's range) is asked through the real routes on the mainnet profile —
 * alone, then before an honest one — with fake upstreams on loopback (servers.ts).
 */
import Fastify from 'fastify';
import type { Family } from '../facade.js';
import { createChainRegistry } from '../registry.js';
import { registerChainRoutes } from '../routes.js';
import { startServer, type Handler, type Req, type Res } from './servers.js';

/** Small timeouts: nothing here waits for a real one (the fakes answer at once). */
const TIMEOUTS = {
  CHAIN_CONNECT_TIMEOUT_MS: '2000',
  CHAIN_PROVIDER_TIMEOUT_MS: '3000',
  CHAIN_REQUEST_BUDGET_MS: '8000',
  CHAIN_FEES_BUDGET_MS: '4000',
};

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface LiarCase {
  family: Family;
  /** The chain variables that name the upstreams, in order (e.g. `{ CHAIN_XRP_RIPPLED: urls.join(',') }`). */
  env(urls: string[]): Record<string, string>;
  honest: Handler;
  liar: Handler;
  /** `GET` this route. */
  url: string;
}

/** A fake's JSON body, loosely typed: the lies reach into it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A handler whose JSON answers are rewritten: `lie(request, body)` changes the honest body in place. */
export const lying =
  (honest: Handler, lie: (r: Req, body: Json) => void): Handler =>
  async (r) => {
    const a: Res = await honest(r);
    const body = structuredClone(a.body);
    lie(r, body);
    return { ...a, body };
  };

async function ask(c: LiarCase, urls: string[]): Promise<Answer> {
  const registry = createChainRegistry({
    config: { profile: 'mainnet', dataDir: '/nonexistent' },
    fetch,
    env: { ...TIMEOUTS, ...c.env(urls) },
    families: [c.family],
  });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } });
  await app.register(async (api) => registerChainRoutes(api, { config: {} as never, fetch }, { registry }), {
    prefix: '/api',
  });
  await app.ready();
  try {
    const r = await app.inject({ method: 'GET', url: c.url });
    return { status: r.statusCode, body: r.json() as Record<string, unknown> };
  } finally {
    await app.close();
  }
}

/** The answers with the liar alone and with the liar before an honest upstream. */
export async function liarFirst(c: LiarCase): Promise<{ alone: Answer; first: Answer }> {
  const liar = await startServer(c.liar);
  const honest = await startServer(c.honest);
  try {
    const alone = await ask(c, [liar.url]);
    const first = await ask(c, [liar.url, honest.url]);
    return { alone, first };
  } finally {
    await Promise.all([liar.close(), honest.close()]);
  }
}
