/** The transfer fee from /get_fee, the same for every tier. */
import { CHAINS } from '@secux-companion/core';
import type { FeeOptions } from '@secux-companion/chain-common';
import type { FioContext } from './context';

export async function getFees({ chain, backend }: FioContext): Promise<FeeOptions> {
  const fee = Number(await backend.fee('transfer_tokens_pub_key', ''));
  return {
    tiers: { high: fee, medium: fee, low: fee },
    unit: 'SUF',
    basis: 'perTransaction',
    hidden: CHAINS[chain].hiddenFee,
  };
}
