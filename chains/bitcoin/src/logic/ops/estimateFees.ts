/** Fee tiers: the network's (never below its relay minimum) or the chain's presets. */
import { utxoFeeTiers, type RecommendedFees } from '@secux-companion/core';
import type { FeeOptions } from '@secux-companion/chain-common';
import type { BitcoinContext } from './context';
import { networkMinFeeRate } from './networkFee';

export async function getFees(ctx: BitcoinContext): Promise<FeeOptions> {
  const { info, chain, backend } = ctx;
  let recommended: RecommendedFees | null = null;
  if (info.feeSource === 'networkTiers') {
    try {
      recommended = await backend.getRecommendedFees();
    } catch {
      recommended = null; // fallback tiers 200/120/60
    }
  }
  const tiers = utxoFeeTiers(chain, recommended);
  // Network tiers never fall below what the network relays (the check every build makes); presets stay as set.
  const minimum = info.feeSource === 'networkTiers' ? await networkMinFeeRate(ctx) : null;
  const floor = (rate: number) => (minimum !== null ? Math.max(rate, minimum) : rate);
  return {
    tiers: { high: floor(tiers.high), medium: floor(tiers.medium), low: floor(tiers.low) },
    unit: 'sat/vB',
    hidden: info.hiddenFee,
  };
}
