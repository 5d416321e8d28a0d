/**
 * Chain data endpoints under /api/chains (spec 02 §7; documented with examples in apps/server/CHAINS.md).
 * The endpoints every family answers are here, through the `ChainFacade` interface (facade.ts); a family's own
 * endpoints come from its `routes` (families/<family>/routes.ts) and are registered here once for every family, so
 * this module names no family. Every input is validated (400 with the bad fields); upstream failures answer
 * 404 / 422 / 429 / 502 / 503 with the one error body (`ChainErrorBody`) and never a made-up zero balance.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, parseInput } from './errors.js';
import type { ChainFacade, ChainRoute, Family } from './facade.js';
import { ChainApiError, withBudget, type FetchFn } from './failover.js';
import { FeesCache } from './feesCache.js';
import { ChainParam, IdParams, noStore } from './params.js';
import { createChainRegistry, type ChainRegistry, type ChainServerConfig } from './registry.js';
import type { BroadcastAnswer, ChainErrorBody } from './types.js';

export interface ChainRouteOptions {
  /** Inject a registry (tests); default: built from the config and the environment. */
  registry?: ChainRegistry<string>;
  /** The families served when no registry is given (the root gives the manifest's). */
  families?: readonly Family[];
  env?: Record<string, string | undefined>;
}

/** `/tx-status/:hash`: the family checks the hash's syntax (400). */
const HashParams = ChainParam.extend({ hash: z.string().min(1).max(200) });

const RpcBody = z.object({
  jsonrpc: z.string().max(10).optional(),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  method: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, { message: 'must be a method name' }),
  params: z.array(z.unknown()).max(20).default([]),
});

/** A family's route bound to its family: runs for the family's chains, `undefined` for other families' chains. */
type BoundRoute = (f: ChainFacade, req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;
const bind =
  <F extends ChainFacade>(family: Family<F>, route: ChainRoute<F>): BoundRoute =>
  (f, req, reply) =>
    family.owns(f) ? route.handler(f, req, reply) : undefined;

export function registerChainRoutes(
  api: FastifyInstance,
  deps: { config: ChainServerConfig; fetch: FetchFn },
  opts: ChainRouteOptions = {},
): void {
  api.register(async (scope) => {
    const registry: ChainRegistry<string> =
      opts.registry ??
      createChainRegistry({
        families:
          opts.families ??
          (() => {
            throw new Error('registerChainRoutes: give the families to serve (or a registry)');
          })(),
        config: deps.config,
        fetch: deps.fetch,
        env: opts.env,
        log: { warn: (obj, msg) => scope.log.warn(obj, msg) },
      });
    // Every chain request ends within the budget (below the browser's timeout), whatever its providers do.
    const budget = registry.budgetMs;
    if (budget)
      // The request's budget, and who asked: each client's share of the providers' token buckets (rateLimit.ts).
      scope.addHook('preHandler', (req, _reply, done) => {
        withBudget(budget, done, req.ip);
      });

    scope.setErrorHandler((err: Error & { statusCode?: number }, req, reply) => {
      // An error answer is never cached (a route may have allowed caching its answer before it failed, e.g. fees).
      noStore(reply);
      if (err instanceof ChainApiError) {
        if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
        if (err.statusCode >= 500) req.log.warn({ code: err.code, chain: err.extra.chain }, err.message);
        const body: ChainErrorBody = {
          error: err.message,
          code: err.code,
          statusCode: err.statusCode,
          ...err.extra,
        };
        return reply.status(err.statusCode).send(body);
      }
      const status =
        typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
          ? err.statusCode
          : 500;
      if (status === 500) {
        req.log.error({ err }, 'chain request failed');
        const body: ChainErrorBody = { error: 'Internal Server Error', code: 'internal', statusCode: 500 };
        return reply.status(500).send(body);
      }
      const extra = err instanceof HttpError ? err.extra : undefined;
      const body: ChainErrorBody = {
        error: err.message,
        code: status === 400 ? 'bad_request' : 'client_error',
        statusCode: status,
        ...extra,
      };
      return reply.status(status).send(body);
    });

    const facadeOf = (req: FastifyRequest): ChainFacade => {
      const { chain } = parseInput(ChainParam, req.params, 'chain');
      const f = registry.get(chain);
      if (f) return f;
      const sym = chain.toUpperCase();
      // A chain of a family that this configuration does not serve: which settings would serve it (names only).
      const why = registry.unserved().find((u) => u.chain === sym);
      if (why)
        throw new ChainApiError(
          404,
          'chain_not_configured',
          why.settings.length
            ? `chain ${sym} is not configured on this server (settings: ${why.settings.join(', ')})`
            : `chain ${sym} is not configured on this server`,
          { chain: sym, reason: why.reason, settings: why.settings },
        );
      throw new ChainApiError(404, 'unknown_chain', `chain ${sym} is not served by this server`, {
        chain: sym,
      });
    };

    scope.get('/chains', async (_req, reply) => {
      noStore(reply);
      return { chains: registry.list(), unserved: registry.unserved() };
    });

    scope.get('/chains/:chain', async (req, reply) => {
      const f = facadeOf(req);
      noStore(reply);
      return f.describe(registry.list().find((c) => c.chain === f.chain)?.source);
    });

    // getAccount: an address (or what else the family takes as an account id, e.g. an xpub).
    scope.get('/chains/:chain/account/:id', async (req, reply) => {
      const f = facadeOf(req);
      const { id } = parseInput(IdParams, req.params, 'path');
      noStore(reply);
      return f.account(id, req.query);
    });

    // getHistory with a cursor (opaque; from the previous page).
    scope.get('/chains/:chain/history/:id', async (req, reply) => {
      const f = facadeOf(req);
      const { id } = parseInput(IdParams, req.params, 'path');
      noStore(reply);
      return f.history(id, req.query);
    });

    // A fee answer is served again for a short while (CHAIN_FEES_CACHE_MS): one session reads it several times.
    const feesCache = registry.feesCacheMs ? new FeesCache(registry.feesCacheMs) : undefined;
    scope.get('/chains/:chain/fees', async (req, reply) => {
      const f = facadeOf(req);
      reply.header('cache-control', 'public, max-age=10');
      return feesCache ? feesCache.fees(f) : f.fees();
    });

    // broadcastTransaction: the signed transaction as the family writes it.
    scope.post('/chains/:chain/broadcast', async (req, reply) => {
      const f = facadeOf(req);
      const { rawTx } = parseInput(z.object({ rawTx: f.rawTx }), req.body, 'body');
      noStore(reply);
      // Accepted is not final on any chain: the client follows the transaction with /tx-status until it is.
      const r = await f.broadcast(rawTx);
      const answer: BroadcastAnswer = { ...r, state: 'pending' };
      return answer;
    });

    // The chain's own finality signal for a broadcast transaction (pending, confirmed, failed, unknown).
    scope.get('/chains/:chain/tx-status/:hash', async (req, reply) => {
      const f = facadeOf(req);
      const { hash } = parseInput(HashParams, req.params, 'path');
      noStore(reply);
      return f.txStatus(hash);
    });

    // Per-coin node proxy: the family's allow-listed JSON-RPC methods, forwarded only to the chain's configured nodes.
    scope.post('/chains/:chain/rpc', async (req, reply) => {
      const f = facadeOf(req);
      const body = parseInput(RpcBody, req.body, 'body');
      if (!f.rpcMethods.has(body.method))
        throw new HttpError(400, `method not allowed: ${body.method}`, { allowed: [...f.rpcMethods] });
      noStore(reply);
      const id = body.id ?? null;
      try {
        const result = await f.rpc(body.method, body.params);
        return { jsonrpc: '2.0', id, result };
      } catch (e) {
        // The node's own answer (rejected transaction, bad params, revert) is passed back as a JSON-RPC error.
        if (
          e instanceof ChainApiError &&
          (e.code === 'rejected' || e.code === 'bad_request' || e.code === 'not_found')
        ) {
          return { jsonrpc: '2.0', id, error: { code: e.extra.upstreamCode ?? -32000, message: e.message } };
        }
        throw e;
      }
    });

    // The families' own endpoints: one Fastify route per path, run by the family that serves the chain. A path two
    // families declare runs each one's handler for its own chains; another family's chain is a 400.
    const byPath = new Map<
      string,
      { method: ChainRoute['method']; url: string; families: Family[]; run: BoundRoute[] }
    >();
    for (const family of registry.families)
      for (const route of family.routes) {
        const key = `${route.method} ${route.path}`;
        const entry = byPath.get(key) ?? {
          method: route.method,
          url: `/chains/:chain${route.path}`,
          families: [],
          run: [],
        };
        entry.families.push(family);
        entry.run.push(bind(family, route));
        byPath.set(key, entry);
      }
    for (const { method, url, families, run } of byPath.values())
      scope.route({
        method,
        url,
        handler: async (req, reply) => {
          const f = facadeOf(req);
          for (const r of run) {
            const answer = r(f, req, reply);
            if (answer) return answer;
          }
          throw new HttpError(400, families[0]!.notMine(f.chain));
        },
      });
  });
}
