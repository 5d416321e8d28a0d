/**
 * The toy family's server side (what chains/<dir>/src/server of a new family exports): one chain, TOY, served in the
 * local profile from the local network's `toy` entry, its account read from the toy ledger.
 */
import { z } from 'zod';
import type { ChainFacade, Family } from '@secux-companion/server-kit/facade';

class ToyFacade implements ChainFacade {
  readonly chain = 'TOY';
  readonly family = 'toy';
  readonly rawTx = z.string();
  readonly rpcMethods = new Set<string>();
  constructor(
    private readonly url: string,
    private readonly fetchFn: typeof fetch,
  ) {}
  describe() {
    return { chain: this.chain };
  }
  async account(id: string) {
    const r = (await (await this.fetchFn(`${this.url}/balance/${encodeURIComponent(id)}`)).json()) as {
      balance: string;
    };
    return {
      chain: this.chain,
      address: id,
      balance: r.balance,
      unconfirmedBalance: '0',
      txCount: 0,
      provider: 'toy#1',
    };
  }
  async history(): Promise<never> {
    throw new Error('no history');
  }
  async fees(): Promise<never> {
    throw new Error('no fees');
  }
  async broadcast(): Promise<never> {
    throw new Error('no broadcast');
  }
  async txStatus(): Promise<never> {
    throw new Error('no status');
  }
  async rpc(): Promise<never> {
    throw new Error('no rpc');
  }
}

export const family: Family<ToyFacade, 'toy'> = {
  id: 'toy',
  env: { global: z.object({}), perChain: z.object({}), symbols: ['TOY'] },
  chains(ctx) {
    const toy = (ctx.localnet as { toy?: { url: string } } | null)?.toy;
    if (!ctx.local || !toy) return [];
    return [
      {
        facade: new ToyFacade(toy.url, ctx.fetch),
        summary: { chain: 'TOY', providers: ['toy#1'], source: 'local' },
      },
    ];
  },
  routes: [],
  owns: (f): f is ToyFacade => f instanceof ToyFacade,
  notMine: (chain) => `not a toy chain: ${chain}`,
};
