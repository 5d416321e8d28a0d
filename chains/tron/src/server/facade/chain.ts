/** The TRON facade's chain reads: prices (getchainparameters), the current block, energy estimates, fees. */
import { z } from 'zod';
import { parseInput } from '@secux-companion/server-kit/errors';
import { ProviderError } from '@secux-companion/server-kit/failover';
import type { FeeInfo } from '@secux-companion/server-kit/types';
import type { TronParamsAnswer } from '../answers.js';
import { tronBounds } from '../bounds.js';
import { Address, type TronContext } from './context.js';

/** The getchainparameters keys the costs are computed from. */
export const PARAM_KEYS = {
  bandwidthPrice: 'getTransactionFee',
  energyPrice: 'getEnergyFee',
  createAccountFee: 'getCreateAccountFee',
  createNewAccountFeeInSystemContract: 'getCreateNewAccountFeeInSystemContract',
} as const;

/** The prices of a getchainparameters answer; a node that lacks one gave a malformed answer (next node). */
function pickParams(m: Map<string, bigint>): Omit<TronParamsAnswer, 'chain' | 'provider'> {
  const get = (k: string) => {
    const v = m.get(k);
    if (v === undefined) throw new ProviderError('malformed', `getchainparameters has no ${k}`);
    return v.toString();
  };
  return {
    bandwidthPrice: get(PARAM_KEYS.bandwidthPrice),
    energyPrice: get(PARAM_KEYS.energyPrice),
    createAccountFee: get(PARAM_KEYS.createAccountFee),
    createNewAccountFeeInSystemContract: get(PARAM_KEYS.createNewAccountFeeInSystemContract),
  };
}

const EstimateBody = z.object({
  owner: Address,
  contract: Address,
  data: z.string().regex(/^[0-9a-fA-F]{8,2000}$/, { message: 'must be call data as hex' }),
});

export async function params(ctx: TronContext): Promise<TronParamsAnswer> {
  const r = await ctx.node(
    'params',
    async (p, s) => pickParams(await p.getChainParameters(s)),
    tronBounds.params,
  );
  return { chain: ctx.chain, ...r.value, provider: r.provider };
}

export async function block(ctx: TronContext) {
  const r = await ctx.node('block', (p, s) => p.getNowBlock(s));
  return { chain: ctx.chain, ...r.value, provider: r.provider };
}

export async function estimate(ctx: TronContext, body: unknown) {
  const b = parseInput(EstimateBody, body, 'body');
  const r = await ctx.node(
    'estimate',
    (p, s) => p.triggerConstant(b.owner, b.contract, { data: b.data }, s),
    (v) => tronBounds.energy(v.energyUsed),
  );
  return {
    chain: ctx.chain,
    ok: r.value.ok,
    energy: r.value.energyUsed.toString(),
    ...(r.value.ok ? {} : { message: r.value.message }),
    provider: r.provider,
  };
}

/** Fees in sun: a plain transfer's bandwidth burn at the chain's price (the send computes the real cost). */
export async function fees(ctx: TronContext): Promise<FeeInfo> {
  const p = await params(ctx);
  const plain = (BigInt(p.bandwidthPrice) * 270n).toString();
  return {
    chain: ctx.chain,
    // The wire FeeInfo names no 'sun' unit yet (chains/common is not this family's to change): see the report.
    unit: 'sun',
    tiers: { high: plain, medium: plain, low: plain },
    source: 'network',
    provider: p.provider,
  };
}
