import { CoreError } from '@secux-companion/core';
import { describe, expect, it } from 'vitest';
import {
  FEE_HISTORY_BLOCKS,
  FEE_HISTORY_PERCENTILES,
  checkTokenSend,
  coinSendAmount,
  feeTiersFromHistory,
  gasOracleTiers,
  gweiToWei,
  isFeeTooHigh,
  l1EstimateGasLimit,
  layer1Fee,
  legacyTiersFromHistory,
  networkFee,
  resolveGasLimit,
  selectFeeTier,
  tierPrice,
  tiersInGwei,
  weiToGwei,
} from './fees';

const G = 1_000_000_000n;
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof CoreError ? { code: e.code, params: e.params } : { error: String(e) };
  }
  return undefined;
};

describe('fee tiers from eth_feeHistory', () => {
  it('asks 3 blocks at percentiles 25/50/75', () => {
    expect(FEE_HISTORY_BLOCKS).toBe(3);
    expect(FEE_HISTORY_PERCENTILES).toEqual([25, 50, 75]);
  });

  it('averages each percentile over the blocks; maxFee = 2 × next base fee + priority', () => {
    const t = feeTiersFromHistory(
      {
        baseFeePerGas: [10n * G, 11n * G, 12n * G, 20n * G],
        reward: [
          [1n * G, 2n * G, 3n * G],
          [1n * G, 2n * G, 5n * G],
          [1n * G, 5n * G, 7n * G],
        ],
      },
      99n * G,
    );
    expect(t.source).toBe('feeHistory');
    expect(t.baseFeePerGas).toBe(20n * G);
    expect(t.tiers.low).toEqual({ type: 'eip1559', maxPriorityFeePerGas: 1n * G, maxFeePerGas: 41n * G });
    expect(t.tiers.medium).toEqual({ type: 'eip1559', maxPriorityFeePerGas: 3n * G, maxFeePerGas: 43n * G });
    expect(t.tiers.high).toEqual({ type: 'eip1559', maxPriorityFeePerGas: 5n * G, maxFeePerGas: 45n * G });
    expect(tiersInGwei(t)).toEqual({ high: 45, medium: 43, low: 41 });
  });

  it("falls back to the legacy gas price when all three tiers are 0 ('All empty')", () => {
    const t = feeTiersFromHistory(
      {
        baseFeePerGas: [7n, 7n, 7n, 7n],
        reward: [
          [0n, 0n, 0n],
          [0n, 0n, 0n],
          [0n, 0n, 0n],
        ],
      },
      2n * G,
    );
    expect(t.source).toBe('gasPrice');
    expect(t.tiers.high).toEqual({ type: 'legacy', gasPrice: 2n * G });
    expect(t.tiers.low).toEqual({ type: 'legacy', gasPrice: 2n * G });
  });

  it('uses the gas price when the node has no fee history or no rewards', () => {
    expect(feeTiersFromHistory(null, 5n).tiers.medium).toEqual({ type: 'legacy', gasPrice: 5n });
    expect(feeTiersFromHistory({ baseFeePerGas: [1n], reward: [] }, 5n).source).toBe('gasPrice');
  });

  it('one non-zero tier is enough to keep EIP-1559', () => {
    const t = feeTiersFromHistory({ baseFeePerGas: [1n, 1n], reward: [[0n, 0n, 3n]] }, 5n);
    expect(t.source).toBe('feeHistory');
    expect(t.tiers.low).toEqual({ type: 'eip1559', maxPriorityFeePerGas: 0n, maxFeePerGas: 2n });
  });
});

describe('BSC gas oracle', () => {
  it('maps Fast/Propose/Safe (Gwei text, fractional allowed) to high/medium/low', () => {
    const t = gasOracleTiers({ fast: '3.5', propose: '3', safe: '0.111829336' });
    expect(t.source).toBe('gasOracle');
    expect(t.tiers.high).toEqual({ type: 'legacy', gasPrice: 3_500_000_000n });
    expect(t.tiers.medium).toEqual({ type: 'legacy', gasPrice: 3n * G });
    expect(t.tiers.low).toEqual({ type: 'legacy', gasPrice: 111_829_336n });
  });

  it('defaults to 5 Gwei on failure or garbage', () => {
    for (const o of [null, { fast: 'x', propose: '1', safe: '1' }, { fast: '0', propose: '0', safe: '0' }]) {
      const t = gasOracleTiers(o);
      expect(t.source).toBe('fallback');
      expect(tiersInGwei(t)).toEqual({ high: 5, medium: 5, low: 5 });
    }
  });
});

describe('tier selection and Gwei', () => {
  const eip = feeTiersFromHistory(
    { baseFeePerGas: [10n * G, 10n * G], reward: [[1n * G, 2n * G, 3n * G]] },
    1n,
  );
  it('picks a tier by mode', () => {
    expect(selectFeeTier(eip, 'high')).toBe(eip.tiers.high);
    expect(selectFeeTier(eip, 'low')).toBe(eip.tiers.low);
  });
  it('Custom on EIP-1559: maxFee = custom, priority = medium capped at custom', () => {
    expect(selectFeeTier(eip, 'Custom', '30')).toEqual({
      type: 'eip1559',
      maxFeePerGas: 30n * G,
      maxPriorityFeePerGas: 2n * G,
    });
    expect(selectFeeTier(eip, 'Custom', 1.5)).toEqual({
      type: 'eip1559',
      maxFeePerGas: 1_500_000_000n,
      maxPriorityFeePerGas: 1_500_000_000n,
    });
  });
  it('Custom on a legacy chain is the gas price; Custom without a value throws', () => {
    expect(selectFeeTier(gasOracleTiers(null), 'Custom', '7')).toEqual({ type: 'legacy', gasPrice: 7n * G });
    expect(() => selectFeeTier(eip, 'Custom')).toThrow(RangeError);
  });
  it('converts Gwei and wei', () => {
    expect(gweiToWei('0.000000001')).toBe(1n);
    expect(weiToGwei(1_234_567_890n)).toBe(1.23456789);
    expect(tierPrice({ type: 'legacy', gasPrice: 3n })).toBe(3n);
  });
});

describe('gas limits', () => {
  it('uses the estimate; a coin never below 21000', () => {
    expect(resolveGasLimit('token', 51_234n)).toBe(51_234n);
    expect(resolveGasLimit('coin', 21_000n)).toBe(21_000n);
    expect(resolveGasLimit('coin', 20_000n)).toBe(21_000n);
    expect(resolveGasLimit('coin', 30_000n)).toBe(30_000n);
  });
  it('falls back to 21000 coin / 200000 token and NFT (25000 / 1200000 large)', () => {
    expect(resolveGasLimit('coin', null)).toBe(21_000n);
    expect(resolveGasLimit('token', undefined)).toBe(200_000n);
    expect(resolveGasLimit('nft', 0n)).toBe(200_000n);
    expect(resolveGasLimit('coin', null, { large: true })).toBe(25_000n);
    expect(resolveGasLimit('token', null, { large: true })).toBe(1_200_000n);
  });
  it('layer-1 estimate uses 100000 native / 30000 token', () => {
    expect(l1EstimateGasLimit('coin')).toBe(100_000n);
    expect(l1EstimateGasLimit('token')).toBe(30_000n);
    expect(l1EstimateGasLimit('nft')).toBe(30_000n);
  });
});

describe('layer-1 fee, send-all and balance rules', () => {
  it('multiplies the oracle fee by 1.25 (rounded up); none → 0', () => {
    expect(layer1Fee(1000n)).toBe(1250n);
    expect(layer1Fee(3n)).toBe(4n);
    expect(layer1Fee(0n)).toBe(0n);
    expect(layer1Fee(null)).toBe(0n);
  });
  it('network fee = price × gas', () => {
    expect(networkFee({ type: 'eip1559', maxFeePerGas: 3n, maxPriorityFeePerGas: 1n }, 21_000n)).toBe(
      63_000n,
    );
  });
  it('send-all = balance − fee − layer-1 fee', () => {
    expect(coinSendAmount({ balance: 1000n, fee: 100n, l1Fee: 25n, sendAll: true })).toBe(875n);
  });
  it('fee + layer-1 fee above the balance → evmFeeHigherThanBalance', () => {
    expect(code(() => coinSendAmount({ balance: 100n, fee: 90n, l1Fee: 20n, sendAll: true }))).toEqual({
      code: 'evmFeeHigherThanBalance',
      params: undefined,
    });
    expect(code(() => coinSendAmount({ balance: 100n, fee: 100n, l1Fee: 0n, sendAll: true }))?.code).toBe(
      'evmFeeHigherThanBalance',
    );
    expect(code(() => coinSendAmount({ balance: 100n, fee: 101n, l1Fee: 0n, amount: 1n }))?.code).toBe(
      'evmFeeHigherThanBalance',
    );
  });
  it('amount + fees above the balance → err-02; zero → invalidAmount', () => {
    expect(code(() => coinSendAmount({ balance: 100n, fee: 10n, l1Fee: 1n, amount: 90n }))?.code).toBe(
      'err-02',
    );
    expect(coinSendAmount({ balance: 100n, fee: 10n, l1Fee: 1n, amount: 89n })).toBe(89n);
    expect(code(() => coinSendAmount({ balance: 100n, fee: 10n, l1Fee: 0n, amount: 0n }))?.code).toBe(
      'invalidAmount',
    );
  });
  it('token send: err-36 (with the coin) when the coin cannot pay the fee; err-31 when the token balance is short', () => {
    const base = { coinBalance: 100n, tokenBalance: 50n, amount: 10n, fee: 90n, l1Fee: 0n, coin: 'BNB' };
    expect(code(() => checkTokenSend({ ...base, l1Fee: 11n }))).toEqual({
      code: 'err-36',
      params: { coin: 'BNB' },
    });
    expect(code(() => checkTokenSend({ ...base, amount: 51n }))?.code).toBe('err-31');
    expect(code(() => checkTokenSend(base))).toBeUndefined();
  });
});

describe('fee too high (err-28)', () => {
  const t = feeTiersFromHistory(
    { baseFeePerGas: [10n * G, 10n * G], reward: [[1n * G, 2n * G, 5n * G]] },
    1n,
  ); // high 25 Gwei
  it('above 3 × high on ETH/HME/XDC', () => {
    expect(isFeeTooHigh('ETH', 75n * G, t)).toBe(false);
    expect(isFeeTooHigh('ETH', 75n * G + 1n, t)).toBe(true);
    expect(isFeeTooHigh('XDC', 76n * G, t)).toBe(true);
    expect(isFeeTooHigh('HME', 76n * G, t)).toBe(true);
  });
  it('never on BSC', () => {
    expect(isFeeTooHigh('BSC', 1000n * G, gasOracleTiers(null))).toBe(false);
  });
});

describe('legacy network tiers (XDC, HME)', () => {
  it('the prices paid at 25/50/75 become low/medium/high gas prices, medium never below the node gas price', () => {
    const history = {
      baseFeePerGas: [0n, 0n],
      reward: [
        [10n * G, 12n * G, 20n * G],
        [12n * G, 14n * G, 22n * G],
      ],
    };
    expect(legacyTiersFromHistory(history, 1n * G).tiers).toEqual({
      low: { type: 'legacy', gasPrice: 11n * G },
      medium: { type: 'legacy', gasPrice: 13n * G },
      high: { type: 'legacy', gasPrice: 21n * G },
    });
    const t = legacyTiersFromHistory(history, 15n * G).tiers;
    expect([t.low, t.medium, t.high].map(tierPrice)).toEqual([11n * G, 15n * G, 21n * G]);
  });
  it('no history or all zero: the node gas price for every tier', () => {
    expect(legacyTiersFromHistory(null, 5n).tiers.high).toEqual({ type: 'legacy', gasPrice: 5n });
    expect(legacyTiersFromHistory({ baseFeePerGas: [0n], reward: [[0n, 0n, 0n]] }, 5n).tiers.low).toEqual({
      type: 'legacy',
      gasPrice: 5n,
    });
  });
});
