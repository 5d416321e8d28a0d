/** The fee step's options: priority price tiers in micro-lamports per compute unit over the 5000-lamport base. */
import { CHAINS } from '@secux-companion/core';
import type { FeeOptions } from '@secux-companion/chain-common';
import { LAMPORTS_PER_SIGNATURE } from '../constants';
import type { SolanaContext } from './context';

export async function getFees({ backend }: SolanaContext): Promise<FeeOptions> {
  return {
    tiers: await backend.fees(),
    unit: 'micro-lamports/CU',
    basis: 'perSize',
    base: LAMPORTS_PER_SIGNATURE,
    hidden: CHAINS.SOL.hiddenFee,
  };
}
