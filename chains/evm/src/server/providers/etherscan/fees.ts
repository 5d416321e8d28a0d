/** The explorer's fee tiers (gastracker gasoracle). */
import { ProviderError, validate } from '@secux-companion/server-kit/failover';
import type { FeeInfo } from '@secux-companion/server-kit/types';
import type { Explorer } from './client.js';
import { GasOracle } from './shapes.js';

/** gwei decimal string (possibly fractional) → wei string, extra digits truncated. */
export function gweiToWei(v: string): string {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(v.trim());
  if (!m) throw new ProviderError('malformed', `not a gwei amount: ${v}`);
  return (BigInt(m[1]!) * 10n ** 9n + BigInt((m[2] ?? '').padEnd(9, '0').slice(0, 9) || '0')).toString();
}

export async function getFees(
  ex: Explorer,
  signal: AbortSignal,
): Promise<Omit<FeeInfo, 'chain' | 'source' | 'provider'>> {
  const g = validate(
    GasOracle,
    await ex.call({ module: 'gastracker', action: 'gasoracle' }, signal),
    'gasoracle',
  );
  const tiers = {
    high: gweiToWei(g.FastGasPrice),
    medium: gweiToWei(g.ProposeGasPrice),
    low: gweiToWei(g.SafeGasPrice),
  };
  if (!g.suggestBaseFee) return { unit: 'wei', tiers };
  const baseFee = BigInt(gweiToWei(g.suggestBaseFee));
  const tip = (total: string) => {
    const t = BigInt(total) - baseFee;
    return t > 0n ? t : 0n;
  };
  const p = { high: tip(tiers.high), medium: tip(tiers.medium), low: tip(tiers.low) };
  if (p.high === 0n && p.medium === 0n && p.low === 0n) return { unit: 'wei', tiers };
  const tier = (x: bigint) => ({
    maxFeePerGas: (2n * baseFee + x).toString(),
    maxPriorityFeePerGas: x.toString(),
  });
  return {
    unit: 'wei',
    tiers,
    eip1559: {
      baseFeePerGas: baseFee.toString(),
      tiers: { high: tier(p.high), medium: tier(p.medium), low: tier(p.low) },
    },
  };
}
