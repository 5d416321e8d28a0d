/** The EVM facade's fees: the node's tiers, or the explorer gas oracle first (BSC). */
import { ChainApiError, failover, having } from '@secux-companion/server-kit/failover';
import type { FeeInfo } from '@secux-companion/server-kit/types';
import { evmBounds } from '../bounds.js';
import type { EvmContext } from './context.js';

export async function fees(c: EvmContext): Promise<FeeInfo> {
  if (c.cfg.gasOracleFirst && c.cfg.explorers.length) {
    const list = having(
      [...c.cfg.explorers, ...(await c.cfg.pool.ordered()), ...(await c.scans())],
      'getFees',
    );
    const r = await failover(
      c.cfg.chain,
      'fees',
      list,
      (p, s) => p.getFees(s),
      c.opts(evmBounds.fees, c.feesPolicy),
    );
    return { chain: c.cfg.chain, ...r.value, source: 'network', provider: r.provider };
  }
  const r = await c.run('getFees', 'fees', (p, s) => p.getFees(s), evmBounds.fees, {
    policy: c.feesPolicy,
  });
  return { chain: c.cfg.chain, ...r.value, source: 'network', provider: r.provider };
}

/** The explorer gas oracle only (FastGasPrice/ProposeGasPrice/SafeGasPrice → high/medium/low, wei). */
export async function gasOracle(c: EvmContext): Promise<FeeInfo> {
  const chain = c.cfg.chain;
  const list = having(c.cfg.explorers, 'getFees');
  if (!list.length)
    throw new ChainApiError(404, 'not_found', `no explorer gas oracle is configured for ${chain}`, {
      chain,
    });
  const r = await failover(
    chain,
    'gas oracle',
    list,
    (p, s) => p.getFees(s),
    c.opts(evmBounds.fees, c.feesPolicy),
  );
  return { chain, ...r.value, source: 'network', provider: r.provider };
}
