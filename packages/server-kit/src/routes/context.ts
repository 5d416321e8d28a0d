/** What every chain route works with: the registry, and the facade of the request's chain (404 when not served). */
import type { FastifyRequest } from 'fastify';
import { parseInput } from '../errors.js';
import type { ChainFacade } from '../facade.js';
import { ChainApiError } from '../failover.js';
import { ChainParam } from '../params.js';
import type { ChainRegistry } from '../registry.js';

export interface RouteContext {
  registry: ChainRegistry<string>;
  facadeOf(req: FastifyRequest): ChainFacade;
}

/** The facade of the request's `:chain`: unknown_chain, or chain_not_configured with the settings that would serve it. */
export function facadeOf(registry: ChainRegistry<string>, req: FastifyRequest): ChainFacade {
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
}
