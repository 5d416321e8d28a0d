import { describe, expect, it } from 'vitest';
import type { Operation } from '@secux-companion/chain-common';
import { checkSpeedUpFee, originalFeeRate, rbfMinimum, speedUpKindFor, suggestedRange } from './speedUpRules';

const tiers = { high: 30, medium: 20, low: 10 };
// Where speed-up is offered is the adapter's capability (chain-bitcoin: BTC, TBTC, the local regtest).
const btc = { adapter: { capabilities: { speedUp: true } } };
const ltcMain = { adapter: { capabilities: { speedUp: false } } };

function op(p: Partial<Operation>): Operation {
  return {
    hash: 'h',
    time: 1,
    blockHeight: null,
    direction: 'out',
    value: 1000n,
    fee: 2260n,
    senders: [
      {
        address: 'own1',
        value: 5000n,
        isOwn: true,
        path: "m/84'/0'/0'/0/0",
        prevout: { txid: 'p', vout: 1 },
      },
    ],
    recipients: [
      { address: 'other', value: 1000n, isOwn: false, index: 0 },
      { address: 'own2', value: 1740n, isOwn: true, index: 1, path: "m/84'/0'/0'/1/2" },
    ],
    isOwnTransaction: true,
    rbf: true,
    vsize: 226,
    ...p,
  };
}

describe('speed up', () => {
  it('RBF for an own pending outgoing transaction, CPFP for an incoming one, nothing when confirmed', () => {
    expect(speedUpKindFor(op({}), btc, 'V20')).toBe('rbf');
    expect(
      speedUpKindFor(
        op({
          direction: 'in',
          senders: [{ address: 'x', value: 9n, isOwn: false }],
          isOwnTransaction: false,
        }),
        btc,
        'V20',
      ),
    ).toBe('cpfp');
    expect(speedUpKindFor(op({ blockHeight: 100 }), btc, 'V20')).toBeNull();
  });
  it('no RBF on C20 (CPFP on its change instead)', () => {
    expect(speedUpKindFor(op({}), btc, 'C20')).toBe('cpfp');
  });
  it('a transaction that does not signal RBF gets CPFP', () => {
    expect(speedUpKindFor(op({ rbf: false }), btc, 'V20')).toBe('cpfp');
  });
  it("offered only where the adapter's capabilities say speedUp", () => {
    expect(speedUpKindFor(op({}), ltcMain, 'V20')).toBeNull();
    expect(speedUpKindFor(op({ direction: 'in', isOwnTransaction: false }), ltcMain, 'V20')).toBeNull();
  });
  it('fee formulas: RBF minimum = original rate + network rate; suggested range rounded up', () => {
    expect(originalFeeRate(op({}))).toBe(10);
    expect(rbfMinimum(op({}), 20)).toBe(30);
    expect(suggestedRange(tiers, 10)).toEqual({ min: 15, max: 20 });
    expect(suggestedRange(tiers, 11)).toEqual({ min: 16, max: 21 });
  });
  it('fee input: integers only, too low hints with the minimum, zero blocks Next without an error', () => {
    expect(checkSpeedUpFee('rbf', '30', 30, tiers)).toEqual({ ok: true, rate: 30 });
    expect(checkSpeedUpFee('rbf', '29', 30, tiers)).toEqual({ ok: false, blank: false, tooLow: 30 });
    expect(checkSpeedUpFee('rbf', '0', 30, tiers)).toEqual({ ok: false, blank: true });
    expect(checkSpeedUpFee('rbf', '30.5', 30, tiers)).toMatchObject({ ok: false, issue: { code: 'err-22' } });
    expect(checkSpeedUpFee('cpfp', '9', 10, tiers)).toEqual({ ok: false, blank: false, tooLow: 10 });
    expect(checkSpeedUpFee('cpfp', '10', 10, tiers)).toEqual({ ok: true, rate: 10 });
  });
});
