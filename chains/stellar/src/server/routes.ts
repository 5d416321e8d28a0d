/** Stellar's own endpoint: the network passphrase and the latest ledger's base fee and base reserve, read live. */
import type { ChainRoute } from '@secux-companion/server-kit/facade';
import { noStore } from '@secux-companion/server-kit/params';
import type { StellarFacade } from './facade.js';

export const stellarRoutes: readonly ChainRoute<StellarFacade>[] = [
  {
    method: 'GET',
    path: '/network',
    async handler(facade, _req, reply) {
      noStore(reply);
      return facade.network();
    },
  },
];
