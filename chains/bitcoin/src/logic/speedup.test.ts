import { describe, expect, it } from 'vitest';
import { Transaction } from 'bitcoinjs-lib';
import { CoreError, cpfpFeeRate } from '@secux-companion/core';
import { buildSend, type BuildContext } from './build';
import { AccountKeys } from './derive';
import { finalizeSigned } from './finalize';
import { NETWORKS } from './networks';
import { RbfFeeTooLowError, buildCpfp, buildRbf, chooseSpeedUp, paidFeeRate, rbfFeeFloor } from './speedup';
import type { UtxoTx } from './types';
import { toOperation } from './history';
import { accountXpub } from '../test-keys';
import { fundedUtxo, signPlan } from '../test-sign';

const PATH = "m/84'/0'/2'";
const keys = new AccountKeys(NETWORKS.BTC, accountXpub(PATH), 84, PATH);
const EXTERNAL = '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA';
const own = (i: number) => ({ ...fundedUtxo(`${PATH}/0/${i}`, 'p2wpkh', 0n), address: keys.receive(i).address });

function ctxWith(values: bigint[]): BuildContext {
  return {
    network: NETWORKS.BTC,
    keys,
    rng: () => 0.2,
    utxos: values.map((v, i) => ({ ...fundedUtxo(`${PATH}/0/${i}`, 'p2wpkh', v), address: keys.receive(i).address })),
  };
}

/** Builds, signs and turns a send into the pending UtxoTx the history would show. */
function pendingSend(ctx: BuildContext, amount: bigint, feeRate: number): UtxoTx {
  const built = buildSend(ctx, { recipient: EXTERNAL, amount, feeRate });
  const final = finalizeSigned(built.unsigned, signPlan(built.unsigned));
  return {
    hash: final.hash,
    blockHeight: null,
    time: null,
    vsize: final.vsize,
    fee: final.fee,
    rbf: true,
    inputs: built.unsigned.inputs.map((u) => ({ txid: u.txid, vout: u.vout, value: u.value, address: u.address, isOwn: true, path: u.path })),
    outputs: built.unsigned.outputs.map((o, vout) => ({
      vout,
      value: o.value,
      address: o.address,
      isOwn: o.isChange,
      ...(o.path ? { path: o.path } : {}),
    })),
  };
}

describe('chooseSpeedUp', () => {
  const ownAddr = keys.receive(0).address;
  const tx = (height: number | null, from: string, to: string) => ({
    blockHeight: height,
    inputs: [{ address: from }],
    outputs: [{ address: to }],
  });
  it('rbf for own pending outgoing, cpfp for incoming, null when confirmed or foreign', () => {
    expect(chooseSpeedUp(tx(null, ownAddr, EXTERNAL), [ownAddr], 'W20')).toBe('rbf');
    expect(chooseSpeedUp(tx(null, EXTERNAL, ownAddr), [ownAddr], 'W20')).toBe('cpfp');
    expect(chooseSpeedUp(tx(800_000, ownAddr, EXTERNAL), [ownAddr], 'W20')).toBeNull();
    expect(chooseSpeedUp(tx(null, EXTERNAL, EXTERNAL), [ownAddr], 'W20')).toBeNull();
    expect(chooseSpeedUp(tx(null, ownAddr, EXTERNAL), new Set([ownAddr]), 'W20', { chain: 'LTC' })).toBeNull();
  });
  it('C20 has no RBF: outgoing with change falls back to CPFP, without own output to null', () => {
    expect(chooseSpeedUp(tx(null, ownAddr, EXTERNAL), [ownAddr], 'C20')).toBeNull();
    const withChange = { blockHeight: null, inputs: [{ address: ownAddr }], outputs: [{ address: EXTERNAL }, { address: ownAddr }] };
    expect(chooseSpeedUp(withChange, [ownAddr], 'C20')).toBe('cpfp');
  });
  it('accepts a common Operation (senders / recipients)', () => {
    const ctx = ctxWith([100_000n]);
    const op = toOperation(pendingSend(ctx, 30_000n, 2));
    expect(op.direction).toBe('out');
    expect(op.value).toBe(30_000n);
    expect(chooseSpeedUp(op, [ctx.utxos[0]!.address], 'W10')).toBe('rbf');
  });
});

describe('RBF', () => {
  it('same inputs, same recipient and amount, higher fee from the change, BIP-125 sequence', () => {
    const ctx = ctxWith([100_000n, 50_000n]);
    const original = pendingSend(ctx, 60_000n, 3);
    const floor = rbfFeeFloor(original, 5);
    expect(floor).toBe(paidFeeRate(original) + 5);
    expect(() => buildRbf({ ...ctx, utxos: [] }, original, { feeRate: floor - 1, networkFeeRate: 5 })).toThrow(RbfFeeTooLowError);

    const built = buildRbf({ ...ctx, utxos: ctx.utxos.slice(1) }, original, { feeRate: floor, networkFeeRate: 5 });
    const plan = built.unsigned;
    expect(plan.kind).toBe('rbf');
    expect(plan.relatedTx).toBe(original.hash);
    expect(plan.inputs.map((u) => `${u.txid}:${u.vout}`)).toEqual(original.inputs.map((i) => `${i.txid}:${i.vout}`));
    expect(plan.outputs[0]).toMatchObject({ address: EXTERNAL, value: 60_000n });
    expect(plan.outputs[1]!.path).toBe(original.outputs[1]!.path); // keeps the change address
    expect(plan.fee).toBeGreaterThan(original.fee);
    expect(built.signRequest.options.isRBF).toBe(true);

    const raw = signPlan(plan);
    const final = finalizeSigned(plan, raw);
    expect(Transaction.fromHex(raw).ins.every((i) => i.sequence === 0xfffffffd)).toBe(true);
    expect(Number(final.fee) / final.vsize).toBeGreaterThanOrEqual(floor);
    // BIP-125 rule 4: pays at least the original fee + its own relay cost
    expect(final.fee - original.fee).toBeGreaterThanOrEqual(BigInt(final.vsize));
  });

  it("adds confirmed outputs when the change cannot pay; none left → 'No more utxo for RBF'", () => {
    const ctx = ctxWith([61_000n, 80_000n]);
    const original = pendingSend({ ...ctx, utxos: ctx.utxos.slice(0, 1) }, 60_000n, 1);
    // original: 61,000 → 60,000 + fee (no change possible) … no more outputs
    let code = '';
    try {
      buildRbf({ ...ctx, utxos: [] }, original, { feeRate: 20, networkFeeRate: 10 });
    } catch (e) {
      code = (e as CoreError).code;
    }
    expect(code).toBe('noMoreUtxoForRbf');
    const built = buildRbf({ ...ctx, utxos: ctx.utxos.slice(1) }, original, { feeRate: 20, networkFeeRate: 10 });
    expect(built.unsigned.inputs).toHaveLength(2);
    expect(finalizeSigned(built.unsigned, signPlan(built.unsigned)).fee).toBe(built.unsigned.fee);
  });
});

describe('CPFP', () => {
  it('spends the own outputs of the pending parent with core’s child fee rate', () => {
    const ctx = ctxWith([100_000n]);
    const parent = pendingSend(ctx, 30_000n, 1);
    const recipient = keys.receive(7).address;
    const built = buildCpfp(ctx, parent, { recipient, targetFeeRate: 20 });
    const plan = built.unsigned;
    expect(plan.kind).toBe('cpfp');
    expect(plan.inputs).toHaveLength(1);
    expect(plan.inputs[0]).toMatchObject({ txid: parent.hash, vout: 1, height: null });
    expect(plan.outputs).toHaveLength(1);
    const expectedRate = cpfpFeeRate({ targetFeeRate: 20, parentFee: Number(parent.fee), parentVsize: parent.vsize, childVsize: plan.vsize });
    expect(plan.feeRate).toBe(expectedRate);
    expect(plan.fee).toBe(BigInt(expectedRate * plan.vsize));
    const final = finalizeSigned(plan, signPlan(plan));
    // the package (parent + child) pays at least the target rate
    expect(Number(parent.fee + final.fee) / (parent.vsize + final.vsize)).toBeGreaterThanOrEqual(20);
  });

  it("needs a recipient and a 546-satoshi output", () => {
    const ctx = ctxWith([100_000n]);
    const parent = pendingSend(ctx, 30_000n, 1);
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return (e as CoreError).code;
      }
      return 'none';
    };
    expect(code(() => buildCpfp(ctx, parent, { recipient: ' ', targetFeeRate: 20 }))).toBe('recipientMissing');
    expect(code(() => buildCpfp(ctx, parent, { recipient: keys.receive(1).address, targetFeeRate: 600 }))).toBe(
      'insufficientBalanceCpfp',
    );
    const foreign = { ...parent, outputs: parent.outputs.map((o) => ({ ...o, isOwn: false })) };
    expect(code(() => buildCpfp(ctx, foreign, { recipient: keys.receive(1).address, targetFeeRate: 5 }))).toBe(
      'insufficientBalanceCpfp',
    );
  });
});

describe('history normalisation', () => {
  it('in / out / self directions and values', () => {
    const base: UtxoTx = { hash: 'h', blockHeight: 5, time: 1, vsize: 100, fee: 200n, rbf: false, inputs: [], outputs: [] };
    const a = own(0).address;
    const incoming = toOperation({ ...base, inputs: [{ txid: 't', vout: 0, value: 1000n, address: EXTERNAL, isOwn: false }], outputs: [{ vout: 0, value: 800n, address: a, isOwn: true }] });
    expect(incoming).toMatchObject({ direction: 'in', value: 800n, isOwnTransaction: false, fee: 200n });
    const self = toOperation({ ...base, inputs: [{ txid: 't', vout: 0, value: 1000n, address: a, isOwn: true }], outputs: [{ vout: 0, value: 800n, address: a, isOwn: true }] });
    expect(self).toMatchObject({ direction: 'self', value: 0n, isOwnTransaction: true });
  });
});
