import { describe, expect, it } from 'vitest';
import {
  STAKE_PROCESS,
  UNSTAKE_PROCESS,
  aprText,
  payingHandle,
  stakeFormProblem,
  stakeModeOf,
  stakePlan,
} from './stake';

const FIO = 1_000_000_000n;

describe('FIO staking screen rules', () => {
  it("the title chooses the way: 'Stake Process' stakes, any other title unstakes", () => {
    expect(stakeModeOf(STAKE_PROCESS)).toBe('stake');
    expect(stakeModeOf(UNSTAKE_PROCESS)).toBe('unstake');
    expect(stakeModeOf('stake process')).toBe('unstake');
    expect(stakeModeOf('')).toBe('unstake');
  });

  it('an account that neither votes nor proxies proxies its vote before it stakes; unstaking is one action', () => {
    expect(stakePlan('stake', false)).toEqual(['proxyVote', 'stakeFioTokens']);
    expect(stakePlan('stake', true)).toEqual(['stakeFioTokens']);
    expect(stakePlan('unstake', false)).toEqual(['unStakeFioTokens']);
  });

  it("the paying handle has enough bundles, the 'secux' domain first; none has → '' (fees in FIO)", () => {
    const handles = [
      { handle: 'a@other', bundled: 50 },
      { handle: 'b@secux', bundled: 1 },
      { handle: 'c@secux', bundled: 3 },
    ];
    expect(payingHandle(handles, 1)).toBe('b@secux');
    expect(payingHandle(handles, 2)).toBe('c@secux');
    expect(payingHandle(handles, 4)).toBe('a@other');
    expect(payingHandle(handles, 51)).toBe('');
    expect(payingHandle([], 1)).toBe('');
  });

  it('staking is bounded by the available balance less the fees; unstaking by the staked balance', () => {
    const b = { available: 10n * FIO, staked: 3n * FIO };
    expect(stakeFormProblem('stake', '10', b, 0n)).toBeNull();
    expect(stakeFormProblem('stake', '10', b, 1n)).toBe('insufficient');
    expect(stakeFormProblem('stake', '9', b, FIO)).toBeNull();
    expect(stakeFormProblem('stake', '1', { available: 0n, staked: 0n }, FIO)).toBe('insufficient');
    expect(stakeFormProblem('unstake', '3', b, 0n)).toBeNull();
    expect(stakeFormProblem('unstake', '4', b, 0n)).toBe('insufficient');
    // The fee of an unstake is paid from the available balance.
    expect(stakeFormProblem('unstake', '3', { available: 0n, staked: 3n * FIO }, 1n)).toBe('insufficient');
    expect(stakeFormProblem('stake', '05', b, 0n)).toBe('leadingZero');
    expect(stakeFormProblem('stake', '5.', b, 0n)).toBe('trailingNonDigit');
    expect(stakeFormProblem('stake', '', b, 0n)).toBe('invalid');
  });

  it('the APR shows 2 decimals in the interface language; no APR stays null', () => {
    expect(aprText(12.345678, 'en')).toBe('12.35%');
    expect(aprText(7, 'en')).toBe('7.00%');
    expect(aprText(12.5, 'pt')).toMatch(/^12,50\s?%$/);
    expect(aprText(null, 'en')).toBeNull();
    expect(aprText(Number.NaN, 'en')).toBeNull();
  });
});
