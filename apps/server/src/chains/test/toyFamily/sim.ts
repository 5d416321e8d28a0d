/**
 * The toy family's local chain (what chains/<dir>/src/sim of a new family exports): a ledger of balances behind
 * `GET /balance/:address`, started by the local network under its key `toy`.
 */
import type { LocalChain } from '@secux-companion/chain-common';
import { serve } from '@secux-companion/sim-kit';

export interface ToyInfo {
  url: string;
  balances: Record<string, string>;
}

export const localChains: LocalChain<ToyInfo, { port?: number }>[] = [
  {
    key: 'toy',
    envSwitch: 'LOCALNET_TOY',
    async start(ctx, o) {
      const balances: Record<string, string> = { alice: '1234500' };
      const served = await serve({
        ports: [await ctx.port(o?.port, 'LOCALNET_TOY_PORT', 9999)],
        host: ctx.host,
        handle(req, _body, res) {
          const m = /^\/balance\/([a-z]+)$/.exec(req.url ?? '');
          res.writeHead(m ? 200 : 404, { 'content-type': 'application/json' });
          res.end(JSON.stringify(m ? { balance: balances[m[1]!] ?? '0' } : { error: 'not found' }));
        },
      });
      ctx.log(`toy chain at ${served.urls[0]}`);
      return { info: { url: served.urls[0]!, balances }, stop: served.stop };
    },
    summary: (t) => [`TOY  ${t.url}  toy ledger`],
  },
];
