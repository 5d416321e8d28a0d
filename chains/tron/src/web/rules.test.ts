import { tronCosts } from '@secux-companion/chain-tron';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { burnSentenceText, creationFeeIssue, tronDeleteIssue } from './rules';

const t = ((key: string, p?: Record<string, unknown>) =>
  `${key} ${JSON.stringify(p ?? {})}`) as unknown as TFunction;
const params = {
  bandwidthPrice: 1000n,
  energyPrice: 100n,
  createAccountFee: 100_000n,
  createNewAccountFeeInSystemContract: 1_000_000n,
};
const res = {
  freeNetLimit: 600n,
  freeNetUsed: 600n,
  netLimit: 0n,
  netUsed: 0n,
  energyLimit: 35_000n,
  energyUsed: 0n,
};

describe('TRON screen rules', () => {
  it('an account with TRX, history or tokens cannot be deleted', () => {
    expect(tronDeleteIssue({ balance: 1n, txCount: 0 })).toEqual({ code: 'cannotDeleteActiveAccount' });
    expect(tronDeleteIssue({ balance: 0n, txCount: 1 })?.code).toBe('err-11');
    expect(tronDeleteIssue({ balance: 0n, txCount: 0 }, 1)?.code).toBe('err-11');
    expect(tronDeleteIssue({ balance: 0n, txCount: 0 })).toBeUndefined();
  });
  it("err-39 when TRX cannot cover a new recipient's creation fee; none for an existing recipient", () => {
    expect(creationFeeIssue(1_099_999n, 1_100_000n)).toEqual({ code: 'err-39', params: { coin: 'TRX' } });
    expect(creationFeeIssue(1_100_000n, 1_100_000n)).toBeUndefined();
    expect(creationFeeIssue(0n, undefined)).toBeUndefined();
  });
  it('the review sentence carries the burn and the account energy, or says nothing is burned', () => {
    const c = tronCosts({ bytes: 345, energy: 65_000n, activates: false, resources: res, params });
    expect(burnSentenceText(t, c)).toBe(
      'tron.review.burnSentence {"burn":"3.409","energy":"35000","needed":"65000"}',
    );
    const free = tronCosts({
      bytes: 200,
      energy: 0n,
      activates: false,
      resources: { ...res, freeNetUsed: 0n },
      params,
    });
    expect(burnSentenceText(t, free)).toBe('tron.review.burnsNothing {"energy":"35000"}');
  });
});
