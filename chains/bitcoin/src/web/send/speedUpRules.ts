/**
 * Speed-up (spec 01 §4 "Speed-up (BTC)"): RBF for the account's own pending outgoing transaction,
 * CPFP otherwise (spending its own outputs); no RBF on C20. Offered where the adapter says so
 * (capabilities.speedUp: BTC/TBTC, and the local Litecoin regtest where the end-to-end tests exercise it).
 */
import type { Operation } from '@secux-companion/chain-common';
import { chooseSpeedUp, paidFeeRate, rbfFeeFloor, type SpeedUpKind } from '@secux-companion/chain-bitcoin';
import {
  isCpfpFeeTooLow,
  suggestedAverageFeeRange,
  validateFeeInput,
  type FeeTiers,
  type Issue,
} from '@secux-companion/core';

type SpeedUpChain = { adapter: { capabilities: { speedUp: boolean } } };

export function speedUpOffered(chain: SpeedUpChain): boolean {
  return chain.adapter.capabilities.speedUp;
}

export function speedUpKindFor(
  op: Operation,
  chain: SpeedUpChain,
  deviceType: string | null | undefined,
): SpeedUpKind | null {
  if (!speedUpOffered(chain)) return null;
  const own = new Set([...op.senders, ...op.recipients].filter((c) => c.isOwn).map((c) => c.address));
  const kind = chooseSpeedUp(op, own, deviceType ?? undefined);
  // RBF replaces the whole transaction: it must be signalled and funded by the account alone.
  if (kind === 'rbf' && (!op.rbf || op.senders.some((s) => !s.isOwn))) {
    return op.recipients.some((r) => r.isOwn && r.path) ? 'cpfp' : null;
  }
  if (kind === 'cpfp' && !op.recipients.some((r) => r.isOwn && r.path)) return null;
  return kind;
}

/** Fee rate the original paid (sat/vB, rounded up); 0 when its size is unknown. */
export function originalFeeRate(op: Pick<Operation, 'fee' | 'vsize'>): number {
  return op.vsize && op.vsize > 0 ? paidFeeRate({ fee: op.fee, vsize: op.vsize }) : 0;
}

/** RBF minimum: original rate + network rate. */
export function rbfMinimum(op: Pick<Operation, 'fee' | 'vsize'>, networkRate: number): number {
  return op.vsize && op.vsize > 0 ? rbfFeeFloor({ fee: op.fee, vsize: op.vsize }, networkRate) : networkRate;
}

export type SpeedUpFeeCheck =
  | { ok: true; rate: number }
  /** Zero: no error but Next stays disabled. */
  | { ok: false; blank: true }
  | { ok: false; blank: false; issue?: Issue; tooLow?: number };

/**
 * Fee input of the speed-up modal: integers only (err-22), not negative (err-27); RBF too low below
 * original + network (hint with the minimum); CPFP too low below the low tier.
 */
export function checkSpeedUpFee(
  kind: SpeedUpKind,
  text: string,
  minimum: number,
  tiers: FeeTiers<number>,
): SpeedUpFeeCheck {
  const v = validateFeeInput(text, { integerOnly: true });
  if (!v.ok) return { ok: false, blank: false, issue: v.issue };
  const rate = v.value.toNumber();
  if (rate === 0) return { ok: false, blank: true };
  if (kind === 'rbf' && rate < minimum) return { ok: false, blank: false, tooLow: minimum };
  if (kind === 'cpfp' && isCpfpFeeTooLow(rate, tiers)) return { ok: false, blank: false, tooLow: tiers.low };
  return { ok: true, rate };
}

/** Suggested range shown in the modal: (medium + original)/2 .. (high + original)/2, rounded up. */
export function suggestedRange(tiers: FeeTiers<number>, original: number) {
  return suggestedAverageFeeRange(tiers, original);
}
