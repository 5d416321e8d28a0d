/** FIO's own endpoints: TAPOS reference, ABIs, fees per end point, names, availability and mapped addresses. */
import type { FastifyRequest } from 'fastify';
import type { ChainRoute } from '../../facade.js';
import { noStore } from '../../params.js';
import type { FioFacade } from './facade.js';

const param = (req: FastifyRequest, k: string): string =>
  String((req.params as Record<string, unknown>)[k] ?? '');

export const fioRoutes: readonly ChainRoute<FioFacade>[] = [
  {
    method: 'GET',
    path: '/fio/chain',
    async handler(f, _req, reply) {
      noStore(reply);
      return f.chainRef();
    },
  },
  { method: 'GET', path: '/fio/abi/:account', handler: (f, req) => f.abi(param(req, 'account')) },
  {
    method: 'GET',
    path: '/fio/fee/:endPoint',
    async handler(f, req, reply) {
      noStore(reply);
      const q = req.query as Record<string, unknown>;
      return f.fee(param(req, 'endPoint'), typeof q.fioAddress === 'string' ? q.fioAddress : '');
    },
  },
  {
    method: 'GET',
    path: '/fio/names/:id',
    async handler(f, req, reply) {
      noStore(reply);
      return f.names(param(req, 'id'));
    },
  },
  {
    method: 'GET',
    path: '/fio/avail/:name',
    async handler(f, req, reply) {
      noStore(reply);
      return f.avail(param(req, 'name'));
    },
  },
  {
    method: 'GET',
    path: '/fio/pub-addresses/:handle',
    async handler(f, req, reply) {
      noStore(reply);
      return f.publicAddresses(param(req, 'handle'));
    },
  },
  {
    method: 'GET',
    path: '/fio/pub-address/:handle',
    async handler(f, req, reply) {
      noStore(reply);
      return f.publicAddress(param(req, 'handle'), req.query);
    },
  },
];
