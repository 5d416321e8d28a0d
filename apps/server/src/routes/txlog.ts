/**
 * POST /api/txlog {hash, chain, context}: stores the broadcast context. Never stores the client IP;
 * idempotent per hash (a repeat returns 200 with duplicate:true).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { nowIso } from '../db/index.js';
import { parseInput } from '../errors.js';

const TxLogBody = z.object({
  hash: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_-]{8,200}$/, { message: 'must be 8-200 letters, digits, : _ -' }),
  chain: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, _ -' }),
  context: z.record(z.string(), z.unknown()).default({}),
});

const IP_KEYS = /^(ip|ips|clientip|client_ip|remoteaddress|remote_address|x-forwarded-for|x-real-ip)$/i;

/** Drops IP-like keys anywhere in the context (defence in depth; the server never adds one). */
export function stripIps(v: unknown, depth = 0): unknown {
  if (depth > 20) return null;
  if (Array.isArray(v)) return v.map((x) => stripIps(x, depth + 1));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (!IP_KEYS.test(k)) out[k] = stripIps(x, depth + 1);
    return out;
  }
  return v;
}

export function registerTxLogRoutes(api: FastifyInstance, { dbh }: AppDeps): void {
  api.post('/txlog', async (req, reply) => {
    const body = parseInput(TxLogBody, req.body, 'body');
    const context = JSON.stringify(stripIps(body.context));
    const r = await dbh.db
      .insertInto('tx_log')
      .values({ hash: body.hash, chain: body.chain.toUpperCase(), context, created_at: nowIso() })
      .onConflict((oc) => oc.column('hash').doNothing())
      .executeTakeFirst();
    const inserted = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    return reply.status(inserted ? 201 : 200).send({ ok: true, hash: body.hash, duplicate: !inserted });
  });
}
