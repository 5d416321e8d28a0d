import { describe, expect, it } from 'vitest';
import { Transaction } from 'bitcoinjs-lib';
import { CoreError, type Bip } from '@secux-companion/core';
import { buildSend, missingPrevTxids, toSignRequest, type BuildContext } from './build';
import { AccountKeys, outputTypeOfBip } from './derive';
import { finalizeSigned, SignedTransactionMismatchError } from './finalize';
import { NETWORKS, SECUX_COIN, SECUX_SCRIPT, type NetworkId } from './networks';
import { ALL_MNEMONIC, accountXpub } from '../test-keys';
import { fundedUtxo, signPlan } from '../test-sign';

const RECIPIENT = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'; // m/84'/0'/0'/0/0 of the test mnemonic
const fixedRng = (r: number) => () => r;

function context(bip: Bip, values: bigint[], options: { net?: NetworkId; coin?: number; rng?: number; pending?: bigint[] } = {}): BuildContext {
  const net = NETWORKS[options.net ?? 'BTC'];
  const path = `m/${bip}'/${options.coin ?? 0}'/1'`;
  const keys = new AccountKeys(net, accountXpub(path), bip, path);
  const type = outputTypeOfBip(bip);
  const utxos = [
    ...values.map((v, i) => ({ ...fundedUtxo(`${path}/0/${i}`, type, v), address: keys.receive(i).address })),
    ...(options.pending ?? []).map((v, i) => ({
      ...fundedUtxo(`${path}/0/${10 + i}`, type, v, { height: null }),
      address: keys.receive(10 + i).address,
    })),
  ];
  return { network: net, keys, utxos, rng: fixedRng(options.rng ?? 0.5) };
}

function coreError(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof CoreError) return e.code;
    throw e;
  }
  throw new Error('did not throw');
}

describe('buildSend → sign (bitcoinjs, test mnemonic) → finalize', () => {
  it.each([44, 49, 84, 86] as const)('bip %i: valid transaction, exact fee, change at m/…/1/i', (bip) => {
    const ctx = context(bip, [40_000n, 250_000n, 90_000n], { rng: 0.61 });
    const built = buildSend(ctx, { recipient: RECIPIENT, amount: 200_000n, feeRate: 12 });
    const plan = built.unsigned;
    // fewest inputs: the 250k output alone pays 200k + fee with change
    expect(plan.inputs.map((u) => u.value)).toEqual([250_000n]);
    expect(plan.outputs).toHaveLength(2);
    const change = plan.outputs[1]!;
    expect(change.isChange).toBe(true);
    expect(change.path).toBe(`m/${bip}'/0'/1'/1/3`); // floor(0.61 × 5) = 3
    expect(change.address).toBe(ctx.keys.change(3).address);
    expect(plan.fee).toBe(BigInt(plan.vsize * 12));
    expect(change.value).toBe(250_000n - 200_000n - plan.fee);

    const raw = signPlan(plan);
    const final = finalizeSigned(plan, raw);
    const tx = Transaction.fromHex(raw);
    expect(final.hash).toBe(tx.getId());
    expect(final.fee).toBe(plan.fee);
    // the estimate is an upper bound, tight to a few vbytes
    expect(final.vsize).toBeLessThanOrEqual(plan.vsize);
    expect(plan.vsize - final.vsize).toBeLessThanOrEqual(2);
    expect(Number(final.fee) / final.vsize).toBeGreaterThanOrEqual(12);
    // BIP-125 signalling on BTC
    expect(tx.ins.every((i) => i.sequence === 0xfffffffd)).toBe(true);
    expect(built.review).toMatchObject({ recipient: RECIPIENT, amount: 200_000n, fee: plan.fee, total: 200_000n + plan.fee });
  });

  it('multi-input send signs and validates (mixed values, several inputs needed)', () => {
    const ctx = context(84, [30_000n, 25_000n, 20_000n, 10_000n]);
    const built = buildSend(ctx, { recipient: '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA', amount: 60_000n, feeRate: 5 });
    expect(built.unsigned.inputs.map((u) => u.value)).toEqual([30_000n, 25_000n, 20_000n]);
    const final = finalizeSigned(built.unsigned, signPlan(built.unsigned));
    expect(final.fee).toBe(built.unsigned.fee);
    expect(final.vsize).toBeLessThanOrEqual(built.unsigned.vsize);
  });

  it('local Litecoin regtest: rltc addresses, device sees the ltc1 form of the same script; sends signal RBF', () => {
    const ctx = context(84, [5_000_000n], { net: 'LTC_REGTEST', coin: 2 });
    const recipient = new AccountKeys(NETWORKS.LTC_REGTEST, accountXpub("m/84'/2'/0'", ALL_MNEMONIC), 84, "m/84'/2'/0'").receive(0).address;
    expect(recipient).toMatch(/^rltc1q/);
    const built = buildSend(ctx, { recipient, amount: 1_000_000n, feeRate: 2 });
    expect(built.signRequest.options).toEqual({ coin: SECUX_COIN.LITECOIN, isRBF: true });
    const to = built.signRequest.outputs.to as { address: string };
    expect(to.address).toMatch(/^ltc1q/);
    expect(to.address.slice(4, 40)).not.toBe('');
    const final = finalizeSigned(built.unsigned, signPlan(built.unsigned));
    expect(final.fee).toBe(built.unsigned.fee);
    expect(built.unsigned.rbf).toBe(true);
  });

  it('finalize rejects a transaction that differs from the plan', () => {
    const ctx = context(84, [100_000n]);
    const built = buildSend(ctx, { recipient: RECIPIENT, amount: 50_000n, feeRate: 3 });
    const tx = Transaction.fromHex(signPlan(built.unsigned));
    tx.outs[1]!.value -= 1000n; // e.g. an SDK "fee adjustment" of the change
    expect(() => finalizeSigned(built.unsigned, tx.toHex())).toThrow(SignedTransactionMismatchError);
    expect(() => finalizeSigned(built.unsigned, 'zz')).toThrow(SignedTransactionMismatchError);
  });
});

describe('device payload', () => {
  it('inputs carry path, SecuX script type, public key and (legacy) the previous tx', () => {
    const ctx = context(44, [80_000n]);
    const built = buildSend(ctx, { recipient: RECIPIENT, amount: 20_000n, feeRate: 4 });
    const [input] = built.signRequest.inputs;
    expect(input).toMatchObject({ vout: 0, satoshis: 80_000, path: "m/44'/0'/1'/0/0", script: SECUX_SCRIPT.P2PKH });
    expect(input!.txHex).toBe(ctx.utxos[0]!.txHex);
    expect(input!.publickey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(built.signRequest.outputs.to).toEqual({ address: RECIPIENT, satoshis: 20_000 });
    expect(built.signRequest.outputs.utxo).toMatchObject({ path: "m/44'/0'/1'/1/2", script: SECUX_SCRIPT.P2PKH });
    expect(built.signRequest.options).toEqual({ coin: SECUX_COIN.BITCOIN, isRBF: true });
    expect(missingPrevTxids(ctx.network, [{ ...ctx.utxos[0]!, txHex: undefined }])).toEqual([ctx.utxos[0]!.txid]);
  });

  it.each([
    [49, SECUX_SCRIPT.P2SH_P2WPKH],
    [84, SECUX_SCRIPT.P2WPKH],
    [86, SECUX_SCRIPT.P2TR],
  ] as const)('bip %i → script %i, no previous tx for segwit inputs', (bip, script) => {
    const ctx = context(bip, [80_000n]);
    const req = buildSend(ctx, { recipient: RECIPIENT, amount: 20_000n, feeRate: 4 }).signRequest;
    expect(req.inputs[0]!.script).toBe(script);
    expect(req.inputs[0]!.txHex).toBeUndefined();
    expect(req.outputs.utxo!.script).toBe(script);
    expect(missingPrevTxids(ctx.network, ctx.utxos)).toEqual([]);
  });

  it('the device signs one recipient and one change output', () => {
    const ctx = context(84, [80_000n]);
    const plan = buildSend(ctx, { recipient: RECIPIENT, amount: 20_000n, feeRate: 4 }).unsigned;
    expect(() => toSignRequest(ctx.network, { ...plan, outputs: [...plan.outputs, plan.outputs[0]!] })).toThrow(/one recipient/);
  });
});

describe('send rules', () => {
  const ctx = context(84, [10_000n, 5_000n], { pending: [1_000_000n] });

  it('recipient and amount are required', () => {
    expect(coreError(() => buildSend(ctx, { recipient: '', amount: 1000n, feeRate: 1 }))).toBe('amountOrRecipientMissing');
    expect(coreError(() => buildSend(ctx, { recipient: RECIPIENT, feeRate: 1 }))).toBe('amountOrRecipientMissing');
  });

  it('invalid and unsupported recipients', () => {
    expect(coreError(() => buildSend(ctx, { recipient: 'bc1qxxxx', amount: 1000n, feeRate: 1 }))).toBe('invalidAddress');
    const ltc = context(44, [100_000n], { net: 'LTC', coin: 2 });
    expect(
      coreError(() => buildSend(ltc, { recipient: 'ltc1qg82tz8vq3x5l6xa7k9zyj0e2ycm6lk2nthqf9t', amount: 1000n, feeRate: 1 })),
    ).toMatch(/invalidAddress|addressNotSupported/);
  });

  it('amount below 546 is err-32; fee rate above 1,000,000 is rejected', () => {
    expect(coreError(() => buildSend(ctx, { recipient: RECIPIENT, amount: 545n, feeRate: 1 }))).toBe('err-32');
    expect(coreError(() => buildSend(ctx, { recipient: RECIPIENT, amount: 1000n, feeRate: 1_000_001 }))).toBe('btcFeeTooHigh');
    expect(() => buildSend(ctx, { recipient: RECIPIENT, amount: 1000n, feeRate: 0 })).toThrow(RangeError);
  });

  it('never spends pending outputs', () => {
    // 15,000 confirmed; the 1,000,000 pending output is not usable
    expect(coreError(() => buildSend(ctx, { recipient: RECIPIENT, amount: 100_000n, feeRate: 1 }))).toBe('insufficientBalance');
    const ok = buildSend(ctx, { recipient: RECIPIENT, amount: 12_000n, feeRate: 1 });
    expect(ok.unsigned.inputs.every((u) => u.height !== null)).toBe(true);
  });

  it("change below 546 → 'Insufficient account balance (546)'", () => {
    // 15,000 − 14,000 − fee(2 in, 2 out ≈ 209 vB at 2) ≈ 582 … at 3 sat/vB the change would be < 546
    expect(coreError(() => buildSend(ctx, { recipient: RECIPIENT, amount: 14_000n, feeRate: 3 }))).toBe('insufficientBalanceDust');
  });

  it('send-all: amount = balance − fee, one output; remainder must be ≥ 546', () => {
    const built = buildSend(ctx, { recipient: RECIPIENT, sendAll: true, feeRate: 2 });
    const plan = built.unsigned;
    expect(plan.outputs).toHaveLength(1);
    expect(plan.inputs).toHaveLength(2);
    expect(plan.outputs[0]!.value).toBe(15_000n - plan.fee);
    expect(finalizeSigned(plan, signPlan(plan)).fee).toBe(plan.fee);
    expect(coreError(() => buildSend(ctx, { recipient: RECIPIENT, sendAll: true, feeRate: 82 }))).toBe('insufficientBalanceDust');
  });
});
