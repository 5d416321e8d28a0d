/**
 * The families' own endpoints: one Fastify route per path, run by the family that serves the chain. A path two
 * families declare runs each one's handler for its own chains; another family's chain is a 400.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import type { ChainFacade, ChainRoute, Family } from '../facade.js';
import type { RouteContext } from './context.js';

/** A family's route bound to its family: runs for the family's chains, `undefined` for other families' chains. */
type BoundRoute = (f: ChainFacade, req: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;
const bind =
  <F extends ChainFacade>(family: Family<F>, route: ChainRoute<F>): BoundRoute =>
  (f, req, reply) =>
    family.owns(f) ? route.handler(f, req, reply) : undefined;

type PathRoutes = { method: ChainRoute['method']; url: string; families: Family[]; run: BoundRoute[] };

/** The families' routes grouped by method and path. */
function byPath(families: readonly Family[]): Map<string, PathRoutes> {
  const paths = new Map<string, PathRoutes>();
  for (const family of families)
    for (const route of family.routes) {
      const key = `${route.method} ${route.path}`;
      const entry = paths.get(key) ?? {
        method: route.method,
        url: `/chains/:chain${route.path}`,
        families: [],
        run: [],
      };
      entry.families.push(family);
      entry.run.push(bind(family, route));
      paths.set(key, entry);
    }
  return paths;
}

export function registerFamilyRoutes(scope: FastifyInstance, { registry, facadeOf }: RouteContext): void {
  for (const { method, url, families, run } of byPath(registry.families).values())
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
}
