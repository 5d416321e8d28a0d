/** Fee tiers from eth_feeHistory (3 blocks, percentiles 25/50/75) and eth_gasPrice. */
import type { z } from 'zod';
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { RpcTransport } from '../../backend.js';
import type { FeeInfo } from '@secux-companion/server-kit/types';
import { unwrap } from './erc20.js';
import { FeeHistory, hexQty } from './transport.js';

export function feesFrom(
  history: z.infer<typeof FeeHistory> | null,
  gasPrice: bigint,
): Omit<FeeInfo, 'chain' | 'source' | 'provider'> {
  const legacy = { high: gasPrice.toString(), medium: gasPrice.toString(), low: gasPrice.toString() };
  if (!history || !history.reward?.length || !history.baseFeePerGas.length)
    return { unit: 'wei', tiers: legacy };
  const baseFee = BigInt(history.baseFeePerGas[history.baseFeePerGas.length - 1]!);
  const avg = (j: number) => {
    const rows = history.reward!.filter((r) => r[j] !== undefined);
    if (!rows.length) return 0n;
    return rows.reduce((s, r) => s + BigInt(r[j]!), 0n) / BigInt(rows.length);
  };
  const prio = { low: avg(0), medium: avg(1), high: avg(2) };
  if (prio.low === 0n && prio.medium === 0n && prio.high === 0n) return { unit: 'wei', tiers: legacy };
  const tier = (p: bigint) => ({
    maxFeePerGas: (2n * baseFee + p).toString(),
    maxPriorityFeePerGas: p.toString(),
  });
  return {
    unit: 'wei',
    tiers: {
      high: (baseFee + prio.high).toString(),
      medium: (baseFee + prio.medium).toString(),
      low: (baseFee + prio.low).toString(),
    },
    eip1559: {
      baseFeePerGas: baseFee.toString(),
      tiers: { high: tier(prio.high), medium: tier(prio.medium), low: tier(prio.low) },
    },
  };
}

/** The node's fee tiers (legacy only when it has no eth_feeHistory). */
export async function rpcFees(
  t: RpcTransport,
  signal: AbortSignal,
): Promise<Omit<FeeInfo, 'chain' | 'source' | 'provider'>> {
  const [hist, price] = await t.batch(
    [
      { method: 'eth_feeHistory', params: ['0x3', 'latest', [25, 50, 75]] },
      { method: 'eth_gasPrice', params: [] },
    ],
    signal,
  );
  const gasPrice = BigInt(unwrap(price, hexQty, 'eth_gasPrice'));
  let history: z.infer<typeof FeeHistory> | null = null;
  if (hist instanceof ProviderError) {
    if (hist.kind !== 'unsupported' && hist.kind !== 'badRequest') throw hist;
  } else history = validate(FeeHistory, hist, 'eth_feeHistory');
  return feesFrom(history, gasPrice);
}
