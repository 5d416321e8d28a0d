import { describe, expect, it } from 'vitest';
import { CoreError } from '@secux-companion/core';
import { selectCoins, usableUtxos } from './coinselect';
import { estimateVsize } from './vsize';

type U = { txid: string; vout: number; value: bigint; type: 'p2wpkh' | 'p2pkh' | 'p2tr' | 'p2sh'; height: number | null };
const u = (value: number, i: number, type: U['type'] = 'p2wpkh', height: number | null = 1): U => ({
  txid: `t${i}`,
  vout: 0,
  value: BigInt(value),
  type,
  height,
});
const base = { recipientScriptLength: 22, changeType: 'p2wpkh' as const };
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CoreError) return e.code;
    throw e;
  }
  return 'none';
};

describe('vsize estimation', () => {
  it('matches the usual figures', () => {
    expect(estimateVsize(['p2pkh'], [25, 25])).toBe(226); // classic 1-in 2-out legacy
    expect(estimateVsize(['p2wpkh'], [22, 22])).toBe(141);
    expect(estimateVsize(['p2tr'], [34, 34])).toBe(155); // 154.25 → 155 (65-byte sig)
    expect(estimateVsize(['p2sh'], [23, 23])).toBe(166); // 165.5 → 166
  });
});

describe('selectCoins', () => {
  it('takes the fewest inputs by effective value and keeps change ≥ 546', () => {
    const s = selectCoins({ ...base, utxos: [u(5_000, 0), u(70_000, 1), u(30_000, 2), u(40_000, 3)], amount: 60_000n, feeRate: 10 });
    expect(s.inputs.map((x) => x.value)).toEqual([70_000n]);
    expect(s.fee).toBe(BigInt(estimateVsize(['p2wpkh'], [22, 22]) * 10));
    expect(s.change).toBe(70_000n - 60_000n - s.fee);
  });

  it('skips inputs worth less than their own fee', () => {
    const s = selectCoins({ ...base, utxos: [u(600, 0), u(600, 1), u(20_000, 2)], amount: 10_000n, feeRate: 10 });
    expect(s.inputs).toHaveLength(1);
    expect(code(() => selectCoins({ ...base, utxos: [u(600, 0), u(600, 1)], amount: 546n, feeRate: 10 }))).toBe('insufficientBalance');
  });

  it('adds an input when the change would be dust; exact match goes change-less', () => {
    const one = estimateVsize(['p2wpkh'], [22]);
    // exact: value = amount + fee without change
    const exact = selectCoins({ ...base, utxos: [u(10_000 + one * 2, 0)], amount: 10_000n, feeRate: 2 });
    expect(exact.change).toBe(0n);
    expect(exact.fee).toBe(BigInt(one * 2));
    // change would be 100 sats → take the second output as well
    const two = selectCoins({ ...base, utxos: [u(10_000 + 141 * 2 + 100, 0), u(3_000, 1)], amount: 10_000n, feeRate: 2 });
    expect(two.inputs).toHaveLength(2);
    expect(two.change).toBeGreaterThanOrEqual(546n);
  });

  it("'(546)' when amount + fee is payable but not a 546 change; otherwise 'Insufficient account balance'", () => {
    expect(code(() => selectCoins({ ...base, utxos: [u(10_000 + 141 * 2 + 100, 0)], amount: 10_000n, feeRate: 2 }))).toBe(
      'insufficientBalanceDust',
    );
    expect(code(() => selectCoins({ ...base, utxos: [u(10_000, 0)], amount: 10_000n, feeRate: 2 }))).toBe('insufficientBalance');
    expect(code(() => selectCoins({ ...base, utxos: [], amount: 10_000n, feeRate: 2 }))).toBe('insufficientBalance');
  });

  it('never spends unconfirmed outputs; usableUtxos drops outputs spent by pending transactions', () => {
    const utxos = [u(100_000, 0, 'p2wpkh', null), u(20_000, 1), u(30_000, 2)];
    expect(code(() => selectCoins({ ...base, utxos, amount: 60_000n, feeRate: 1 }))).toBe('insufficientBalance');
    const usable = usableUtxos(utxos, [{ blockHeight: null, inputs: [{ txid: 't2', vout: 0, value: 1n, address: '', isOwn: true }] }]);
    expect(usable.map((x) => x.txid)).toEqual(['t1']);
  });

  it('send-all spends every confirmed output into one output', () => {
    const s = selectCoins({ ...base, utxos: [u(10_000, 0), u(20_000, 1, 'p2pkh'), u(5, 2, 'p2wpkh', null)], amount: 0n, feeRate: 3, sendAll: true });
    expect(s.inputs).toHaveLength(2);
    expect(s.change).toBe(0n);
    expect(s.fee).toBe(BigInt(estimateVsize(['p2wpkh', 'p2pkh'], [22]) * 3));
    expect(s.amount).toBe(30_000n - s.fee);
  });

  it('uses a change-less selection only when it costs less than the change solution', () => {
    const noChange = estimateVsize(['p2wpkh'], [22]); // 110
    const near = 50_000 + noChange * 10 + 40; // 40 sats would go to the miner instead of 310 for a change output
    const s = selectCoins({ ...base, utxos: [u(1_000_000, 0), u(near, 1)], amount: 50_000n, feeRate: 10 });
    expect(s.inputs.map((x) => x.value)).toEqual([BigInt(near)]);
    expect(s.change).toBe(0n);
    expect(s.fee).toBe(BigInt(noChange * 10 + 40));
    const far = 50_000 + noChange * 10 + 400; // leaving 400 costs more than a change output
    const t = selectCoins({ ...base, utxos: [u(1_000_000, 0), u(far, 1)], amount: 50_000n, feeRate: 10 });
    expect(t.change).toBeGreaterThan(0n);
    expect(t.fee).toBe(BigInt(estimateVsize(['p2wpkh'], [22, 22]) * 10));
  });

  it('fee rounding follows core (rate × vsize, half up) for fractional rates', () => {
    const s = selectCoins({ ...base, utxos: [u(100_000, 0)], amount: 10_000n, feeRate: 1.5 });
    expect(s.fee).toBe(BigInt(Math.round(141 * 1.5)));
  });
});
