/** XRP's own endpoint: the validated ledger and its reserves, read live from server_state. */
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { noStore } from '@secux-companion/server-kit/params';
import type { XrpFacade } from './facade.js';

export const xrpRoutes: readonly ChainRoute<XrpFacade>[] = [
  {
    method: 'GET',
    path: '/ledger',
    async handler(facade, _req, reply) {
      noStore(reply);
      return facade.ledger();
    },
  },
];
