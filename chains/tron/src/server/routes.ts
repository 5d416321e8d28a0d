/** TRON's own endpoints: the chain's prices, the current block, energy estimates, token lookups and a transaction's receipt. */
import type { FastifyRequest } from 'fastify';
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { noStore } from '@secux-companion/server-kit/params';
import type { TronFacade } from './facade.js';

export const tronRoutes: readonly ChainRoute<TronFacade>[] = [
  {
    method: 'GET',
    path: '/params',
    async handler(facade, _req, reply) {
      noStore(reply);
      return facade.params();
    },
  },
  {
    method: 'GET',
    path: '/block',
    async handler(facade, _req, reply) {
      noStore(reply);
      return facade.block();
    },
  },
  {
    method: 'POST',
    path: '/estimate',
    async handler(facade, req, reply) {
      noStore(reply);
      return facade.estimate(req.body);
    },
  },
  {
    method: 'GET',
    path: '/token/:contract',
    async handler(facade, req: FastifyRequest, reply) {
      noStore(reply);
      const { contract } = req.params as { contract?: string };
      return facade.token(String(contract ?? ''), req.query);
    },
  },
  {
    method: 'GET',
    path: '/tx/:txid',
    async handler(facade, req: FastifyRequest, reply) {
      noStore(reply);
      const { txid } = req.params as { txid?: string };
      return facade.tx(String(txid ?? ''));
    },
  },
];
