/**
 * XRP's own endpoints: the validated ledger and its reserves, read live from server_state; the simulation of an
 * unsigned Payment (its balance changes before signing).
 */
import { isValidXrpAddress } from '@secux-companion/chain-xrp';
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { noStore } from '@secux-companion/server-kit/params';
import type { XrpFacade } from './facade.js';

const Address = z.string().refine(isValidXrpAddress, { message: 'must be an XRP address (r…)' });
const Drops = z.string().regex(/^\d{1,17}$/, { message: 'must be drops (decimal)' });
const Uint32 = z.number().int().nonnegative().max(0xffffffff);
/** An unsigned XRP Payment as built: what `simulate` may run (nothing else is forwarded to the ledger). */
const SimulateBody = z.object({
  tx_json: z
    .object({
      TransactionType: z.literal('Payment'),
      Account: Address,
      Destination: Address,
      Amount: Drops,
      Fee: Drops,
      Sequence: Uint32,
      DestinationTag: Uint32.optional(),
      LastLedgerSequence: Uint32.optional(),
      Flags: Uint32.optional(),
    })
    .strict(),
});

export const xrpRoutes: readonly ChainRoute<XrpFacade>[] = [
  {
    method: 'GET',
    path: '/ledger',
    async handler(facade, _req, reply) {
      noStore(reply);
      return facade.ledger();
    },
  },
  {
    method: 'POST',
    path: '/simulate',
    async handler(facade, req, reply) {
      noStore(reply);
      return facade.simulate(parseInput(SimulateBody, req.body, 'body').tx_json);
    },
  },
];
