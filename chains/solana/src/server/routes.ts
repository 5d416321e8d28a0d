/**
 * Solana's own endpoints (what a send needs besides the generic ones): an address's account (exists, owner, memo
 * requirement), a mint (program, decimals, Token-2022 extensions, metadata), rent for a size, the recent priority
 * fees of the accounts a transaction writes, a simulation and the balance changes it makes, the latest blockhash and whether a blockhash is valid.
 */
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { IdParams, noStore } from '@secux-companion/server-kit/params';
import { ACCOUNT_SIZE_MAX } from './bounds.js';
import { base64Tx, solanaAddress, type SolanaFacade } from './facade.js';

const SizeParams = z.object({
  size: z
    .string()
    .regex(/^\d{1,8}$/, { message: 'must be a size in bytes' })
    .transform(Number)
    .refine((n) => n <= ACCOUNT_SIZE_MAX, { message: `must be at most ${ACCOUNT_SIZE_MAX}` }),
});
const PriorityBody = z.object({
  accounts: z.array(solanaAddress).max(128, { message: 'at most 128 accounts' }),
});
const SimulateBody = z.object({ tx: base64Tx });

export const solanaRoutes: readonly ChainRoute<SolanaFacade>[] = [
  {
    method: 'GET',
    path: '/address/:id',
    async handler(f, req, reply) {
      noStore(reply);
      return f.addressInfo(parseInput(IdParams, req.params, 'path').id);
    },
  },
  {
    method: 'GET',
    path: '/mint/:id',
    async handler(f, req) {
      return f.mint(parseInput(IdParams, req.params, 'path').id);
    },
  },
  {
    method: 'GET',
    path: '/rent/:size',
    async handler(f, req) {
      return f.rent(parseInput(SizeParams, req.params, 'path').size);
    },
  },
  {
    method: 'POST',
    path: '/priority-fees',
    async handler(f, req, reply) {
      noStore(reply);
      return f.priorityFees(parseInput(PriorityBody, req.body, 'body').accounts);
    },
  },
  {
    method: 'POST',
    path: '/simulate',
    async handler(f, req) {
      return f.simulate(parseInput(SimulateBody, req.body, 'body').tx);
    },
  },
  {
    method: 'POST',
    path: '/simulate-changes',
    async handler(f, req, reply) {
      noStore(reply);
      return f.simulateChanges(parseInput(SimulateBody, req.body, 'body').tx);
    },
  },
  {
    method: 'GET',
    path: '/blockhash',
    async handler(f, _req, reply) {
      noStore(reply);
      return f.blockhash();
    },
  },
  {
    method: 'GET',
    path: '/blockhash/:id',
    async handler(f, req, reply) {
      noStore(reply);
      return f.blockhashStatus(parseInput(IdParams, req.params, 'path').id);
    },
  },
];
