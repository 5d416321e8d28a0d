/**
 * The server's chain registry and routes over the manifest's families (the kit's are family-agnostic: the root
 * injects the families here).
 */
import type { FastifyInstance } from 'fastify';
import type { Family } from '@secux-companion/server-kit/facade';
import {
  chainEnvKeys,
  checkChainEnv as checkEnv,
  createChainRegistry as createRegistry,
  type ChainRegistry,
  type RegistryOptions,
} from '@secux-companion/server-kit/registry';
import {
  registerChainRoutes as registerRoutes,
  type ChainRouteOptions,
} from '@secux-companion/server-kit/routes';
import type { Env } from '@secux-companion/server-kit/env';
import { FAMILIES } from './families.js';

export { FAMILIES };
export type { ChainRegistry };

/** Every variable the chain families read (for documentation and `checkChainEnv`). */
export const CHAIN_ENV_KEYS = chainEnvKeys(FAMILIES);

/** Validates the chain variables; returns one line per problem (empty when fine). */
export const checkChainEnv = (env: Env, families: readonly Family[] = FAMILIES): string[] =>
  checkEnv(env, families);

/** The registry of the given families (tests), by default of every family of the manifest. */
export function createChainRegistry<Fam extends Family = Family>(
  o: Omit<RegistryOptions<Fam>, 'families'> & { families?: readonly Fam[] },
): ChainRegistry<Fam['id']> {
  return createRegistry<Fam>({ ...o, families: o.families ?? (FAMILIES as readonly Fam[]) });
}

export function registerChainRoutes(
  api: FastifyInstance,
  deps: Parameters<typeof registerRoutes>[1],
  opts: ChainRouteOptions = {},
): void {
  registerRoutes(api, deps, { families: FAMILIES, ...opts });
}
