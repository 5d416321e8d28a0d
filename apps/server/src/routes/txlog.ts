/**
 * POST /api/txlog {hash, chain, context}: stores what the web app knows of a broadcast (send/txFlow.ts broadcastWith
 * with each family's context: families/{bitcoin,evm}/send/*Flow.ts). Never stores the client IP; idempotent per hash
 * (a repeat answers 200 with duplicate:true).
 *
 * It cannot fill the disk: the body is a strict schema (only the fields the app sends, each with a size limit, so a
 * row is a few KB at most; anything else is a 400), rows older than TXLOG_RETENTION_DAYS or beyond the newest
 * TXLOG_MAX_ROWS are deleted (at start, every 10 minutes and as rows are written), and each client may post
 * TXLOG_DAILY_CAP times a day (then 429).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TXLOG_ERROR_MAX_CHARS } from '@secux-companion/core';
import type { Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import { nowIso, type Db } from '../db/index.js';
import { HttpError, parseInput } from '@secux-companion/server-kit/errors';

/** Text of at most `max` characters, without control characters other than tab and line breaks. */
const text = (max: number) =>
  z
    .string()
    .max(max, { message: `must be at most ${max} characters` })
    .refine((v) => !/[^\P{Cc}\t\n\r]/u.test(v), { message: 'must not contain control characters' });
/** A non-negative integer amount in the smallest unit, as decimal digits (2^256 has 78). */
const units = z.string().regex(/^\d{1,80}$/, { message: 'must be a whole number (at most 80 digits)' });
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Every key the web app puts in a context (bitcoin: send/rbf/cpfp; EVM: coin/token/nft), and the outcome. */
const TxLogContext = z.strictObject({
  kind: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, _ -' })
    .optional(),
  network: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, _ -' })
    .optional(),
  chainId: count.optional(),
  /** The account's derivation path. */
  from: text(128).optional(),
  bip: count.optional(),
  to: text(256).optional(),
  amount: units.optional(),
  fee: units.optional(),
  feeRate: z.number().min(0).max(1e12).optional(),
  nonce: count.optional(),
  relatedTx: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,200}$/, { message: 'must be a transaction hash' })
    .nullable()
    .optional(),
  result: z.enum(['state-010', 'err-08']).optional(),
  /** The node's words when the broadcast failed. */
  error: text(TXLOG_ERROR_MAX_CHARS).optional(),
});

const TxLogBody = z.strictObject({
  hash: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_-]{8,200}$/, { message: 'must be 8-200 letters, digits, : _ -' }),
  chain: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, _ -' }),
  context: TxLogContext.default({}),
});

/**
 * Deletes rows older than maxAgeMs and all but the newest maxRows (by id, which only grows). Safe to run from several
 * instances at once (each delete is idempotent). Returns the number of rows deleted.
 */
export async function pruneTxLog(
  db: Db,
  { maxAgeMs, maxRows }: Pick<Config['txLog'], 'maxAgeMs' | 'maxRows'>,
  now = Date.now(),
): Promise<number> {
  const cutoff = new Date(now - maxAgeMs).toISOString();
  const old = await db.deleteFrom('tx_log').where('created_at', '<', cutoff).executeTakeFirst();
  let deleted = Number(old.numDeletedRows ?? 0);
  const oldestKept = await db
    .selectFrom('tx_log')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(maxRows - 1)
    .executeTakeFirst();
  if (oldestKept) {
    const r = await db.deleteFrom('tx_log').where('id', '<', oldestKept.id).executeTakeFirst();
    deleted += Number(r.numDeletedRows ?? 0);
  }
  return deleted;
}

const SWEEP_INTERVAL_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export function registerTxLogRoutes(api: FastifyInstance, { dbh, config }: AppDeps): void {
  const limits = config.txLog;
  // Between two sweeps an instance writes at most 1% of maxRows (or 1 row when maxRows < 200).
  const sweepEvery = Math.max(1, Math.floor(limits.maxRows / 100));
  let writtenSinceSweep = 0;
  const sweep = async () => {
    writtenSinceSweep = 0;
    try {
      await pruneTxLog(dbh.db, limits);
    } catch (err) {
      api.log.warn({ err }, 'transaction log retention sweep failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  api.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  api.addHook('onClose', async () => clearInterval(timer));

  // Per client (the IP as TRUST_PROXY resolves it, kept in memory only) and per instance.
  const dailyCap =
    limits.dailyCap > 0 && api.hasDecorator('rateLimit')
      ? api.rateLimit({
          max: limits.dailyCap,
          timeWindow: DAY_MS,
          errorResponseBuilder: () =>
            new HttpError(429, `transaction log limit reached (${limits.dailyCap} a day), retry tomorrow`),
        })
      : undefined;

  api.post('/txlog', { ...(dailyCap ? { preHandler: dailyCap } : {}) }, async (req, reply) => {
    const body = parseInput(TxLogBody, req.body, 'body');
    const r = await dbh.db
      .insertInto('tx_log')
      .values({
        hash: body.hash,
        chain: body.chain.toUpperCase(),
        context: JSON.stringify(body.context),
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('hash').doNothing())
      .executeTakeFirst();
    const inserted = Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
    if (inserted && ++writtenSinceSweep >= sweepEvery) await sweep();
    return reply.status(inserted ? 201 : 200).send({ ok: true, hash: body.hash, duplicate: !inserted });
  });
}
