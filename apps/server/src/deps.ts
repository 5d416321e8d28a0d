/**
 * What every route module receives from buildApp (app.ts): a module of its own so route files never import app.ts
 * (which imports every route file).
 */
import type { Config } from './config.js';
import type { DbHandle } from './db/index.js';
import type { PriceService } from './prices/service.js';

export type FetchFn = typeof fetch;

export interface AppDeps {
  config: Config;
  dbh: DbHandle;
  fetch: FetchFn;
  prices: PriceService;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
