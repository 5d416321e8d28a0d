/** Request input pieces shared by the generic routes and every family's own parsing (400 on bad input). */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

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

/** Chain data changes with every block: never cached. */
export const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
