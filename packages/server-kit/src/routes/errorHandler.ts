/** The one error body (`ChainErrorBody`) of every chain route: a chain error, a client error (4xx) or a 500. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors.js';
import { ChainApiError } from '../failover.js';
import { noStore } from '../params.js';
import type { ChainErrorBody } from '../types.js';

export function chainErrorHandler(
  err: Error & { statusCode?: number },
  req: FastifyRequest,
  reply: FastifyReply,
) {
  // An error answer is never cached (a route may have allowed caching its answer before it failed, e.g. fees).
  noStore(reply);
  if (err instanceof ChainApiError) {
    if (err.extra.retryAfter) reply.header('retry-after', String(err.extra.retryAfter));
    if (err.statusCode >= 500) req.log.warn({ code: err.code, chain: err.extra.chain }, err.message);
    const body: ChainErrorBody = {
      error: err.message,
      code: err.code,
      statusCode: err.statusCode,
      ...err.extra,
    };
    return reply.status(err.statusCode).send(body);
  }
  const status =
    typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500
      ? err.statusCode
      : 500;
  if (status === 500) {
    req.log.error({ err }, 'chain request failed');
    const body: ChainErrorBody = { error: 'Internal Server Error', code: 'internal', statusCode: 500 };
    return reply.status(500).send(body);
  }
  const extra = err instanceof HttpError ? err.extra : undefined;
  const body: ChainErrorBody = {
    error: err.message,
    code: status === 400 ? 'bad_request' : 'client_error',
    statusCode: status,
    ...extra,
  };
  return reply.status(status).send(body);
}
