/**
 * The chain routes of a few families on a loopback port, as the server mounts them under `/api` (tests that drive a
 * local chain or simulator through the product API: the families' simulator and finality suites).
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Family } from '../facade.js';
import { createChainRegistry } from '../registry.js';
import { registerChainRoutes } from '../routes.js';

export interface ChainServer {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>/api` */
  base: string;
}

export async function serveChains(o: {
  env: Record<string, string>;
  families: Family[];
  profile?: 'mainnet' | 'local';
  dataDir?: string;
}): Promise<ChainServer> {
  const registry = createChainRegistry({
    config: { profile: o.profile ?? 'mainnet', dataDir: o.dataDir ?? '/nonexistent' },
    fetch,
    env: o.env,
    families: o.families,
  });
  const app = Fastify({ logger: false, routerOptions: { maxParamLength: 256 } }); // as in app.ts
  await app.register(
    async (api) =>
      registerChainRoutes(
        api,
        { config: { profile: o.profile ?? 'mainnet', dataDir: o.dataDir ?? '/nonexistent' }, fetch },
        { registry },
      ),
    {
      prefix: '/api',
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api` };
}
