import { describe, expect, it } from 'vitest';
import {
  TRON_FEE_LIMIT,
  burnSentence,
  tronCosts,
  withinFeeLimit,
  type TronChainParams,
  type TronResources,
} from './costs';

const params: TronChainParams = {
  bandwidthPrice: 1000n,
  energyPrice: 100n,
  createAccountFee: 100_000n,
  createNewAccountFeeInSystemContract: 1_000_000n,
};
const res = (o: Partial<TronResources> = {}): TronResources => ({
  freeNetLimit: 600n,
  freeNetUsed: 0n,
  netLimit: 0n,
  netUsed: 0n,
  energyLimit: 0n,
  energyUsed: 0n,
  ...o,
});

describe('TRON costs from the chain parameters', () => {
  it('a transfer within the free daily bandwidth burns nothing', () => {
    const c = tronCosts({ bytes: 200, energy: 0n, activates: false, resources: res(), params });
    expect(c.bandwidth).toBe(264n);
    expect(c.total).toBe(0n);
  });
  it('when the allowance is used up the whole size is burned at the bandwidth price', () => {
    const c = tronCosts({
      bytes: 200,
      energy: 0n,
      activates: false,
      resources: res({ freeNetUsed: 400n }),
      params,
    });
    expect(c.bandwidthBurn).toBe(264n * 1000n);
    const p2 = { ...params, bandwidthPrice: 2000n };
    expect(
      tronCosts({
        bytes: 200,
        energy: 0n,
        activates: false,
        resources: res({ freeNetUsed: 400n }),
        params: p2,
      }).total,
    ).toBe(528_000n);
  });
  it('staked bandwidth pays before the allowance', () => {
    const c = tronCosts({
      bytes: 200,
      energy: 0n,
      activates: false,
      resources: res({ freeNetUsed: 600n, netLimit: 1000n }),
      params,
    });
    expect(c.total).toBe(0n);
  });
  it('activating a recipient costs the create-account fee plus the system contract fee', () => {
    const c = tronCosts({ bytes: 200, energy: 0n, activates: true, resources: res(), params });
    expect(c.activationFee).toBe(1_100_000n);
    expect(c.bandwidthBurn).toBe(0n);
    const changed = { ...params, createNewAccountFeeInSystemContract: 500_000n };
    expect(
      tronCosts({ bytes: 200, energy: 0n, activates: true, resources: res(), params: changed }).total,
    ).toBe(600_000n);
  });
  it('energy the account lacks is burned at the energy price', () => {
    const none = tronCosts({
      bytes: 345,
      energy: 65_000n,
      activates: false,
      resources: res({ freeNetUsed: 600n }),
      params,
    });
    expect(none.energyBurn).toBe(6_500_000n);
    expect(none.total).toBe(6_500_000n + 409n * 1000n);
    const some = tronCosts({
      bytes: 345,
      energy: 65_000n,
      activates: false,
      resources: res({ energyLimit: 50_000n, energyUsed: 10_000n }),
      params,
    });
    expect(some.energyAvailable).toBe(40_000n);
    expect(some.energyBurn).toBe(2_500_000n);
    const enough = tronCosts({
      bytes: 345,
      energy: 65_000n,
      activates: false,
      resources: res({ energyLimit: 100_000n }),
      params,
    });
    expect(enough.total).toBe(0n);
  });
  it('a burn above the 40 TRX fee limit is not within it', () => {
    expect(TRON_FEE_LIMIT).toBe(40_000_000n);
    const c = tronCosts({
      bytes: 345,
      energy: 130_000n,
      activates: false,
      resources: res(),
      params: { ...params, energyPrice: 420n },
    });
    expect(c.energyBurn).toBe(54_600_000n);
    expect(withinFeeLimit(c)).toBe(false);
    expect(
      withinFeeLimit(tronCosts({ bytes: 345, energy: 130_000n, activates: false, resources: res(), params })),
    ).toBe(true);
  });
  it('the review sentence says what is burned and why', () => {
    const c = tronCosts({
      bytes: 345,
      energy: 65_000n,
      activates: false,
      resources: res({ energyLimit: 15_000n }),
      params,
    });
    expect(burnSentence(c)).toBe('This send burns about 5 TRX because the account has 15000 energy.');
  });
});
