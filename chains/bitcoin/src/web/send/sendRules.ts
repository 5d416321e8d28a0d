/** Send form rules of the bitcoin family (spec 01 §4 "Send form behaviour", §5). */
import {
  CHAINS,
  feeForMode,
  recipientIssue,
  validateAmount,
  validateFeeInput,
  type ChainSymbol,
  type FeeMode,
  type FeeTiers,
  type Issue,
  type RecipientStatus,
} from '@secux-companion/core';
import { validateBtcFeeRate } from '@secux-companion/chain-bitcoin';

export type FeeRateResult = { ok: true; rate: number } | { ok: false; issue?: Issue };

/**
 * Fee rate of the chosen mode. Custom: an integer (err-22), not negative (err-27), above 0, at most
 * 1,000,000 sat/vB ('BTC Transaction fee is too high').
 */
export function feeRateOf(mode: FeeMode, tiers: FeeTiers<number>, customText: string): FeeRateResult {
  if (mode !== 'Custom') return { ok: true, rate: feeForMode(tiers, mode) };
  const v = validateFeeInput(customText, { integerOnly: true });
  if (!v.ok) return { ok: false, issue: v.issue };
  const rate = v.value.toNumber();
  if (rate <= 0) return { ok: false };
  const tooHigh = validateBtcFeeRate(rate);
  if (tooHigh) return { ok: false, issue: tooHigh };
  return { ok: true, rate };
}

/** Recipient text → the address to use ('scheme:' prefix removed) and its status. */
export function checkRecipient(
  chain: ChainSymbol,
  text: string,
  validate: (address: string) => RecipientStatus,
): { address: string; status: RecipientStatus; issue?: Issue } {
  const address = text.trim();
  const status = address === '' ? 'empty' : validate(address);
  const issue = status === 'empty' ? undefined : recipientIssue(status);
  return { address, status, ...(issue ? { issue } : {}) };
}

/** Amount against the spendable balance: err-26, err-32 (+ coin), err-34, err-02, invalid amount. */
export function checkAmount(chain: ChainSymbol, text: string, available: bigint) {
  return validateAmount(text, { decimals: CHAINS[chain].decimals, balance: available, coin: chain });
}
