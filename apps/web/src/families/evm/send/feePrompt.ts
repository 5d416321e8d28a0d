/**
 * Kept only for evm/gaps.test.ts until it drops its fee-prompt cases (they are tested with the send flow in
 * families/evm/send/evmFlow.test.ts): the EVM fee prompts are families/evm/send/evmFlow.ts's stages, and the
 * custom-fee confirmation is core's customFeeNeedsConfirmation.
 */
import { customFeeNeedsConfirmation, type ChainSymbol } from '@secux-companion/core';
import type { EvmBuiltTransaction } from '@secux-companion/chain-evm';
import { feeLimitPrompt } from '../../../send/txFlow';
import type { FeePrompt } from '../../../send/SendSteps';

export const customFeeAboveEstimate = (customPrice: bigint, mediumPrice: bigint): boolean =>
  customFeeNeedsConfirmation('Custom', customPrice, mediumPrice);

export const feePromptFor = (symbol: ChainSymbol, built: EvmBuiltTransaction): Promise<FeePrompt | null> =>
  feeLimitPrompt(symbol, built.review.fee);

export type EvmFeeStage = 'feeTooHigh' | 'customFee' | 'feeLimit';

export function stageAfter(kind: FeePrompt['kind']): EvmFeeStage | 'verification' {
  return kind === 'feeTooHigh' ? 'customFee' : kind === 'customFee' ? 'feeLimit' : 'verification';
}

export async function nextEvmFeePrompt(
  symbol: ChainSymbol,
  built: EvmBuiltTransaction,
  from: EvmFeeStage,
  customAboveEstimate: boolean,
): Promise<FeePrompt | null> {
  if (from === 'feeTooHigh' && built.details.feeTooHigh) return { kind: 'feeTooHigh' };
  if (from !== 'feeLimit' && customAboveEstimate) return { kind: 'customFee' };
  return feePromptFor(symbol, built);
}
