/**
 * Fee tiers, speed-up fees, EVM fee arithmetic and fee alerts
 * (spec 01 §4, §5, §9; spec 02 §5, §7, §9).
 *
 * Fee *rates* (sat/byte, Gwei) are plain numbers or Decimals; fee *amounts* are bigint
 * smallest units.
 */
import Decimal from 'decimal.js';
import { unitsToDecimal } from './amount';
import {
  BTC_FALLBACK_FEE_TIERS,
  CHAINS,
  DUST_SATOSHIS,
  hasEvmFeeTooHighCheck,
  type ChainSymbol,
  type FeeTiers,
} from './chains';
import { CoreError } from './errors';

export type FeeMode = 'high' | 'medium' | 'low' | 'Custom';
export const FEE_MODES: readonly FeeMode[] = ['high', 'medium', 'low', 'Custom'];
export const DEFAULT_FEE_MODE: FeeMode = 'medium';

/** Low fee is raised to medium minus this gap when that is above low. */
export const LOW_FEE_GAP = 10;
/** CPFP adds this many sat/vB before rounding up. */
export const CPFP_EXTRA_FEE_RATE = 2;
/** EVM fee is flagged too high above this multiple of the high tier. */
export const FEE_TOO_HIGH_MULTIPLE = 3;
/** Layer-1 fee oracle result is multiplied by 1.25. */
export const L1_FEE_FACTOR = new Decimal('1.25');
export const EVM_GAS_LIMIT_COIN = 21_000n;
export const EVM_GAS_LIMIT_TOKEN = 200_000n;
export const L1_GAS_LIMIT_NATIVE = 100_000n;
export const L1_GAS_LIMIT_TOKEN = 30_000n;
/** BSC gas price (Gwei) when its lookup fails. */
export const BSC_DEFAULT_GAS_PRICE_GWEI = 5;
/** Default fee-alert limits, in the limit currency (USD). */
export const DEFAULT_MAX_FEE_LIMIT = '1000';
export const DEFAULT_HIGHER_FEE_LIMIT = '100';
export const DEFAULT_FEE_LIMIT_CURRENCY = 'USD';

/** Mempool-service recommended fees (sat/vB). */
export interface RecommendedFees {
  fastestFee: number;
  halfHourFee: number;
  hourFee: number;
}

/** Raises low to medium − 10 when that is above low. */
export function raiseLowFee(tiers: FeeTiers<number>): FeeTiers<number> {
  const floor = tiers.medium - LOW_FEE_GAP;
  return floor > tiers.low ? { ...tiers, low: floor } : { ...tiers };
}

/**
 * BTC tiers: the mempool service's fastest/half-hour/hour fees (with the low-fee raise),
 * or the fallback 200/120/60 when the service failed (used as-is).
 */
export function btcFeeTiers(recommended: RecommendedFees | null | undefined): FeeTiers<number> {
  if (!recommended) return { ...BTC_FALLBACK_FEE_TIERS };
  return raiseLowFee({
    high: recommended.fastestFee,
    medium: recommended.halfHourFee,
    low: recommended.hourFee,
  });
}

/**
 * Fee tiers of a bitcoin-family chain: presets for LTC/BCH/DASH/GRS (8/4/2) and DGB
 * (200/150/100); BTC/TBTC from {@link btcFeeTiers}; DOGE fixed (all tiers equal).
 */
export function utxoFeeTiers(chain: ChainSymbol, recommended?: RecommendedFees | null): FeeTiers<number> {
  const info = CHAINS[chain];
  if (!info.utxo) throw new CoreError('notUtxoBase');
  if (info.feeSource === 'networkTiers') return btcFeeTiers(recommended);
  if (info.feeSource === 'fixed' && info.fixedFee !== undefined) {
    const fixed = Number(info.fixedFee);
    return { high: fixed, medium: fixed, low: fixed };
  }
  if (!info.feePresets) throw new CoreError('invalidUtxoBase');
  return { ...info.feePresets };
}

/**
 * A custom fee above the estimate (the medium tier) asks the user for confirmation (spec 01 §5): the one
 * rule for every family, in its own fee unit (sat/vB, Gwei, wei …). Only the Custom mode asks.
 */
export function customFeeNeedsConfirmation(
  mode: FeeMode,
  customFee: Decimal.Value | bigint,
  estimate: Decimal.Value | bigint,
): boolean {
  if (mode !== 'Custom') return false;
  const d = (v: Decimal.Value | bigint) => new Decimal(typeof v === 'bigint' ? v.toString() : v);
  return d(customFee).greaterThan(d(estimate));
}

/** Picks a tier by fee mode; Custom returns the custom value. */
export function feeForMode<T>(tiers: FeeTiers<T>, mode: FeeMode, custom?: T): T {
  if (mode === 'Custom') {
    if (custom === undefined) throw new RangeError('Custom fee mode needs a custom fee');
    return custom;
  }
  return tiers[mode];
}

/** UTXO fee amount: rate (sat/vB) × virtual size, rounded to an integer. */
export function utxoFee(rate: Decimal.Value, vsize: number): bigint {
  return BigInt(new Decimal(rate).mul(vsize).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0));
}

/** Send-all on a UTXO chain: balance − fee, which must leave at least 546 satoshis. */
export function utxoSendAllAmount(balance: bigint, fee: bigint): bigint {
  const amount = balance - fee;
  if (amount < DUST_SATOSHIS) throw new CoreError('insufficientBalanceDust');
  return amount;
}

// ---------------------------------------------------------------------------
// Speed-up (RBF / CPFP)
// ---------------------------------------------------------------------------

/** Minimum RBF fee rate: original fee rate + current network fee rate. */
export function rbfMinimumFee(originalFee: number, networkFee: number): number {
  return originalFee + networkFee;
}

export function isRbfFeeTooLow(fee: number, originalFee: number, networkFee: number): boolean {
  return fee < rbfMinimumFee(originalFee, networkFee);
}

/** CPFP is too low below the low tier. */
export function isCpfpFeeTooLow(fee: number, tiers: FeeTiers<number>): boolean {
  return fee < tiers.low;
}

export interface CpfpInput {
  /** Target package fee rate (sat/vB), e.g. the chosen tier. */
  targetFeeRate: number;
  /** Fees already paid by the unconfirmed parent(s) (satoshis). */
  parentFee: number;
  /** Virtual size of the unconfirmed parent(s). */
  parentVsize: number;
  /** Virtual size of the child transaction. */
  childVsize: number;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n === b > 0n ? q + 1n : q;
}

/**
 * CPFP child fee rate: the rate making parent+child pay `targetFeeRate`, plus 2,
 * rounded up: ceil((target × (parentVsize + childVsize) − parentFee) / childVsize + 2).
 * Never below 1 sat/vB.
 */
export function cpfpFeeRate(input: CpfpInput): number {
  const { targetFeeRate, parentFee, parentVsize, childVsize } = input;
  for (const v of [targetFeeRate, parentFee, parentVsize, childVsize]) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError('CPFP inputs must be non-negative integers');
  }
  if (childVsize === 0) throw new RangeError('childVsize must be positive');
  const needed = BigInt(targetFeeRate) * BigInt(parentVsize + childVsize) - BigInt(parentFee);
  const rate = ceilDiv(needed, BigInt(childVsize)) + BigInt(CPFP_EXTRA_FEE_RATE);
  return Number(rate < 1n ? 1n : rate);
}

/** Suggested speed-up range: ceil((medium + original)/2) .. ceil((high + original)/2). */
export function suggestedAverageFeeRange(
  tiers: FeeTiers<number>,
  originalFee: number,
): { min: number; max: number } {
  return {
    min: Math.ceil((tiers.medium + originalFee) / 2),
    max: Math.ceil((tiers.high + originalFee) / 2),
  };
}

// ---------------------------------------------------------------------------
// EVM
// ---------------------------------------------------------------------------

/** Fee flagged too high for ETH/HME/XDC (not BSC) above 3 × the high tier (err-28 warning). */
export function isEvmFeeTooHigh(chain: ChainSymbol, fee: Decimal.Value, highFee: Decimal.Value): boolean {
  if (!hasEvmFeeTooHighCheck(chain)) return false;
  return new Decimal(fee).greaterThan(new Decimal(highFee).mul(FEE_TOO_HIGH_MULTIPLE));
}

/** EVM fee in wei: gas price (wei) × gas limit. */
export function evmFee(gasPriceWei: bigint, gasLimit: bigint): bigint {
  return gasPriceWei * gasLimit;
}

/** Layer-1 fee with the 1.25 safety factor, rounded up to whole wei. */
export function applyL1FeeFactor(l1FeeWei: bigint): bigint {
  return BigInt(
    new Decimal(l1FeeWei.toString()).mul(L1_FEE_FACTOR).toDecimalPlaces(0, Decimal.ROUND_UP).toFixed(0),
  );
}

/**
 * Throws 'evmFeeHigherThanBalance' when network fee + layer-1 fee exceeds the balance.
 */
export function assertEvmFeeCovered(balance: bigint, fee: bigint, l1Fee = 0n): void {
  if (fee + l1Fee > balance) throw new CoreError('evmFeeHigherThanBalance');
}

/** EVM coin send-all: balance − fee − layer-1 fee. */
export function evmSendAllAmount(balance: bigint, fee: bigint, l1Fee = 0n): bigint {
  assertEvmFeeCovered(balance, fee, l1Fee);
  return balance - fee - l1Fee;
}

// ---------------------------------------------------------------------------
// Fee alert
// ---------------------------------------------------------------------------

export type FeeAlert = 'ok' | 'higher_fee' | 'max_fee';

export interface FeeAlertInput {
  /** Total fee in smallest units of the fee coin. */
  fee: bigint;
  decimals: number;
  /** Price of one fee coin in the limits' currency (text). */
  price: string;
  /** Fee above this blocks the send (default 1000 USD). */
  maxFeeLimit?: string;
  /** Fee above this asks for confirmation (default 100 USD). */
  higherFeeLimit?: string;
}

/** Fiat value of the fee compared with the limits: max_fee > maxFeeLimit; higher_fee > higherFeeLimit. */
export function classifyFeeAlert(input: FeeAlertInput): FeeAlert {
  const fiat = unitsToDecimal(input.fee, input.decimals).mul(new Decimal(input.price));
  if (fiat.greaterThan(new Decimal(input.maxFeeLimit ?? DEFAULT_MAX_FEE_LIMIT))) return 'max_fee';
  if (fiat.greaterThan(new Decimal(input.higherFeeLimit ?? DEFAULT_HIGHER_FEE_LIMIT))) return 'higher_fee';
  return 'ok';
}
