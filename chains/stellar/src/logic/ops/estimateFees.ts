/** The fee step's options: the base fee per operation, doubled when the send creates the recipient's account. */
import { CHAINS, type FeeTiers } from '@secux-companion/core';
import type { FeeOptions } from '@secux-companion/chain-common';
import { sendFee } from '../tx';
import type { StellarContext } from './context';

export async function getFees({ backend }: StellarContext): Promise<FeeOptions> {
  const net = await backend.network();
  const fee = Number(sendFee(net.baseFee, false));
  const tiers: FeeTiers<number> = { high: fee, medium: fee, low: fee };
  return {
    tiers,
    unit: 'stroops',
    basis: 'perTransaction',
    // Sending to an inactive account creates it and the fee doubles (spec): the extra part.
    accountCreationFee: sendFee(net.baseFee, true) - sendFee(net.baseFee, false),
    hidden: CHAINS.XLM.hiddenFee,
  };
}
