/** Request input pieces shared by the generic routes and every family's own parsing (400 on bad input). */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { parseInput } from './errors.js';

/** History page size when the client names none. */
export const DEFAULT_HISTORY_PAGE = 10;

export const pageSize = z
  .string()
  .regex(/^\d{1,3}$/, { message: 'must be a number 1-100' })
  .transform(Number)
  .refine((n) => n >= 1 && n <= 100, { message: 'must be between 1 and 100' })
  .optional();
export const cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,512}$/, { message: 'must be a cursor returned by a previous page' })
  .optional();
export const boolQ = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional();
/** A signed transaction as hex (with or without 0x). */
export const hexTx = z
  .string()
  .trim()
  .max(800_000, { message: 'is too large' })
  .regex(/^(0x)?([0-9a-fA-F]{2})+$/, { message: 'must be the signed transaction as hex' });

export const ChainParam = z.object({
  chain: z.string().regex(/^[A-Za-z0-9-]{2,20}$/, { message: 'must be a chain symbol' }),
});
/** `/…/:id` (an address, an extended key, …: the family parses it). */
export const IdParams = ChainParam.extend({ id: z.string().min(1).max(200) });

/** The `:id` path segment parsed by the family's schema (400 naming `id` when it does not fit). */
export function parseId<S extends z.ZodType>(schema: S, id: string): z.output<S> {
  return (parseInput(z.object({ id: schema }), { id }, 'params') as { id: z.output<S> }).id;
}

/**
 * A `/tx-status/:hash` hash of 32 bytes as 64 hex digits, as given (the family picks the case its chain spells);
 * `what` names it in the 400 message ("must be a txid (64 hex digits)").
 */
export function parseHexHash(id: string, what: string): string {
  const hash = z.string().regex(/^[0-9a-fA-F]{64}$/, { message: `must be ${what} (64 hex digits)` });
  return parseInput(z.object({ hash }), { hash: id }, 'params').hash;
}

/** Chain data changes with every block: never cached. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
