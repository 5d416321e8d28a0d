import { describe, expect, it } from 'vitest';
import { simulationVerdict, type BalanceDelta, type SimulationResult } from './simulation';

const sol = (who: BalanceDelta['who'], amount: bigint): BalanceDelta => ({
  who,
  asset: 'SOL',
  symbol: 'SOL',
  decimals: 9,
  amount,
});
const usdc = (who: BalanceDelta['who'], amount: bigint): BalanceDelta => ({
  who,
  asset: 'MintUSDC',
  symbol: 'USDC',
  decimals: 6,
  amount,
});
const ok = (deltas: BalanceDelta[], expected: BalanceDelta[]): SimulationResult => ({
  kind: 'ok',
  deltas,
  fee: 5000n,
  expected,
});

describe('simulationVerdict', () => {
  it('lets the signature go when every change is what was built, and when the chain cannot simulate', () => {
    const d = [sol('self', -2_044_280n), usdc('self', -5_000_000n), usdc('recipient', 5_000_000n)];
    expect(simulationVerdict(ok(d, d))).toEqual({ blocked: false });
    expect(simulationVerdict({ kind: 'unavailable' })).toEqual({ blocked: false });
  });

  it("blocks with the chain's reason when it refuses the transaction", () => {
    expect(simulationVerdict({ kind: 'failed', reason: 'InsufficientFundsForFee' })).toEqual({
      blocked: true,
      reason: 'failed',
      detail: 'InsufficientFundsForFee',
    });
  });

  it("blocks when the sender's coin change is not −(amount + fee)", () => {
    const v = simulationVerdict(ok([sol('self', -1_010_000n)], [sol('self', -1_005_000n)]));
    expect(v).toEqual({
      blocked: true,
      reason: 'mismatch',
      expected: sol('self', -1_005_000n),
      actual: -1_010_000n,
    });
  });

  it('blocks when an expected change is missing, or the sender loses an asset the build did not name', () => {
    expect(
      simulationVerdict(ok([sol('self', -5000n)], [sol('self', -5000n), usdc('recipient', 1n)])),
    ).toMatchObject({
      blocked: true,
      expected: usdc('recipient', 1n),
      actual: 0n,
    });
    expect(
      simulationVerdict(ok([sol('self', -5000n), usdc('self', -7n)], [sol('self', -5000n)])),
    ).toMatchObject({
      blocked: true,
      expected: usdc('self', 0n),
      actual: -7n,
    });
  });

  it('adds up several changes of one party and asset before comparing', () => {
    expect(
      simulationVerdict(ok([sol('self', -5000n), sol('self', -2_039_280n)], [sol('self', -2_044_280n)])),
    ).toEqual({ blocked: false });
  });
});
