/**
 * The EVM send's fee prompts, in order, before Verification (shown with the shared FeePromptModal):
 * 1. feeTooHigh (err-28): the fee is above 3 × the network's high fee (ETH/HME/XDC, not BSC; the adapter
 *    flags it); a warning the user may go past;
 * 2. customFee: a custom gas price above the medium estimate asks for confirmation;
 * 3. the fee-limit alerts of the remote config (higher_fee / max_fee), native coins only (a chain the
 *    user added has no price).
 * Continue on a prompt moves to the next stage; higher_fee's Continue goes to Verification.
 */
import type { ChainSymbol } from '@secux-companion/core';
import type { EvmBuiltTransaction } from '@secux-companion/chain-evm';
import { checkFeeAlert } from '../accounts/send/txFlow';
import type { FeePrompt } from '../accounts/send/SendSteps';

/** A custom gas price (wei) above the medium estimate asks for confirmation. */
export function customFeeAboveEstimate(customPrice: bigint, mediumPrice: bigint): boolean {
  return customPrice > mediumPrice;
}

/** The fee-limit alert for a built transaction (native EVM coins only; user-added chains have no price). */
export async function feePromptFor(
  symbol: ChainSymbol,
  built: EvmBuiltTransaction,
): Promise<FeePrompt | null> {
  if (symbol === 'EVM') return null;
  const check = await checkFeeAlert(symbol, built.review.fee);
  if (check.alert === 'max_fee') return { kind: 'max_fee' };
  if (check.alert === 'higher_fee')
    return { kind: 'higher_fee', limit: check.limit ?? '', currency: check.currency ?? '' };
  return null;
}

export type EvmFeeStage = 'feeTooHigh' | 'customFee' | 'feeLimit';

/** The stage after a prompt's Continue ('verification' when none is left). */
export function stageAfter(kind: FeePrompt['kind']): EvmFeeStage | 'verification' {
  return kind === 'feeTooHigh' ? 'customFee' : kind === 'customFee' ? 'feeLimit' : 'verification';
}

/** The first prompt due from `from` on, or null: go to Verification. */
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
