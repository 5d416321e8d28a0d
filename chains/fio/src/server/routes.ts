/**
 * FIO's own endpoints: TAPOS reference, ABIs, fees per end point, names, availability and mapped addresses; the
 * payment requests sent and received by a key, and a key's staking view (APR, vote / proxy, unstake lock).
 */
import type { FastifyRequest } from 'fastify';
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { noStore } from '@secux-companion/server-kit/params';
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
    path: '/fio/requests/:key/sent',
    async handler(f, req, reply) {
      noStore(reply);
      return f.requests(param(req, 'key'), 'sent');
    },
  },
  {
    method: 'GET',
    path: '/fio/requests/:key/received',
    async handler(f, req, reply) {
      noStore(reply);
      return f.requests(param(req, 'key'), 'received');
    },
  },
  {
    method: 'GET',
    path: '/fio/staking/:key',
    async handler(f, req, reply) {
      noStore(reply);
      return f.staking(param(req, 'key'));
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
