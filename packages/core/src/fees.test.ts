import { describe, expect, it } from 'vitest';
import { CoreError } from './errors';
import {
  DEFAULT_FEE_MODE,
  EVM_GAS_LIMIT_COIN,
  applyL1FeeFactor,
  assertEvmFeeCovered,
  btcFeeTiers,
  classifyFeeAlert,
  customFeeNeedsConfirmation,
  cpfpFeeRate,
  evmFee,
  evmSendAllAmount,
  feeForMode,
  isCpfpFeeTooLow,
  isEvmFeeTooHigh,
  isRbfFeeTooLow,
  raiseLowFee,
  rbfMinimumFee,
  suggestedAverageFeeRange,
  utxoFee,
  utxoFeeTiers,
  utxoSendAllAmount,
} from './fees';

describe('BTC-family tiers', () => {
  it('falls back to 200/120/60 when the fee service fails', () => {
    expect(btcFeeTiers(null)).toEqual({ high: 200, medium: 120, low: 60 });
    expect(utxoFeeTiers('BTC')).toEqual({ high: 200, medium: 120, low: 60 });
  });

  it('maps mempool recommended fees', () => {
    expect(btcFeeTiers({ fastestFee: 20, halfHourFee: 15, hourFee: 10 })).toEqual({
      high: 20,
      medium: 15,
      low: 10,
    });
  });

  it('raises low to medium-10 when that exceeds low', () => {
    expect(btcFeeTiers({ fastestFee: 150, halfHourFee: 120, hourFee: 30 })).toEqual({
      high: 150,
      medium: 120,
      low: 110,
    });
    expect(raiseLowFee({ high: 30, medium: 20, low: 10 })).toEqual({ high: 30, medium: 20, low: 10 });
    expect(raiseLowFee({ high: 30, medium: 21, low: 10 })).toEqual({ high: 30, medium: 21, low: 11 });
  });

  it('uses presets for LTC/BCH/DASH/GRS and DGB, fixed for DOGE', () => {
    for (const c of ['LTC', 'BCH', 'DASH', 'GRS'] as const)
      expect(utxoFeeTiers(c)).toEqual({ high: 8, medium: 4, low: 2 });
    expect(utxoFeeTiers('DGB')).toEqual({ high: 200, medium: 150, low: 100 });
    expect(utxoFeeTiers('DOGE')).toEqual({ high: 1000, medium: 1000, low: 1000 });
    expect(() => utxoFeeTiers('ETH')).toThrow(CoreError);
  });

  it('picks a tier by mode (default medium)', () => {
    const tiers = { high: 3, medium: 2, low: 1 };
    expect(DEFAULT_FEE_MODE).toBe('medium');
    expect(feeForMode(tiers, DEFAULT_FEE_MODE)).toBe(2);
    expect(feeForMode(tiers, 'Custom', 9)).toBe(9);
    expect(() => feeForMode(tiers, 'Custom')).toThrow(RangeError);
  });

  it('computes fee = rate × vsize rounded, and send-all ≥ 546', () => {
    expect(utxoFee(12, 141)).toBe(1692n);
    expect(utxoFee('2.5', 141)).toBe(353n);
    expect(utxoSendAllAmount(10_000n, 1_000n)).toBe(9_000n);
    expect(utxoSendAllAmount(1_546n, 1_000n)).toBe(546n);
    expect(() => utxoSendAllAmount(1_545n, 1_000n)).toThrow('Insufficient account balance (546)');
  });
});

describe('speed-up', () => {
  it('RBF minimum = original fee + network fee', () => {
    expect(rbfMinimumFee(10, 5)).toBe(15);
    expect(isRbfFeeTooLow(14, 10, 5)).toBe(true);
    expect(isRbfFeeTooLow(15, 10, 5)).toBe(false);
  });

  it('CPFP is too low below the low tier', () => {
    expect(isCpfpFeeTooLow(59, { high: 200, medium: 120, low: 60 })).toBe(true);
    expect(isCpfpFeeTooLow(60, { high: 200, medium: 120, low: 60 })).toBe(false);
  });

  it('CPFP fee adds 2 and rounds up', () => {
    // (20 × (200 + 150) − 1000) / 150 = 40 → 42
    expect(cpfpFeeRate({ targetFeeRate: 20, parentFee: 1000, parentVsize: 200, childVsize: 150 })).toBe(42);
    // (10 × (200 + 141) − 400) / 141 = 21.35… → ceil(23.35…) = 24
    expect(cpfpFeeRate({ targetFeeRate: 10, parentFee: 400, parentVsize: 200, childVsize: 141 })).toBe(24);
    // parent already overpaid → floor of 1
    expect(cpfpFeeRate({ targetFeeRate: 1, parentFee: 100_000, parentVsize: 200, childVsize: 141 })).toBe(1);
    expect(() => cpfpFeeRate({ targetFeeRate: 1.5, parentFee: 1, parentVsize: 1, childVsize: 1 })).toThrow(
      RangeError,
    );
    expect(() => cpfpFeeRate({ targetFeeRate: 1, parentFee: 1, parentVsize: 1, childVsize: 0 })).toThrow(
      RangeError,
    );
  });

  it('suggested average range rounds up', () => {
    expect(suggestedAverageFeeRange({ high: 31, medium: 20, low: 10 }, 5)).toEqual({ min: 13, max: 18 });
    expect(suggestedAverageFeeRange({ high: 30, medium: 20, low: 10 }, 4)).toEqual({ min: 12, max: 17 });
  });
});

describe('custom-fee confirmation', () => {
  it('asks only in Custom mode, for a fee above the estimate, in any fee unit', () => {
    expect(customFeeNeedsConfirmation('Custom', 5, 4)).toBe(true); // sat/vB
    expect(customFeeNeedsConfirmation('Custom', 4, 4)).toBe(false);
    expect(customFeeNeedsConfirmation('high', 8, 4)).toBe(false);
    expect(customFeeNeedsConfirmation('Custom', '30.5', 30)).toBe(true); // Gwei text
    expect(customFeeNeedsConfirmation('Custom', 11n, 10n)).toBe(true); // wei
    expect(customFeeNeedsConfirmation('Custom', 10n, 10n)).toBe(false);
  });
});

describe('EVM', () => {
  it('flags fees above 3 × high on ETH/HME/XDC, not BSC', () => {
    expect(isEvmFeeTooHigh('ETH', '30.000000001', '10')).toBe(true);
    expect(isEvmFeeTooHigh('ETH', 30, 10)).toBe(false);
    expect(isEvmFeeTooHigh('HME', 31, 10)).toBe(true);
    expect(isEvmFeeTooHigh('XDC', 31, 10)).toBe(true);
    expect(isEvmFeeTooHigh('BSC', 1000, 10)).toBe(false);
  });

  it('computes fees in wei and the layer-1 factor', () => {
    expect(evmFee(20n * 10n ** 9n, EVM_GAS_LIMIT_COIN)).toBe(420_000_000_000_000n);
    expect(applyL1FeeFactor(100n)).toBe(125n);
    expect(applyL1FeeFactor(101n)).toBe(127n); // 126.25 rounded up
  });

  it('send-all = balance − fee − layer-1 fee', () => {
    const balance = 10n ** 18n;
    expect(evmSendAllAmount(balance, 420_000_000_000_000n, 1_000n)).toBe(999_579_999_999_999_000n);
    expect(evmSendAllAmount(100n, 60n, 40n)).toBe(0n);
    expect(() => evmSendAllAmount(100n, 60n, 41n)).toThrow(
      "The network fee is higher than account's balance. Please back to step one to modify the network fee.",
    );
    expect(() => assertEvmFeeCovered(100n, 101n)).toThrow(CoreError);
  });
});

describe('fee alert', () => {
  const eth = { decimals: 18, price: '2000' };
  it('uses default limits 1000 / 100 USD', () => {
    expect(classifyFeeAlert({ ...eth, fee: 10n ** 16n })).toBe('ok'); // $20
    expect(classifyFeeAlert({ ...eth, fee: 5n * 10n ** 16n })).toBe('ok'); // exactly $100
    expect(classifyFeeAlert({ ...eth, fee: 5n * 10n ** 16n + 1n })).toBe('higher_fee');
    expect(classifyFeeAlert({ ...eth, fee: 5n * 10n ** 17n })).toBe('higher_fee'); // exactly $1000
    expect(classifyFeeAlert({ ...eth, fee: 6n * 10n ** 17n })).toBe('max_fee'); // $1200
  });

  it('uses configured limits', () => {
    expect(classifyFeeAlert({ ...eth, fee: 10n ** 16n, higherFeeLimit: '10', maxFeeLimit: '50' })).toBe(
      'higher_fee',
    );
    expect(classifyFeeAlert({ ...eth, fee: 10n ** 17n, higherFeeLimit: '10', maxFeeLimit: '50' })).toBe(
      'max_fee',
    );
  });
});
