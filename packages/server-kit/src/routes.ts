/**
 * Chain data endpoints under /api/chains (spec 02 §7; documented with examples in apps/server/CHAINS.md).
 * The endpoints every family answers are here, through the `ChainFacade` interface (facade.ts); a family's own
 * endpoints come from its `routes` (families/<family>/routes.ts) and are registered here once for every family, so
 * this module names no family. Every input is validated (400 with the bad fields); upstream failures answer
 * 404 / 422 / 429 / 502 / 503 with the one error body (`ChainErrorBody`) and never a made-up zero balance.
 *
 * Its parts live in ./routes/: the request's chain, the error body, the read and transaction endpoints, and the
 * families' own endpoints.
 */
import type { FastifyInstance } from 'fastify';
import type { Family } from './facade.js';
import { withBudget, type FetchFn } from './failover.js';
import { createChainRegistry, type ChainRegistry, type ChainServerConfig } from './registry.js';
import { facadeOf, type RouteContext } from './routes/context.js';
import { chainErrorHandler } from './routes/errorHandler.js';
import { registerFamilyRoutes } from './routes/familyRoutes.js';
import { registerReadRoutes } from './routes/reads.js';
import { registerTransactionRoutes } from './routes/transactions.js';

export interface ChainRouteOptions {
  /** Inject a registry (tests); default: built from the config and the environment. */
  registry?: ChainRegistry<string>;
  /** The families served when no registry is given (the root gives the manifest's). */
  families?: readonly Family[];
  env?: Record<string, string | undefined>;
  /** The remote config's extra RPCs as they are now (RegistryOptions.extraRpcs). */
  extraRpcs?: () => Readonly<Record<string, readonly string[]>>;
}

type Deps = { config: ChainServerConfig; fetch: FetchFn };

/** The given registry, or one built from the config, the environment and the given families. */
function registryOf(scope: FastifyInstance, deps: Deps, opts: ChainRouteOptions): ChainRegistry<string> {
  return (
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
      ...(opts.extraRpcs ? { extraRpcs: opts.extraRpcs } : {}),
      log: { warn: (obj, msg) => scope.log.warn(obj, msg) },
    })
  );
}

export function registerChainRoutes(api: FastifyInstance, deps: Deps, opts: ChainRouteOptions = {}): void {
  api.register(async (scope) => {
    const registry = registryOf(scope, deps, opts);
    // Every chain request ends within the budget (below the browser's timeout), whatever its providers do.
    const budget = registry.budgetMs;
    if (budget)
      // The request's budget, and who asked: each client's share of the providers' token buckets (rateLimit.ts).
      scope.addHook('preHandler', (req, _reply, done) => {
        withBudget(budget, done, req.ip);
      });
    scope.setErrorHandler(chainErrorHandler);
    const ctx: RouteContext = { registry, facadeOf: (req) => facadeOf(registry, req) };
    registerReadRoutes(scope, ctx);
    registerTransactionRoutes(scope, ctx);
    registerFamilyRoutes(scope, ctx);
  });
}
