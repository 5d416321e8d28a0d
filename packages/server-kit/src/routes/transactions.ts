/** The transaction endpoints every family answers: broadcast, tx-status, and the per-coin node proxy. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError, parseInput } from '../errors.js';
import { ChainApiError } from '../failover.js';
import { ChainParam, noStore } from '../params.js';
import type { BroadcastAnswer } from '../types.js';
import type { RouteContext } from './context.js';

/** `/tx-status/:hash`: the family checks the hash's syntax (400). */
const HashParams = ChainParam.extend({ hash: z.string().min(1).max(200) });

const RpcBody = z.object({
  jsonrpc: z.string().max(10).optional(),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  method: z.string().regex(/^[A-Za-z0-9_]{1,64}$/, { message: 'must be a method name' }),
  params: z.array(z.unknown()).max(20).default([]),
});

export function registerTransactionRoutes(scope: FastifyInstance, { facadeOf }: RouteContext): void {
  // broadcastTransaction: the signed transaction as the family writes it.
  scope.post('/chains/:chain/broadcast', async (req, reply) => {
    const f = facadeOf(req);
    const { rawTx } = parseInput(z.object({ rawTx: f.rawTx }), req.body, 'body');
    noStore(reply);
    // Accepted is not final on any chain: the client follows the transaction with /tx-status until it is.
    const r = await f.broadcast(rawTx);
    const answer: BroadcastAnswer = { ...r, state: 'pending' };
    return answer;
  });

  // The chain's own finality signal for a broadcast transaction (pending, confirmed, failed, unknown).
  scope.get('/chains/:chain/tx-status/:hash', async (req, reply) => {
    const f = facadeOf(req);
    const { hash } = parseInput(HashParams, req.params, 'path');
    noStore(reply);
    return f.txStatus(hash);
  });

  // Per-coin node proxy: the family's allow-listed JSON-RPC methods, forwarded only to the chain's configured nodes.
  scope.post('/chains/:chain/rpc', async (req, reply) => {
    const f = facadeOf(req);
    const body = parseInput(RpcBody, req.body, 'body');
    if (!f.rpcMethods.has(body.method))
      throw new HttpError(400, `method not allowed: ${body.method}`, { allowed: [...f.rpcMethods] });
    noStore(reply);
    const id = body.id ?? null;
    try {
      const result = await f.rpc(body.method, body.params);
      return { jsonrpc: '2.0', id, result };
    } catch (e) {
      // The node's own answer (rejected transaction, bad params, revert) is passed back as a JSON-RPC error.
      if (
        e instanceof ChainApiError &&
        (e.code === 'rejected' || e.code === 'bad_request' || e.code === 'not_found')
      ) {
        return { jsonrpc: '2.0', id, error: { code: e.extra.upstreamCode ?? -32000, message: e.message } };
      }
      throw e;
    }
  });
}
