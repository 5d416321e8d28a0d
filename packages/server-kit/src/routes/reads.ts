/** The read endpoints every family answers: the chain list, a chain, an account, its history, the fees. */
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../errors.js';
import { FeesCache } from '../feesCache.js';
import { IdParams, noStore } from '../params.js';
import type { RouteContext } from './context.js';

export function registerReadRoutes(scope: FastifyInstance, { registry, facadeOf }: RouteContext): void {
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
}
